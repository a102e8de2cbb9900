"""Calendar arithmetic for spoken dates: which month or year a day of the month falls in."""

from __future__ import annotations

import calendar
import datetime

from concierge.parsing.errors import NoSuchDate

_DAY = datetime.timedelta(days=1)


def calendar_date(day: int, month: int | None, year: int | None, today: datetime.date) -> datetime.date | None:
    """A day of the month: this month's if still ahead, else the next month's that has it; with a
    month, this year's if still ahead, else the next year's that has it."""
    if not 1 <= day <= 31:
        return None
    if year is not None:
        try:
            return datetime.date(year, month or today.month, day)
        except ValueError:
            return None
    if month is not None:
        for y in range(today.year, today.year + 9):
            if day <= calendar.monthrange(y, month)[1] and (found := datetime.date(y, month, day)) >= today:
                return found
        return None
    y, m = today.year, today.month
    for _ in range(13):
        if day <= calendar.monthrange(y, m)[1] and (found := datetime.date(y, m, day)) >= today:
            return found
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return None


def existing_date(text: str, day: int, month: int, year: int | None, today: datetime.date) -> datetime.date:
    """`calendar_date` of a day said with its month; raises `NoSuchDate` when that month has no such day
    ("31 November", "30 February", "29 February 2027"), rather than reading another day."""
    if (found := calendar_date(day, month, year, today)) is None:
        raise NoSuchDate(text, day, month)
    return found


def nearest_weekday(day: datetime.date, weekday: int, today: datetime.date) -> datetime.date:
    """The date on the weekday said that is closest to the date said, and not in the past."""
    shift = (weekday - day.weekday()) % 7
    nearest = day + (shift if shift <= 3 else shift - 7) * _DAY
    while nearest < today:
        nearest += 7 * _DAY
    return nearest


def nth_weekday(nth: int, weekday: int, month: int, today: datetime.date) -> datetime.date | None:
    """The `nth` (1-5, or -1 for the last) `weekday` of `month`: this year's if still ahead, else next year's."""
    for year in (today.year, today.year + 1):
        days = [
            day
            for day in (datetime.date(year, month, d) for d in range(1, calendar.monthrange(year, month)[1] + 1))
            if day.weekday() == weekday
        ]
        if nth > len(days):
            return None  # no fifth Monday that month
        if (found := days[nth - 1 if nth > 0 else -1]) >= today:
            return found
    return None
