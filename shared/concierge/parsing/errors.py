"""Errors raised when a caller's words cannot be turned into a date or a time."""


class UnsupportedRelativeDay(ValueError):
    """The words do not name a day we know how to resolve."""


class UnsupportedRelativeTime(ValueError):
    """The words do not name a time we know how to resolve, or name an impossible one."""


class VagueTime(ValueError):
    """The caller gave an approximate time ("around 8", "later"); ask for an exact one."""
