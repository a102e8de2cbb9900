"""English: "Thursday 19 February", "8:30 pm", "dinner from 7 pm to 10:30 pm"."""

from __future__ import annotations

import datetime as dt
from typing import Sequence

from concierge.domain.booking import Booking
from concierge.speech.base import Phrases
from concierge.speech.names import MONTHS, WEEKDAYS

_VENUE = {"restaurant": "The restaurant", "clinic": "The practice", "venue": "The venue"}
_BOOKING = {"restaurant": "Booking", "clinic": "Appointment", "venue": "Booking"}


class English(Phrases):
    locale = "en"
    range_names = {
        "lunch": "lunch",
        "dinner": "dinner",
        "breakfast": "breakfast",
        "brunch": "brunch",
        "morning": "morning",
        "afternoon": "afternoon",
        "evening": "evening",
    }
    sentences = {
        "nearest_intro": "Closest times:",
        "no_alternatives": "There are no other free times that day.",
        "available": "Available.",
        "past_date": "That date has already passed.",
        "past_time": "That time has already passed.",
        "duplicate": "There is already a booking with these details.",
        "booking_not_found": "I can't find that booking.",
        "no_table": "There are no tables for that time.",
        "provider_unavailable": "The booking system can't be reached right now.",
        "provider_error": "There was a technical problem with the booking system.",
        "not_in_openings": "That time is not available.",
        "cutoff": "That time is too close to closing.",
        "slot_full": "We are fully booked at that time.",
        "outside_hours": "That time is outside our opening hours.",
    }

    def day_label(self, day: dt.date) -> str:
        return f"{WEEKDAYS['en'][day.weekday()]} {day.day} {MONTHS['en'][day.month - 1]}"

    def time_human(self, hhmm: str) -> str:
        hour, minute = int(hhmm[:2]), int(hhmm[3:])
        if minute == 0 and hour in (0, 12):
            return "midnight" if hour == 0 else "noon"
        suffix = "am" if hour < 12 else "pm"
        h12 = hour % 12 or 12
        return f"{h12} {suffix}" if minute == 0 else f"{h12}:{minute:02d} {suffix}"

    def _at(self, hhmm: str) -> str:
        return f"at {self.time_human(hhmm)}"

    def range_value(self, open_: str, close: str) -> str:
        return f"{self.time_human(open_)} to {self.time_human(close)}"

    def range_phrase(self, name: str, open_: str, close: str) -> str:
        return f"{self.range_name(name)} from {self.range_value(open_, close)}"

    def join_and(self, parts: Sequence[str]) -> str:
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]

    def opening_hours(self, ranges) -> str:
        return f"Opening hours: {self.hours_phrase(ranges)}."

    def closed(self, day, weekly_closure, next_day, next_ranges) -> str:
        when = WEEKDAYS["en"][day.weekday()] if weekly_closure else self.day_label(day)
        text = f"{_VENUE[self.kind]} is closed on {when}."
        if next_day is not None:
            text += f" The next opening day is {self.day_label(next_day)}, with {self.hours_phrase(next_ranges)}."
        return text

    def full(self, nearest) -> str:
        lead = (
            "No table is available at that time."
            if self.kind == "restaurant"
            else "There is no availability at that time."
        )
        return self.with_nearest(lead, nearest)

    def weekday_mismatch(self, day, expected_weekday, corrected) -> str:
        name = WEEKDAYS["en"][expected_weekday]
        return (
            f"The date {day.isoformat()} is {self.day_label(day)}, not {name}. "
            f"The next {name} is {self.day_label(corrected)}."
        )

    def said_weekday_mismatch(self, day, said_weekday, nearest) -> str:
        name = WEEKDAYS["en"][said_weekday]
        return f"{self.day_label(day)} is not a {name}. The nearest {name} is {self.day_label(nearest)}."

    def no_such_date(self, day, month) -> str:
        return f"There is no {day} {MONTHS['en'][month - 1]}."

    def _people(self, n: int) -> str:
        return "1 person" if n == 1 else f"{n} people"

    def booking_confirmed(self, booking: Booking) -> str:
        party = "" if self.kind == "clinic" else f", {self._people(booking.people)}"
        return (
            f"{_BOOKING[self.kind]} confirmed for {self.day_label(booking.day)} {self._at(booking.time)}"
            f"{party}, under the name {booking.name}."
        )

    def booking_modified(self, booking: Booking, people_changed: bool) -> str:
        party = f", {self._people(booking.people)}" if people_changed else ""
        return f"{_BOOKING[self.kind]} changed: {self.day_label(booking.day)} {self._at(booking.time)}{party}."

    def booking_cancelled(self) -> str:
        return f"{_BOOKING[self.kind]} cancelled."

    def bookings_found(self, bookings) -> str:
        if not bookings:
            return "I found no bookings for this number."
        items = ", ".join(f"{self.day_label(b.day)} {self._at(b.time)}" for b in bookings)
        count = "1 booking" if len(bookings) == 1 else f"{len(bookings)} bookings"
        return f"I found {count}: {items}."

    def max_people(self, limit: int) -> str:
        return f"Online bookings are limited to {self._people(limit)}."
