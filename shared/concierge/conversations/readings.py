"""What a chat message says, as the offline agent reads it (`understanding.read_message`): its intents and
the booking details in it."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field


@dataclass
class Reading:
    intents: set[str] = field(default_factory=set)
    day: dt.date | None = None
    time: str | None = None  # "HH:MM"
    people: int | None = None
    phone: str | None = None  # E.164
    bad_phone: bool = False
    name: str | None = None
    care_type: str | None = None
    care_assumed: bool = False  # the care is a consultation because a complaint was said, none named
    reason: str | None = None
    part: tuple[str, str] | None = None  # the part of the day said, within the venue's hours ("domani sera")
    part_named: str | None = None  # a part of the day said without a day ("evening"): one of `PARTS`
    day_choices: tuple[dt.date, ...] = ()  # a day said that may mean several ("giovedì" on a Thursday)
    time_near: str | None = None  # the time an approximate one is near ("verso le 20"), when no exact one
    day_from: dt.date | None = None  # a move's first day said ("from Friday to Saturday"): the booking's
    time_from: str | None = None  # a move's first time said ("from 7 to 8", "my 7pm booking to 9"): the booking's
    days_named: tuple[dt.date, ...] = ()  # two days said together in a cancellation or of hours ("Friday and Saturday")
    shift: int | None = None  # minutes a booking's time moves by ("half an hour later": 30, "same time": 0)
    bound: str | None = None  # "after" or "before" the time near ("after 8pm", "avant midi")
    made_it: int | None = None  # the number read as an hour after "make it" ("make it 3"): maybe a party
    week_of: dt.date | None = None  # the Monday of a week said by one of its days ("la semaine du 7 décembre")
    no_such_date: tuple[int, int] | None = None  # (day, month) of a date said that does not exist: "31 November"
    past_day: dt.date | None = None  # a date said that has passed: "20/11/2026" on the 23rd
    party_change: int | None = None  # people added (or, negative, taken away): "2 more people", "una in meno"
    for_someone: bool | None = None  # True: the booking is for another ("pour mon fils"), a patient's own name
    day_else: dt.date | None = None  # the second of two days offered ("tonight or tomorrow"): if the first is closed
    time_else: str | None = None  # the second of two times offered ("at 7 or 7:30"): if the first is not free
    request_asked: str | None = None  # a guest's request asked as a question alone ("could we sit by the window?")
    that_day: bool = False  # "that day", "quel giorno", "ce jour-là", "nesse dia": the day under way, said again

    def outside_part(self, time: str) -> bool:
        """Whether a part of the day was said and `time` ("HH:MM") is not in it ("Saturday lunch" and 8 pm)."""
        return self.part is not None and not self.part[0] <= time < self.part[1]

    @property
    def details(self) -> bool:
        """Whether the message carries any booking detail."""
        return (
            any(
                v is not None
                for v in (
                    self.day,
                    self.past_day,
                    self.time,
                    self.time_near,
                    self.people,
                    self.phone,
                    self.name,
                    self.shift,
                )
            )
            or self.bad_phone
            or self.care_type is not None
            or self.reason is not None
        )
