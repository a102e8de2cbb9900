"""The offline agent's reading of an answer against what was just listed: a time offered, picked by its
place, its hour or a yes, left to the venue or narrowed to a part of its day; a day asked between; one of
the customer's bookings, picked by its place or its month."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from concierge.conversations.message_words import BREAK, MONTH_WORDS, NEXT_WORDS, WEEKDAY_WORDS, time_tokens
from concierge.conversations.offered_places import any_picked, place_picked
from concierge.conversations.listed_bookings import month_picked
from concierge.conversations.offline_questions import QuestionsFlow
from concierge.conversations.readings import Reading
from concierge.domain.venue import minutes
from concierge.parsing.calendar_dates import nearest_weekday
from concierge.tools.faq import normalise

# A question of which time, asked while the booking's time is: "what time can we come?", "à quelle heure c'est
# possible ?", "a che ora si può?", "que horas tem?"
_WHICH_TIME = re.compile(
    r"\b(?:what|which) times?\b|\bquelle heure\b|\bquels? horaires?\b|\b(?:che|quale) ora\b|\bque horas?\b"
)


class PicksFlow(QuestionsFlow):
    """What an answer picks from the list the last answer gave."""

    def against_what_was_listed(
        self, reading: Reading, offered: dict[str, Any] | None, theirs: list[dict[str, Any]] | None = None
    ) -> Reading:
        """The message read against what was just listed: a time `offered` picked by its place ("the first
        one": not the 1st), left to the venue ("whichever") or a part of its day ("evening"); one of the days
        asked between ("Saturday 12 or Sunday 13?" - "Saturday"); one of the customer's bookings listed to
        pick from, or just listed (`theirs`: "the second one", "the December one"; "cancel the second one"); a part of
        the day of the booking asked for ("Tuesday" - "morning")."""
        text, mem = self.turn.text, self.mem
        if offered and text:
            listed = [(offered["day"], t) for t in offered["times"]]
            times, around = offered["times"], offered.get("around")
            picked = self._picked(listed, text, any_will_do=times.index(around) if around in times else 0)
            # "8 please" to 7:30-8:15 pm: 8 pm, before a party of 8 (not "alle 20 e 30", "verso le 8 e mezza": its
            # minutes are said)
            said = reading.time or reading.time_near
            on_the_hour = not said or said.endswith(":00")
            hour = self._hour_offered(offered, text) if on_the_hour else None
            reading = (
                picked or hour or self._yes_to_around(offered, reading) or self._soonest(offered, reading) or reading
            )
            self._weekday_offered(reading, dt.date.fromisoformat(offered["day"]))
            another = (reading.day or reading.time_near) and not reading.time  # "mardi matin", "8ish"
            if self.part_of_the_day_under_way(reading, offered["day"]) or another:
                reading.intents.add("availability")  # "something in the evening?", "mardi matin": those free times
                self._as_offered(reading, offered)
            self.offer_kept(offered, reading)
        elif (asked := mem.pop("day_asked", None)) and text:
            days = [dt.date.fromisoformat(day) for day in asked]
            reading = self._day_picked(days, reading, place_picked(normalise(text)))
            if mem.pop("day_asked_free", False):
                reading.intents.add("availability")  # "any availability this weekend?" - "Saturday": its free times
        elif mem.get("flow") in ("cancel", "move") and not mem.get("target") and mem.get("choices") and text:
            listed = [(c["day"], c["time"]) for c in mem["choices"]]
            in_month = month_picked(listed, text)  # "the December one"
            on_weekday = [(day, time) for day, time in listed if self._weekday_of(reading, day)]  # "celui de mardi"
            named = in_month or (on_weekday[0] if len(on_weekday) == 1 else None)
            named_reading = Reading(day=dt.date.fromisoformat(named[0]), time=named[1]) if named else None
            reading = self._picked(listed, text) or named_reading or reading
        elif theirs and text and {"cancel", "move"} & reading.intents:  # "cancel the second one": its day and time
            if picked := self._picked([(c["day"], c["time"]) for c in theirs], text, acting=True):
                reading.day, reading.time = picked.day, picked.time
        elif mem.get("flow") == "book":
            self._weekday_of_a_far_day(reading)
            # "mardi" - "le matin": that day's morning; "at 1pm" - "actually the evening": its times (`_taken`)
            self.part_of_the_day_under_way(reading, self.slots.get("day"))
            if text and not self.slots.get("time") and any_picked(normalise(text)):
                reading.intents.add("availability")  # "what time?" - "tanto faz": the day's free times
            which_time = self.asked_a_question and _WHICH_TIME.search(normalise(text or ""))
            if which_time and not (reading.time or self.slots.get("time")) and "hours" not in reading.intents:
                reading.intents.add("availability")  # "demain" - "à quelle heure c'est possible ?": its free times
        return reading

    def _as_offered(self, reading: Reading, offered: dict[str, Any]) -> None:
        """Another day said alone to free times offered ("saturday?", "what about friday?"): its times around
        the same time, or in the same part of the day, as those."""
        if reading.day is None or reading.day.isoformat() == offered["day"] or reading.part or reading.time_near:
            return
        reading.time_near = offered.get("around")
        if self.slots.get("part"):
            reading.part = tuple(self.slots["part"])

    def _weekday_of(self, reading: Reading, day: str) -> bool:
        """Whether the message names `day` by its weekday alone ("the Tuesday one", "celui de mardi")."""
        said = reading.day
        return said is not None and self.weekday_alone() and dt.date.fromisoformat(day).weekday() == said.weekday()

    @staticmethod
    def _hour_offered(offered: dict[str, Any], text: str) -> Reading | None:
        """One of the times offered, said by its hour in a short answer ("va bene le 21", "ok 21", "le 16"):
        that time, not the 21st of the month (a month or a weekday said makes it a day)."""
        tokens = [token for token in time_tokens(text) if token != BREAK]
        if len(tokens) > 5 or (MONTH_WORDS | WEEKDAY_WORDS).intersection(tokens):
            return None
        hours = {int(token) for token in tokens if token.isdigit() and int(token) <= 23}
        said = [t for t in offered["times"] if int(t[:2]) in hours and t.endswith(":00")]
        said += [t for t in offered["times"] if int(t[:2]) - 12 in hours and t.endswith(":00")]  # "8": 20:00
        if len(said) != 1:
            return None
        return Reading(day=dt.date.fromisoformat(offered["day"]), time=said[0])

    @staticmethod
    def _yes_to_around(offered: dict[str, Any], reading: Reading) -> Reading | None:
        """ "Yes" to "Free times around 8 pm: 7:30, 7:45, 8, 8:15": 8 pm, the time they are around; to times
        offered near one that was not free ("7:50 pm isn't available", "alle 22 e 30"), the nearest of them
        (the earlier of two as near), to be confirmed."""
        said = offered.get("around") or offered.get("asked")
        if "yes" not in reading.intents or reading.details or said is None or not offered["times"]:
            return None
        nearest = min(offered["times"], key=lambda time: (abs(minutes(time) - minutes(said)), time))
        return Reading(day=dt.date.fromisoformat(offered["day"]), time=nearest)

    def _weekday_offered(self, reading: Reading, offered: dt.date) -> None:
        """A weekday said alone to times offered is the one nearest their day, not the coming one ("closed on
        Monday 30; free times on Tuesday 1 December" - "Tuesday then": the 1st; Saturday 12 December's times -
        "sabato alle 20": the 12th, "domenica": the 13th)."""
        if reading.day and self.weekday_alone():
            reading.day = nearest_weekday(offered, reading.day.weekday(), self.now.date())
            reading.day_choices = ()

    def _weekday_of_a_far_day(self, reading: Reading) -> None:
        """A weekday said alone of a booking whose day is a week away or more is the one nearest that day ("dans
        deux semaines" - "le mardi": the Tuesday of that week, not the coming one; "the 5th of December" -
        "actually Sunday": the 6th); "next Tuesday" is still the next."""
        held = self.slots.get("day")
        if not (reading.day and held and self.weekday_alone()) or NEXT_WORDS.intersection(self.folded.split()):
            return
        day, today = dt.date.fromisoformat(held), self.now.date()
        if day - today >= dt.timedelta(weeks=1):
            reading.day = nearest_weekday(day, reading.day.weekday(), today)
            reading.day_choices = ()

    @staticmethod
    def _soonest(offered: dict[str, Any], reading: Reading) -> Reading | None:
        """ "As soon as possible", "maintenant" to times offered from the start of a day or from a time (not
        around one): the first of them."""
        around = offered.get("around") and offered.get("bound") != "after"
        if not {"earliest", "now"} & reading.intents or reading.details or around:
            return None
        return Reading(day=dt.date.fromisoformat(offered["day"]), time=offered["times"][0])

    @staticmethod
    def _picked(
        listed: list[tuple[str, str]], text: str, any_will_do: int | None = None, acting: bool = False
    ) -> Reading | None:
        """The day and time of those just listed that the message picks by its place ("la seconda", "the
        last one"; `acting`, with the verb before: "cancel the second one"); of times offered (not bookings),
        the one at `any_will_do` when any will do ("whichever")."""
        anyone = any_will_do is not None and any_picked(normalise(text))
        place = any_will_do if anyone else place_picked(normalise(text), acting)
        if place is None or not -len(listed) <= place < len(listed):
            return None
        day, time = listed[place]
        return Reading(day=dt.date.fromisoformat(day), time=time)

    @staticmethod
    def _day_picked(asked: list[dt.date], reading: Reading, place: int | None) -> Reading:
        """The reading, its day the one of the days just asked about that the day said names, by its date or
        its weekday ("Saturday" to "Saturday 12 December or Sunday 13 December?"), or that the answer picks
        by its `place` ("the first one", "le plus tard"). An answer with no day ("10h", a name, "le matin")
        keeps the question: the days asked about that are still possible are read as said."""
        if place is not None and -len(asked) <= place < len(asked):
            return Reading(day=asked[place])  # "the later one", "le plus tard": that day, no later times
        said = reading.day_choices or ((reading.day,) if reading.day else ())
        if not said and (reading.time or reading.name or reading.people or reading.part_named):
            reading.day_choices = tuple(asked)
            return reading
        picked = {day for day in asked if day in said} or {
            day for day in asked if any(day.weekday() == other.weekday() for other in said)
        }
        if len(picked) == 1:
            reading.day, reading.day_choices = picked.pop(), ()
        return reading
