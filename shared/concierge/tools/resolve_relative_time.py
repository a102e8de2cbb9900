"""resolve_relative_time: "tra mezz'ora", "8 pm", "20h30" to HH:MM and a day offset."""

from __future__ import annotations

from collections.abc import Callable

from concierge.domain.errors import ToolError
from concierge.domain.venue import Venue, minutes
from concierge.parsing.errors import UnsupportedRelativeTime, VagueTime
from concierge.parsing.relative_time import resolve_relative_time, without_its_day
from concierge.tools.context import ToolContext
from concierge.tools.fields import RestaurantId, SpokenText, ToolRequest, ToolResponse


class Request(ToolRequest):
    restaurant_id: RestaurantId
    text: SpokenText


class Response(ToolResponse):
    time: str
    day_offset: int
    ambiguous: bool


def within_any_opening(venue: Venue) -> Callable[[str], bool]:
    """Whether a time falls in any range of the venue's schedule: settles "8" as 08:00 or 20:00.

    The ranges are gathered on the first question (most times, "20:30", "tra mezz'ora", never ask),
    each distinct one once: most days share the same few."""
    ranges: list[tuple[int, int]] = []

    def within(hhmm: str) -> bool:
        if not ranges:
            schedules = (*venue.hours.values(), *venue.special_hours.values())
            ranges.extend((minutes(o), minutes(c)) for o, c in {tuple(r) for s in schedules for r in s.values()})
        at = minutes(hhmm)
        return any(o <= at <= c for o, c in ranges)

    return within


def handle(ctx: ToolContext, req: Request) -> Response:
    venue = ctx.venue(req.restaurant_id)
    said, ahead = without_its_day(req.text)  # "tomorrow at 8": 20:00, a day ahead
    try:
        resolved = resolve_relative_time(said, ctx.local_now(venue), venue.locale, within_any_opening(venue))
    except VagueTime as vague:
        if vague.approximately is None:
            raise ToolError("VAGUE_TIME", f'"{req.text}" is not an exact time; ask for one.') from None
        near = vague.approximately
        message = f'"{req.text}" is not an exact time: about {near}; ask for one, or offer times near it.'
        raise ToolError("VAGUE_TIME", message, approximate_time=near) from None
    except UnsupportedRelativeTime:
        raise ToolError("UNSUPPORTED_RELATIVE_TIME", f'Cannot read a time in "{req.text}".') from None
    if ahead and resolved.from_now:  # "tomorrow in 20 minutes"
        raise ToolError("UNSUPPORTED_RELATIVE_TIME", f'Cannot read a time in "{req.text}".')
    return Response(time=resolved.time, day_offset=resolved.day_offset + ahead, ambiguous=resolved.ambiguous)
