"""The one entry point for a caller's words for a day, used by the tools, the chat receptionist and the planner.

    reading = read_day("domani sera", venue_now, "it", venue=venue)
    reading.date, reading.part, reading.part_range, reading.holiday

Without a venue the reading has no opening range, and holidays are those of the language's country.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, replace

from concierge.domain.venue import OpeningRange, Venue
from concierge.parsing.day_parts import range_in_part
from concierge.parsing.holiday_calendar import holiday_country, holiday_name
from concierge.parsing.day_grammar import GRAMMARS
from concierge.parsing.relative_day import DayResolution, resolve_relative_day
from concierge.parsing.text import fold


@dataclass(frozen=True)
class DayReading:
    date: datetime.date
    ambiguous: bool
    candidates: tuple[datetime.date, ...]  # when ambiguous: every day the caller may mean, `date` first
    part: str | None  # "morning", "lunch", "afternoon", "evening", "night" when said
    part_range: OpeningRange | None  # the venue's opening range in that part of that day, if any
    holiday: str | None  # a holiday named: its name in the venue's country, if a public one
    closed: bool | None  # whether the venue is closed that day (None without a venue)
    feast: bool = False  # a day said by its name, public holiday or not ("Christmas Eve", "Valentine's Day")


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
    if isinstance(now, datetime.datetime) and now.hour < SMALL_HOURS and _tomorrow_said(text, resolved, today):
        resolved = replace(resolved, date=today, ambiguous=True, candidates=(today, resolved.date))
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
        feast=resolved.holiday,
    )


# Before 4 am "tomorrow" may be the day just begun, the caller's night not over: both days are the caller's to pick.
SMALL_HOURS = 4
_TOMORROW = re.compile(
    r"\b(?:"
    + "|".join(sorted({re.escape(word) for g in GRAMMARS.values() for word, days in g.fixed.items() if days == 1}))
    + r")\b"
)


def _tomorrow_said(text: str, resolved: DayResolution, today: datetime.date) -> bool:
    return resolved.date == today + datetime.timedelta(days=1) and bool(_TOMORROW.search(fold(text)))


def _holiday_name(day: datetime.date, country: str, locale: str) -> str | None:
    return holiday_name(day, country, locale.split("-")[0].split("_")[0].lower())
