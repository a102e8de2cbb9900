"""Dates written in digits, as a chat customer types them: "12/12", "12/12/2026", "2026-12-12", "12.12.2026".

Day first (dd/mm) except for a venue in the United States (mm/dd). A dotted date needs its year, an article
or a weekday before it: "20.30" and "8.15" are times, "il 12.12" and "sabato 12.12" dates. Words before the
date may be short ones ("il", "on", "le", "dia") or a weekday, which must agree with the date.
"""

from __future__ import annotations

import datetime
import re

from concierge.parsing.calendar_dates import existing_date, nearest_weekday
from concierge.parsing.errors import WeekdayMismatch
from concierge.parsing.weekdays import parse_weekday

_SLASHED = re.compile(r"(?P<a>\d{1,2})(?P<sep>[/-])(?P<b>\d{1,2})(?:(?P=sep)(?P<y>\d{4}|\d{2}))?")
_DOTTED = re.compile(r"(?P<a>\d{1,2})\.(?P<b>\d{1,2})(?:\.(?P<y>\d{4}|\d{2}))?")
_DATE_ARTICLES = frozenset({"il", "le", "the", "dia", "o"})  # "il 12.12": a date, where "alle 12.12" is no time said
_ISO = re.compile(r"(?P<y>\d{4})-(?P<b>\d{1,2})-(?P<a>\d{1,2})")
_LEAD_WORDS = 4  # at most so many words before the date, each short or a weekday


def numeric_date(text: str, today: datetime.date, month_first: bool = False) -> datetime.date | None:
    """The date `text` (lower-case words) writes in digits, or None if it writes none.

    Raises `WeekdayMismatch` when a weekday said with it disagrees ("venerdi 5/12" when the 5th is a Saturday),
    `NoSuchDate` when the month has no such day ("31/11")."""
    if "/" not in text and "-" not in text and "." not in text:
        return None  # most days are said in words: nothing to look at
    *lead, written = text.split() or [""]
    match = _ISO.fullmatch(written) or _SLASHED.fullmatch(written) or _DOTTED.fullmatch(written)
    if match is None or len(lead) > _LEAD_WORDS:
        return None
    weekdays = [parse_weekday(word) for word in lead]
    if any(weekday is None and len(word) > 4 for word, weekday in zip(lead, weekdays, strict=True)):
        return None
    if match.re is _DOTTED and not match["y"] and not (_DATE_ARTICLES.intersection(lead) or any(weekdays)):
        return None  # "20.30", "8.15": times; "sabato 12.12", "il 12.12": dates
    first, second = int(match["a"]), int(match["b"])
    day, month = (second, first) if month_first and match.re is not _ISO else (first, second)
    year = int(match["y"]) if match["y"] else None
    if year is not None and year < 100:
        year += 2000
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    date = existing_date(text, day, month, year, today)  # "31/11": no such day, not another one
    said = next((weekday for weekday in weekdays if weekday is not None), None)
    if said is not None and said != date.weekday():
        raise WeekdayMismatch(text, date, said, nearest_weekday(date, said, today))
    return date
