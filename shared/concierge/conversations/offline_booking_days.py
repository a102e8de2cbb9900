"""The day a booking is for, as the booking flow works it out: the one of two said that is open, the first or
last free time of a day (or of next week), a week's first day serving a part of the day, and the days a weekday
said may mean."""

from __future__ import annotations

import datetime as dt

from concierge.conversations.offline_free_times import FreeTimes
from concierge.conversations.readings import Reading
from concierge.domain.openings import next_open_day
from concierge.domain.venue import minutes
from concierge.parsing.day_parts import range_in_part


class BookingDays(FreeTimes):
    def next_monday(self) -> dt.date:
        return self.now.date() + dt.timedelta(days=7 - self.now.weekday())

    def first_with_part(self, first: dt.date, week_of: dt.date, part: str) -> dt.date:
        """The first day of the week from `first` open in that part of the day ("a pranzo": Friday's lunch, the
        Monday serving dinner only), else `first`."""
        days = (first + dt.timedelta(days=n) for n in range((week_of + dt.timedelta(days=7) - first).days))
        return next((day for day in days if range_in_part(self.venue.ranges_on(day), part)), first)

    def open_one_of_two(self, day: dt.date, reading: Reading, notes: list[str]) -> dt.date:
        """The day booked of two offered ("tonight or tomorrow", "vendredi, sinon dimanche"): the first, or the
        second when the first is closed and it is open (said so, and that it is the next open day)."""
        otherwise = reading.day_else
        if otherwise is None or self.venue.ranges_on(day) or not self.venue.ranges_on(otherwise):
            return day
        notes.append(self.words.say("closed_day", day=self.day_words(day)))
        if next_open_day(self.venue, day) == otherwise:  # not when its free times follow: they say it (`offer`)
            notes.append(self.words.say("closed_day.next", day=self.day_words(otherwise)))
        self.slots["day"] = otherwise.isoformat()
        return otherwise

    def edge_of_day(self, day: dt.date | None, edge: frozenset[str]) -> dt.date | None:
        """ "The latest you have", "as early as possible": the free times around the day's last or first
        are offered; with no day, the earliest is the first free time from now."""
        if day is None and "earliest" in edge:
            first_day, first_free = self.nearest(self.now.date(), None)
            day = first_day if first_free else None
        if day is not None and (near := self.edge_time(day, edge, self.slots.get("part"))) is not None:
            bound = "after" if "earliest" in edge else "before"  # "Free times from noon on…", "…until 10 pm on…"
            self.slots.update(day=day.isoformat(), near=near, bound=bound, part=None)
            self.slots.pop("time", None)
        return day

    def open_day_choices(self, reading: Reading) -> list[dt.date]:
        """The days a day said may mean that are open and not over (the time said, if any, still ahead)."""
        now = self.now
        time = self.slots.get("time")

        def possible(day: dt.date) -> bool:
            if day == now.date() and time is not None and minutes(time) <= now.hour * 60 + now.minute:
                return False
            return bool(self.venue.ranges_on(day))

        return sorted(day for day in reading.day_choices if possible(day))

    def today_open_at(self, time: str) -> bool:
        return minutes(time) > self.now.hour * 60 + self.now.minute and self.open_then(self.now.date(), time)
