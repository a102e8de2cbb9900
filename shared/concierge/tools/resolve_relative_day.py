"""resolve_relative_day: "domani sera", "Tuesday the 3rd", "samedi en huit", "Natal" to a date and its label."""

from __future__ import annotations

from pydantic import BaseModel, Field

from concierge.domain.errors import ToolError
from concierge.domain.venue import Venue
from concierge.parsing.day_reading import DayReading, read_day
from concierge.parsing.errors import NoSuchDate, UnsupportedRelativeDay, WeekdayMismatch
from concierge.tools.context import ToolContext, speaker
from concierge.tools.fields import RestaurantId, SpokenText, ToolRequest, ToolResponse


class Request(ToolRequest):
    restaurant_id: RestaurantId
    text: SpokenText


class Candidate(BaseModel):
    date: str
    day_label: str


class Response(ToolResponse):
    date: str
    day_label: str
    ambiguous: bool
    closed: bool = Field(description="The venue is closed that day (closed dates and special hours applied)")
    candidates: list[Candidate] | None = Field(
        default=None, description="When ambiguous: every day the caller may mean, to ask which"
    )
    part: str | None = Field(
        default=None, description='Part of the day said: "morning", "lunch", "afternoon", "evening" or "night"'
    )
    part_range: list[str] | None = Field(
        default=None, description="The opening range in that part of the day, [HH:MM, HH:MM] (HTTP only)"
    )
    part_hours: str | None = Field(default=None, description='That range as said, e.g. "cena dalle 19 alle 23"')
    holiday: str | None = Field(default=None, description="The public holiday on that date, by name")
    time: str | None = Field(
        default=None,
        description='The time said with the day, HH:MM ("giovedì alle 20": "20:00"), when it is one time only; '
        "resolve_relative_time reads it otherwise",
    )


OMIT_WHEN_NONE = {"candidates", "part", "part_range", "part_hours", "holiday", "time"}


def handle(ctx: ToolContext, req: Request) -> Response:
    venue = ctx.venue(req.restaurant_id)
    say = speaker(venue)
    try:
        reading, time = _day_and_time(req.text, ctx, venue)
    except NoSuchDate as impossible:  # "il 31 novembre": said so, rather than any other day
        raise ToolError("NO_SUCH_DATE", say.no_such_date(impossible.day, impossible.month)) from None
    except UnsupportedRelativeDay:
        raise ToolError("UNSUPPORTED_RELATIVE_DAY", f'Cannot read a day in "{req.text}".') from None
    except WeekdayMismatch as mismatch:
        raise ToolError(
            "WEEKDAY_MISMATCH",
            say.said_weekday_mismatch(mismatch.date, mismatch.weekday, mismatch.corrected),
            date=mismatch.date.isoformat(),
            day_label=say.day_label(mismatch.date),
            corrected_day=mismatch.corrected.isoformat(),
            corrected_day_label=say.day_label(mismatch.corrected),
        ) from None
    candidates = [Candidate(date=day.isoformat(), day_label=say.day_label(day)) for day in reading.candidates]
    opening = reading.part_range
    return Response(
        date=reading.date.isoformat(),
        day_label=say.day_label(reading.date),
        ambiguous=reading.ambiguous,
        closed=bool(reading.closed),
        candidates=candidates or None,
        part=reading.part,
        part_range=[opening.open, opening.close] if opening else None,
        part_hours=say.range_phrase(opening.name, opening.open, opening.close) if opening else None,
        holiday=reading.holiday,
        time=time,
    )


def _day_and_time(text: str, ctx: ToolContext, venue: Venue) -> tuple[DayReading, str | None]:
    """The day, and the time said with it when it is one ("thursday at 8pm": 20:00; "thursday at 8" where the
    venue opens at 8 and at 20 tells no time)."""
    now = ctx.local_now(venue)

    def day_of(words: str) -> DayReading:
        return read_day(words, now, venue.locale, venue=venue)

    try:
        return day_of(text), None
    except UnsupportedRelativeDay as refused:
        if isinstance(refused, NoSuchDate):
            raise
        from concierge.tools.resolve_relative_time import day_and_time_said  # the time grammar, for that only

        found = day_and_time_said(text, now, venue, day_of)
        if found is None or (found[1] is not None and found[1].from_now):  # "venerdì tra 20 minuti": no time then
            raise
        reading, time = found
        return reading, None if time is None or time.ambiguous else time.time  # "sabato verso le 8": no time
