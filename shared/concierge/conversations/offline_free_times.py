"""The free times the offline agent offers: read once a turn, nearest the time asked (on the next days when a
day has none), on a bound's side, and the sentence that says them against what was asked."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from concierge.conversations.offline_turn import OfflineTurn, ddmmyyyy
from concierge.domain.openings import range_open_at
from concierge.domain.venue import OpeningRange, minutes

MAX_OPTIONS = 4
LOOKAHEAD_DAYS = 7


class FreeTimes(OfflineTurn):
    """The free times a turn reads (each day's once) and offers: the booking and the moves share them."""

    def free_times(self, day: dt.date) -> list[str]:
        """The day's free times (for the party said, at a restaurant), later than now today; read once a turn."""
        if day.isoformat() in self._free:
            return self._free[day.isoformat()]
        params: dict[str, Any] = {"startDate": ddmmyyyy(day), "endDate": ddmmyyyy(day)}
        people = self.slots.get("people") or (self.mem.get("target") or {}).get("people")
        if people and not self.venue.is_clinic:
            params["people"] = people  # free times bookable for this party
        result = self.tool("get_available_slots", params)
        days = (result.get("days") or []) if result.get("success") else []
        free = [t for d in days if d.get("date") == ddmmyyyy(day) for t in d.get("freeSlots") or []]
        free = [t for t in free if not self.gone(day, t)]
        self._free[day.isoformat()] = free
        return free

    def gone(self, day: dt.date, time: str) -> bool:
        """Whether `time` on `day` is over: today, and no later than now ("aujourd'hui à 9h" at 10:00)."""
        return day == self.now.date() and minutes(time) <= self.now.hour * 60 + self.now.minute

    def nearest(self, day: dt.date, time: str | None) -> tuple[dt.date, list[str]]:
        """Free times on `day` near `time` (or the first of the day), else on the next days with any."""
        for offset in range(LOOKAHEAD_DAYS):
            candidate = day + dt.timedelta(days=offset)
            if offset and not self.venue.ranges_on(candidate):
                continue
            free = self.free_times(candidate) if self.venue.ranges_on(candidate) else []
            if free:
                return candidate, nearest_to(free, time)
        return day, []

    def on_side(
        self, day: dt.date, free: list[str], around: str | None, bound: str | None
    ) -> tuple[list[str], str | None]:
        """ "After 8pm", "avant midi": the free times of `day` on the `bound`'s side of `around`, and the bound;
        `free` and no bound when it has none there."""
        if not (bound and around):
            return free, None
        side = [t for t in self.free_times(day) if (t >= around if bound == "after" else t <= around)]
        return (nearest_to(side, around), bound) if side else (free, None)

    def day_hours(self, day: dt.date) -> str:
        """ "We are open on Saturday 28 November: lunch from … and dinner from …" (an open day)."""
        ranges = self.venue.ranges_on(day)
        return self.words.say("hours.day", day=self.day_words(day), hours=self.phrases.hours_phrase(ranges))

    def free_in_part(self, day: dt.date, part: list[str] | tuple[str, str]) -> list[str]:
        """The day's free times within a part of it (`part`: its first and end times, "18:00", "23:00")."""
        return [t for t in self.free_times(day) if part[0] <= t < part[1]]

    def in_its_service(self, day: dt.date, time: str, times: list[str]) -> list[str]:
        """Those of `times` in the opening range `time` is in (dinner's, for a dinner time), or all of them when
        none is (or `time` is in none)."""
        opening = range_open_at(self.venue, dt.datetime.combine(day, dt.time.fromisoformat(time)))
        same = [t for t in times if opening and opening.open_min <= minutes(t) < opening.close_min]
        return same or times

    def edge_time(self, day: dt.date, edge: frozenset[str], part: list[str] | None = None) -> str | None:
        """The day's first free time ("earliest" in `edge`) or its last, if it has any: in the `part` of the day
        said ("saturday evening" - "the earliest"), when that part has any."""
        free = (self.free_in_part(day, part) if part else []) or self.free_times(day)
        return (free[0] if "earliest" in edge else free[-1]) if free else None

    def times_sentence(
        self,
        day: dt.date,
        offered_day: dt.date,
        free: list[str],
        time: str | None,
        around: str | None,
        part: tuple[str, str] | None = None,
        bound: str | None = None,
    ) -> str:
        """The free times offered, said against what was asked: `time` not free, a time `around`, or none;
        on another day when `day` has none (closed that day, or full); on the `bound`'s side ("after" or
        "before" `around`); after the day's hours when what was asked is outside them ("Sunday at 8pm" where
        Sunday is lunch only, "domani a pranzo" on a dinner-only day)."""
        times = ", ".join(self.time_words(t) for t in free)
        if not free:
            return self.words.say("none_free", day=self.day_words(day))
        ranges = self.venue.ranges_on(day)
        if offered_day != day:
            why = "closed_day" if not ranges else "full_day"  # the other day's times follow: no question
            return f"{self.words.say(why, day=self.day_words(day))} " + self.words.say(
                "free_on", day=self.day_words(offered_day), times=times
            )
        asked = time or (around if bound is None else None)  # "avant midi" bounds the times, asks for none
        if (asked and not any(r.open <= asked < r.close for r in ranges)) or (part and closed_in(ranges, part)):
            return f"{self.day_hours(day)} {self.words.say('free_times', times=times)}"
        if time is not None and self.gone(day, time):
            return f"{self.words.say('past')} {self.words.say('free_on', day=self.day_words(day), times=times)}"
        if time is not None:
            return self.words.say("free_near", time=self.time_words(time), day=self.day_words(day), times=times)
        if around is not None and bound is not None:  # "after 8pm": "Free times from 8 pm on Saturday…"
            return self.words.say(f"free_{bound}", time=self.time_words(around), day=self.day_words(day), times=times)
        if around is not None:
            return self.words.say("free_around", time=self.time_words(around), day=self.day_words(day), times=times)
        return self.words.say("free_on", day=self.day_words(day), times=times)


def nearest_to(times: list[str], centre: str | None) -> list[str]:
    """The `MAX_OPTIONS` of `times` nearest `centre` (the first ones, with none), in time order."""
    if centre is not None:
        times = sorted(times, key=lambda t: abs(minutes(t) - minutes(centre)))
    return sorted(times[:MAX_OPTIONS])


def closed_in(ranges: Sequence[OpeningRange], part: Sequence[str]) -> bool:
    """Whether a day's opening `ranges` leave a part of it (its first and end times) closed throughout."""
    return not any(r.open < part[1] and part[0] < r.close for r in ranges)
