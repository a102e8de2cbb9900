"""Turn a caller's words for a day or a time into a date or a wall-clock time.

`read_day` is the entry point for days (with the venue: its holidays, hours and closed dates);
`resolve_relative_time` for times.

The names below are imported from their modules on first use, so a module that needs one part
(check_openings reads weekday names only) does not load the number words of the others (text2num).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from concierge.parsing.day_reading import DayReading, read_day
    from concierge.parsing.errors import (
        UnsupportedRelativeDay,
        UnsupportedRelativeTime,
        VagueTime,
        WeekdayMismatch,
    )
    from concierge.parsing.relative_day import DayResolution, resolve_relative_day
    from concierge.parsing.relative_time import TimeResolution, is_vague, resolve_relative_time
    from concierge.parsing.weekdays import parse_weekday

_HOMES = {
    "DayReading": "day_reading",
    "read_day": "day_reading",
    "UnsupportedRelativeDay": "errors",
    "UnsupportedRelativeTime": "errors",
    "VagueTime": "errors",
    "WeekdayMismatch": "errors",
    "DayResolution": "relative_day",
    "resolve_relative_day": "relative_day",
    "TimeResolution": "relative_time",
    "resolve_relative_time": "relative_time",
    "is_vague": "relative_time",
    "parse_weekday": "weekdays",
}

__all__ = [
    "DayReading",
    "DayResolution",
    "TimeResolution",
    "UnsupportedRelativeDay",
    "UnsupportedRelativeTime",
    "VagueTime",
    "WeekdayMismatch",
    "is_vague",
    "parse_weekday",
    "read_day",
    "resolve_relative_day",
    "resolve_relative_time",
]


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)
