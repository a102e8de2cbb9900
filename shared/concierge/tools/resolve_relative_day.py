"""resolve_relative_day: "domani sera", "Tuesday the 3rd", "samedi en huit", "Natal" to a date and its label."""

from __future__ import annotations

from pydantic import BaseModel, Field

from concierge.domain.errors import ToolError
from concierge.parsing.day_reading import read_day
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


OMIT_WHEN_NONE = {"candidates", "part", "part_range", "part_hours", "holiday"}


def handle(ctx: ToolContext, req: Request) -> Response:
    venue = ctx.venue(req.restaurant_id)
    say = speaker(venue)
    try:
        reading = read_day(req.text, ctx.local_now(venue), venue.locale, venue=venue)
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
    )
