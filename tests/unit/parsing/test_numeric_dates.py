"""Dates a chat customer types in digits, read on Thursday 26 November 2026."""

from __future__ import annotations

import datetime as dt

import pytest

from concierge.parsing.errors import NoSuchDate, UnsupportedRelativeDay, WeekdayMismatch
from concierge.parsing.relative_day import resolve_relative_day

TODAY = dt.date(2026, 11, 26)


@pytest.mark.parametrize(
    ("text", "locale", "country", "date"),
    [
        ("12/12", "en", "GB", dt.date(2026, 12, 12)),
        ("on 12/12", "en", "GB", dt.date(2026, 12, 12)),
        ("5/1", "en", "GB", dt.date(2027, 1, 5)),  # day first
        ("5/1", "en", "US", dt.date(2027, 5, 1)),  # month first in the United States
        ("12/25", "en", "US", dt.date(2026, 12, 25)),
        ("il 4/12", "it", "IT", dt.date(2026, 12, 4)),
        ("venerdì 4/12", "it", "IT", dt.date(2026, 12, 4)),
        ("12/12/2026", "it", "IT", dt.date(2026, 12, 12)),
        ("1/12/26", "fr", "FR", dt.date(2026, 12, 1)),
        ("12.12.2026", "it", "IT", dt.date(2026, 12, 12)),
        ("2026-12-12", "fr", "FR", dt.date(2026, 12, 12)),
        ("dia 12-12", "pt", "PT", dt.date(2026, 12, 12)),
        ("20/11", "it", "IT", dt.date(2027, 11, 20)),  # already past this year: next year's
        ("il 12.12", "it", "IT", dt.date(2026, 12, 12)),  # dotted, no year: an article makes it a date
        ("sabato 12.12", "it", "IT", dt.date(2026, 12, 12)),
    ],
)
def test_a_date_written_in_digits_is_read_day_first_except_in_the_united_states(text, locale, country, date):
    assert resolve_relative_day(text, TODAY, locale, country=country).date == date


@pytest.mark.parametrize(
    "text", ["20.30", "8.15", "12.12", "sabato 20.30", "13/13", "32/1", "la sera del 12/12 tardi tardi"]
)
def test_times_impossible_dates_and_long_leads_are_no_written_date(text):
    with pytest.raises(UnsupportedRelativeDay):
        resolve_relative_day(text, TODAY, "it", country="IT")


@pytest.mark.parametrize(("text", "locale", "day", "month"), [
    ("31/11", "it", 31, 11),
    ("29/02/2027", "it", 29, 2),
    ("il 31 novembre", "it", 31, 11),
    ("the 31st of November", "en", 31, 11),
    ("February 30th", "en", 30, 2),
    ("le 31 avril", "fr", 31, 4),
    ("31 de junho", "pt", 31, 6),
])  # fmt: skip
def test_a_day_its_month_never_has_is_no_such_date_not_the_day_of_another_month(text, locale, day, month):
    with pytest.raises(NoSuchDate) as impossible:
        resolve_relative_day(text, TODAY, locale)
    assert (impossible.value.day, impossible.value.month) == (day, month)


def test_a_weekday_that_disagrees_with_the_written_date_is_a_mismatch():
    with pytest.raises(WeekdayMismatch) as mismatch:
        resolve_relative_day("sabato 4/12", TODAY, "it", country="IT")
    assert (mismatch.value.date, mismatch.value.weekday) == (dt.date(2026, 12, 4), 5)
