"""resolve_relative_time: "tra mezz'ora", "8 pm", "20h30", "giovedì alle 20" to HH:MM and a day offset."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING

from concierge.domain.errors import ToolError
from concierge.domain.venue import Venue, minutes
from concierge.parsing.day_parts import within_part
from concierge.parsing.day_with_time import day_with_its_time
from concierge.parsing.errors import NoSuchDate, UnsupportedRelativeTime, VagueTime, WeekdayMismatch
from concierge.parsing.relative_time import TimeResolution, resolve_relative_time
from concierge.tools.context import ToolContext
from concierge.tools.fields import RestaurantId, SpokenText, ToolRequest, ToolResponse

if TYPE_CHECKING:
    from concierge.parsing.day_reading import DayReading


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
    now = ctx.local_now(venue)
    try:
        return _answer(resolve_relative_time(req.text, now, venue.locale, within_any_opening(venue)), 0)
    except VagueTime as vague:
        if vague.approximately is None:
            raise ToolError("VAGUE_TIME", f'"{req.text}" is not an exact time; ask for one.') from None
        near = vague.approximately
        message = f'"{req.text}" is not an exact time: about {near}; ask for one, or offer times near it.'
        raise ToolError("VAGUE_TIME", message, approximate_time=near) from None
    except UnsupportedRelativeTime:
        pass
    from concierge.parsing.day_reading import read_day  # the day grammars, for a day said with the time only

    try:
        found = day_and_time_said(req.text, now, venue, lambda words: read_day(words, now.date(), venue.locale))
    except (NoSuchDate, WeekdayMismatch):
        found = None  # the day resolver's to tell
    if found is None:
        raise ToolError("UNSUPPORTED_RELATIVE_TIME", f'Cannot read a time in "{req.text}".')
    day, resolved = found  # never said approximately here: the whole phrase would have been VAGUE_TIME
    # "this weekend at 8", "tomorrow in 20 minutes": no one day, or no time of that day
    if resolved is None or day.ambiguous or (resolved.from_now and day.date != now.date()):
        raise ToolError(
            "UNSUPPORTED_RELATIVE_TIME", f'Cannot read a time in "{req.text}"; read its day with resolve_relative_day.'
        )
    return _answer(resolved, (day.date - now.date()).days)


def day_and_time_said(
    text: str, now: dt.datetime, venue: Venue, read: Callable[[str], DayReading]
) -> tuple[DayReading, TimeResolution | None] | None:
    """A day said with its time, as a voice agent may pass the whole phrase ("giovedì alle 20", "8pm on
    Saturday"): the day, and the time read in the part of the day said ("tomorrow morning at 8": 08:00) or
    else by the venue's hours; None for a time said approximately ("sabato verso le 8")."""
    within = within_any_opening(venue)

    def reads_as_time(words: str) -> bool:  # approximately too: "sabato verso le 8" is Saturday
        try:
            resolve_relative_time(words, now, venue.locale, within)
        except UnsupportedRelativeTime:
            return False
        except VagueTime:
            pass
        return True

    found = day_with_its_time(text, read, reads_as_time)
    if found is None:
        return None
    day, words = found
    try:
        return day, resolve_relative_time(words, now, venue.locale, within_part(day.part) if day.part else within)
    except VagueTime:
        return day, None


def _answer(resolved: TimeResolution, days_ahead: int) -> Response:
    return Response(time=resolved.time, day_offset=resolved.day_offset + days_ahead, ambiguous=resolved.ambiguous)
