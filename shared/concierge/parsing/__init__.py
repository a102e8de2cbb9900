"""Turn a caller's words for a day or a time into a date or a wall-clock time.

`read_day` is the entry point for days (with the venue: its holidays, hours and closed dates);
`resolve_relative_time` for times.
"""

from concierge.parsing.day_reading import DayReading, read_day
from concierge.parsing.errors import UnsupportedRelativeDay, UnsupportedRelativeTime, VagueTime, WeekdayMismatch
from concierge.parsing.relative_day import DayResolution, resolve_relative_day
from concierge.parsing.relative_time import TimeResolution, resolve_relative_time
from concierge.parsing.weekdays import parse_weekday

__all__ = [
    "DayReading",
    "DayResolution",
    "TimeResolution",
    "UnsupportedRelativeDay",
    "UnsupportedRelativeTime",
    "VagueTime",
    "WeekdayMismatch",
    "parse_weekday",
    "read_day",
    "resolve_relative_day",
    "resolve_relative_time",
]
