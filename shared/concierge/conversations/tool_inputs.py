"""The manual's tool inputs (seed 004's field names) and how their dates and times are read.

Dates come as DD/MM/AAAA (the manual's format), as YYYY-MM-DD, or as words ("amanhã", "next
Monday", "Natal") read by the project's day reader (`parsing.day_reading`) in the venue's language. Times come as HH:mm
("9:30" and "20h30" are read too).
"""

from __future__ import annotations

import datetime as dt
import re

from pydantic import BaseModel, ConfigDict, Field

from concierge.domain.venue import Venue
from concierge.parsing.day_reading import read_day as read_spoken_day
from concierge.parsing.errors import UnsupportedRelativeDay, WeekdayMismatch
from concierge.speech.chat_tools import tool_words

MAX_RANGE_DAYS = 31

_DMY = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})$")
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_TIME = re.compile(r"^(\d{1,2})(?:[:hH.](\d{2})|[hH])$")


class BadInput(ValueError):
    """A tool input the tool cannot read: answered as `{"success": false, "error": message}`."""


class ToolInput(BaseModel):
    model_config = ConfigDict(extra="ignore", populate_by_name=True)


class ScheduleAppointment(ToolInput):
    serviceName: str = Field(min_length=1, max_length=200)
    appointmentDate: str
    appointmentTime: str
    clientFullName: str | None = Field(default=None, max_length=100)
    # Extensions: party size (restaurants), the phone when the channel gave none, the clinic's fields,
    # and the customer's booking this one replaces (a move or a new party size, in one change).
    people: int = Field(default=1, gt=0)
    clientPhone: str | None = None
    reason: str | None = Field(default=None, max_length=200)
    careType: str | None = Field(default=None, max_length=40)
    replacesEventId: str | None = Field(default=None, min_length=1, max_length=200)


class DateRange(ToolInput):
    startDate: str
    endDate: str


class GetAvailableSlots(DateRange):
    people: int = Field(default=1, gt=0)  # extension: freeSlots are bookable for this party


class ListEvents(DateRange):
    pass


class CancelAppointment(ToolInput):
    eventId: str = Field(min_length=1, max_length=200)


class RequestHumanSupport(ToolInput):
    reason: str = Field(min_length=1, max_length=500)


class UpdateClientInfo(ToolInput):
    preferredName: str | None = Field(default=None, max_length=100)
    addressText: str | None = Field(default=None, max_length=300)
    notes: str | None = Field(default=None, max_length=1000)


class UpdateConversationTags(ToolInput):
    tags: list[str] = Field(max_length=20)


class EndConversation(ToolInput):
    reason: str | None = Field(default=None, max_length=500)


class SummarizeConversation(ToolInput):
    summary: str | None = Field(default=None, max_length=2000)  # extension: the model's own summary


def read_day(text: str, venue: Venue, today: dt.date) -> dt.date:
    value = text.strip()
    try:
        if match := _DMY.match(value):
            day, month, year = (int(g) for g in match.groups())
            return dt.date(year, month, day)
        if _ISO.match(value):
            return dt.date.fromisoformat(value)
        return read_spoken_day(value, today, venue.locale, venue=venue).date
    except (ValueError, UnsupportedRelativeDay, WeekdayMismatch):
        raise BadInput(tool_words(venue.locale).bad_date.format(value=text)) from None


def read_time(text: str, venue: Venue) -> str:
    match = _TIME.match(text.strip())
    if match is None or int(match[1]) > 23 or int(match[2] or 0) > 59:
        raise BadInput(tool_words(venue.locale).bad_time.format(value=text))
    return f"{int(match[1]):02d}:{match[2] or '00'}"


def read_range(req: DateRange, venue: Venue, today: dt.date) -> tuple[dt.date, dt.date]:
    first, last = read_day(req.startDate, venue, today), read_day(req.endDate, venue, today)
    words = tool_words(venue.locale)
    if last < first:
        raise BadInput(words.bad_range)
    if (last - first).days >= MAX_RANGE_DAYS:
        raise BadInput(words.range_too_long.format(days=MAX_RANGE_DAYS))
    return first, last


def dmy(day: dt.date) -> str:
    return day.strftime("%d/%m/%Y")
