"""Reading the cells staff type in a venue's sheet: days, times and party sizes in their usual forms."""

from __future__ import annotations

import datetime as dt

import pytest

from concierge.adapters.providers.sheets_format import read_day, read_people, read_time

FRIDAY = dt.date(2026, 2, 20)


@pytest.mark.parametrize(
    "text", ["2026-02-20", "2026/02/20", "20/02/2026", "20/2/2026", "20.02.2026", "20.2.26", "20-02-2026"]
)
def test_a_day_is_read_iso_or_day_first(text):
    assert read_day(text) == FRIDAY


def test_a_us_venue_reads_month_first():
    assert read_day("02/20/2026", month_first=True) == FRIDAY
    assert read_day("2026-02-20", month_first=True) == FRIDAY


@pytest.mark.parametrize("text", ["02/20/2026", "31/02/2026", "venerdì", "20 febbraio", "", "2026-13-01"])
def test_what_is_not_a_day_is_refused_naming_it(text):
    with pytest.raises(ValueError, match="is not a date"):
        read_day(text)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("20:30", "20:30"),
        ("20.30", "20:30"),
        ("20h30", "20:30"),
        ("20 h 30", "20:30"),
        ("20h", "20:00"),
        ("20", "20:00"),
        ("9:05", "09:05"),
        ("20:30:00", "20:30"),
        ("8pm", "20:00"),
        ("8 PM", "20:00"),
        ("8:30 pm", "20:30"),
        ("8.30 p.m.", "20:30"),
        ("12am", "00:00"),
        ("12pm", "12:00"),
        ("11:45am", "11:45"),
    ],
)
def test_a_time_is_read_in_the_forms_staff_type(text, expected):
    assert read_time(text) == expected


@pytest.mark.parametrize("text", ["24:00", "20:60", "13pm", "0am", "dopo cena", "", "8:5"])
def test_what_is_not_a_time_is_refused_naming_it(text):
    with pytest.raises(ValueError, match="is not a time"):
        read_time(text)


@pytest.mark.parametrize("text, expected", [("4", 4), ("4.0", 4), ("4,0", 4), ("12", 12)])
def test_a_party_is_a_whole_number(text, expected):
    assert read_people(text) == expected


@pytest.mark.parametrize("text", ["0", "4.5", "quattro", "", "-2"])
def test_what_is_not_a_party_is_refused(text):
    with pytest.raises(ValueError, match="is not a party size"):
        read_people(text)
