"""Two bookings asked in one message ("a table for 2 on Friday at 8 and another for 4 on Saturday at 7"):
the first is taken, the second is kept to be asked right after it is made."""

from __future__ import annotations

import datetime as dt
import re

from concierge.conversations.understanding import Reading, read_message
from concierge.domain.venue import Venue

# "… and another (table) for 4 on Saturday", "… e un altro per sabato", "… et une autre samedi", "… e outra sábado"
_AND_ANOTHER = re.compile(
    r"[,;]?\s+(?:and|e|et|plus)\s+(?:(?:also|anche|aussi|também|tambem)\s+)?"
    r"(?:another|one more|a second|un altro|un['’ ]altra|une autre|un autre|encore une|outra|outro|mais uma)\b",
    re.IGNORECASE,
)


def second_booking(text: str, venue: Venue, now: dt.datetime) -> tuple[str, str] | None:
    """The message's first booking and its second ("and another for 4 on Saturday at 7", kept whole so that
    it reads as another booking), when each says its own day or time; None otherwise ("a table for 2 and
    another chair", "and another thing")."""
    match = _AND_ANOTHER.search(text)
    if match is None:
        return None
    first, second = text[: match.start()], text[match.start() :].lstrip(",; ")
    asked = read_message(first, venue, now)
    if {"cancel", "move"} & asked.intents or not (_when_said(asked) and _when_said(read_message(second, venue, now))):
        return None  # "cancel Friday at 8 and another one on Saturday": the cancellations' own reading
    return first, second


def _when_said(reading: Reading) -> bool:
    return bool(reading.day or reading.day_choices or reading.time or reading.time_near or reading.week_of)
