"""Errors raised when a caller's words cannot be turned into a date or a time."""

import datetime


class UnsupportedRelativeDay(ValueError):
    """The words do not name a day we know how to resolve."""


class NoSuchDate(UnsupportedRelativeDay):
    """The words name a day of a month that it never has ("31 November", "30 February", "29/02/2027")."""

    def __init__(self, text: str, day: int, month: int) -> None:
        super().__init__(text)
        self.day = day
        self.month = month


class UnsupportedRelativeTime(ValueError):
    """The words do not name a time we know how to resolve, or name an impossible one."""


class VagueTime(ValueError):
    """The caller gave an approximate time ("around 8", "later"); ask for an exact one.

    `approximately` is the clock time the words are near ("around 8": "20:00" where the venue is open
    then), or None when they name none ("later")."""

    def __init__(self, text: str, approximately: str | None = None) -> None:
        super().__init__(text)
        self.approximately = approximately


class WeekdayMismatch(ValueError):
    """The caller named a weekday and a date that disagree ("Tuesday the 25th" on a Wednesday)."""

    def __init__(self, text: str, date: datetime.date, weekday: int, corrected: datetime.date) -> None:
        super().__init__(text)
        self.date = date  # the date as numbered
        self.weekday = weekday  # the weekday said, 0 = Monday
        self.corrected = corrected  # the weekday said nearest that date, not in the past
