"""What every locale must be able to say. Each language is one subclass in its own module."""

from __future__ import annotations

import datetime as dt
from abc import ABC, abstractmethod
from typing import Sequence

from concierge.domain.booking import Booking
from concierge.domain.venue import OpeningRange


class Phrases(ABC):
    """Ready-to-say phrases for one locale and one kind of venue (restaurant, clinic, venue)."""

    locale: str
    range_names: dict[str, str] = {}
    # Fixed sentences by key, one set per language: see the methods that read them below.
    sentences: dict[str, str] = {}

    def __init__(self, venue_kind: str = "restaurant") -> None:
        self.kind = venue_kind

    # --- building blocks -------------------------------------------------------------
    @abstractmethod
    def day_label(self, day: dt.date) -> str: ...

    year_joiner = " "  # between a day and its year: "Saturday 20 November 2027"

    def day_label_from(self, day: dt.date, today: dt.date) -> str:
        """The day's label, with its year when that is not `today`'s: a "20 November" said on the 26th is
        next year's, and the customer hears it."""
        label = self.day_label(day)
        return label if day.year == today.year else f"{label}{self.year_joiner}{day.year}"

    @abstractmethod
    def time_human(self, hhmm: str) -> str: ...

    @abstractmethod
    def range_value(self, open_: str, close: str) -> str:
        """A range as next_open_ranges shows it, e.g. "19 alle 22 e 30"."""

    @abstractmethod
    def range_phrase(self, name: str, open_: str, close: str) -> str:
        """A named range inside a sentence, e.g. "cena dalle 19 alle 22 e 30"."""

    def range_name(self, name: str) -> str:
        return self.range_names.get(name, name)

    def hours_phrase(self, ranges: Sequence[OpeningRange]) -> str:
        parts = [self.range_phrase(r.name, r.open, r.close) for r in ranges]
        return self.join_and(parts)

    @abstractmethod
    def join_and(self, parts: Sequence[str]) -> str: ...

    @abstractmethod
    def _people(self, n: int) -> str: ...

    def party(self, people: int) -> str:
        """A party size with its noun, as a label shows it ("4 persone")."""
        return self._people(people)

    def times_list(self, times: Sequence[str]) -> str:
        return ", ".join(self.time_human(t) for t in times)

    def with_nearest(self, sentence: str, nearest: Sequence[str]) -> str:
        if nearest:
            return f"{sentence} {self.nearest_intro()} {self.times_list(nearest)}."
        return f"{sentence} {self.no_alternatives()}"

    # --- messages: fixed sentences ---------------------------------------------------------
    def nearest_intro(self) -> str:
        return self.sentences["nearest_intro"]

    def no_alternatives(self) -> str:
        return self.sentences["no_alternatives"]

    def available(self) -> str:
        return self.sentences["available"]

    def past_date(self) -> str:
        return self.sentences["past_date"]

    def past_time(self) -> str:
        return self.sentences["past_time"]

    def duplicate(self) -> str:
        return self.sentences["duplicate"]

    def booking_not_found(self) -> str:
        return self.sentences["booking_not_found"]

    def no_table(self) -> str:
        return self.sentences["no_table"]

    def provider_unavailable(self) -> str:
        return self.sentences["provider_unavailable"]

    def provider_error(self) -> str:
        return self.sentences["provider_error"]

    # --- messages: a refusal followed by the nearest free times -------------------------------
    def not_in_openings(self, nearest: Sequence[str]) -> str:
        return self.with_nearest(self.sentences["not_in_openings"], nearest)

    def cutoff(self, nearest: Sequence[str]) -> str:
        return self.with_nearest(self.sentences["cutoff"], nearest)

    def slot_full(self, nearest: Sequence[str]) -> str:
        return self.with_nearest(self.sentences["slot_full"], nearest)

    def outside_hours(self, nearest: Sequence[str]) -> str:
        return self.with_nearest(self.sentences["outside_hours"], nearest)

    # --- messages: built from the booking, the venue's kind and the calendar ----------------------
    @abstractmethod
    def opening_hours(self, ranges: Sequence[OpeningRange]) -> str: ...

    @abstractmethod
    def closed(
        self, day: dt.date, weekly_closure: bool, next_day: dt.date | None, next_ranges: Sequence[OpeningRange]
    ) -> str: ...

    @abstractmethod
    def full(self, nearest: Sequence[str]) -> str: ...

    @abstractmethod
    def weekday_mismatch(self, day: dt.date, expected_weekday: int, corrected: dt.date) -> str: ...

    @abstractmethod
    def said_weekday_mismatch(self, day: dt.date, said_weekday: int, nearest: dt.date) -> str:
        """A caller named a weekday and a date that disagree; `nearest` is that weekday nearest the date."""

    @abstractmethod
    def no_such_date(self, day: int, month: int) -> str:
        """A caller named a day its month never has ("31 November")."""

    @abstractmethod
    def booking_confirmed(self, booking: Booking) -> str: ...

    @abstractmethod
    def booking_modified(self, booking: Booking, people_changed: bool) -> str: ...

    @abstractmethod
    def booking_cancelled(self) -> str: ...

    @abstractmethod
    def bookings_found(self, bookings: Sequence[Booking]) -> str: ...

    @abstractmethod
    def max_people(self, limit: int) -> str: ...
