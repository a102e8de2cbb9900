"""The one entry point for a caller's words for a day, used by the tools, the chat receptionist and the planner.

    reading = read_day("domani sera", venue_now, "it", venue=venue)
    reading.date, reading.part, reading.part_range, reading.holiday

Without a venue the reading has no opening range, and holidays are those of the language's country.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from concierge.domain.venue import OpeningRange, Venue
from concierge.parsing.day_parts import range_in_part
from concierge.parsing.holiday_calendar import holiday_country, holiday_name
from concierge.parsing.relative_day import resolve_relative_day


@dataclass(frozen=True)
class DayReading:
    date: datetime.date
    ambiguous: bool
    candidates: tuple[datetime.date, ...]  # when ambiguous: every day the caller may mean, `date` first
    part: str | None  # "morning", "lunch", "afternoon", "evening", "night" when said
    part_range: OpeningRange | None  # the venue's opening range in that part of that day, if any
    holiday: str | None  # a holiday named: its name in the venue's country, if a public one
    closed: bool | None  # whether the venue is closed that day (None without a venue)


def read_day(
    text: str, now: datetime.datetime | datetime.date, locale: str, *, venue: Venue | None = None
) -> DayReading:
    """What day (and part of it) the caller means, `now` being the venue's local date or wall clock.

    Raises `UnsupportedRelativeDay` for words not fully understood and `WeekdayMismatch` when a
    weekday and a date said together disagree.
    """
    today = now.date() if isinstance(now, datetime.datetime) else now
    country = venue.country.upper() if venue and venue.country else None
    timezone = venue.timezone if venue else None  # its country's holidays, read only if a holiday is said
    resolved = resolve_relative_day(text, today, locale, country=country, timezone=timezone)
    ranges = venue.ranges_on(resolved.date) if venue else []
    part_range = range_in_part(ranges, resolved.part) if resolved.part else None
    return DayReading(
        date=resolved.date,
        ambiguous=resolved.ambiguous,
        candidates=resolved.candidates,
        part=resolved.part,
        part_range=part_range,
        holiday=_holiday_name(resolved.date, holiday_country(country, timezone, locale), locale)
        if resolved.holiday
        else None,
        closed=(not ranges) if venue else None,
    )


def _holiday_name(day: datetime.date, country: str, locale: str) -> str | None:
    return holiday_name(day, country, locale.split("-")[0].split("_")[0].lower())
