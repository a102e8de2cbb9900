"""Turn a caller's words for a day or a time into a date or a wall-clock time."""

from concierge.parsing.errors import UnsupportedRelativeDay, UnsupportedRelativeTime, VagueTime
from concierge.parsing.relative_day import DayResolution, resolve_relative_day
from concierge.parsing.relative_time import TimeResolution, resolve_relative_time
from concierge.parsing.weekdays import parse_weekday

__all__ = [
    "DayResolution", "TimeResolution", "UnsupportedRelativeDay", "UnsupportedRelativeTime",
    "VagueTime", "parse_weekday", "resolve_relative_day", "resolve_relative_time",
]
