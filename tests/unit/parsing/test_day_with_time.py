"""A day said with its time, read apart by the day and the time grammars."""

import datetime as dt

import pytest

from concierge.parsing.day_reading import read_day
from concierge.parsing.day_with_time import MAX_WORDS, day_with_its_time
from concierge.parsing.errors import NoSuchDate, UnsupportedRelativeTime, VagueTime, WeekdayMismatch
from concierge.parsing.relative_time import resolve_relative_time

NOW = dt.datetime(2026, 11, 23, 10, 0)  # a Monday


def reads_as_time(locale: str):
    def reads(words: str) -> bool:
        try:
            resolve_relative_time(words, NOW, locale)
        except (UnsupportedRelativeTime, VagueTime):
            return False
        return True

    return reads


def read(text: str, locale: str) -> tuple[str, str] | None:
    found = day_with_its_time(text, lambda words: read_day(words, NOW.date(), locale), reads_as_time(locale))
    return (found[0].date.isoformat(), resolve_relative_time(found[1], NOW, locale).time) if found else None


@pytest.mark.parametrize(
    ("text", "locale", "day", "time"),
    [
        ("next thursday at half past seven pm", "en", "2026-11-26", "19:30"),
        ("thursday at 8pm", "en", "2026-11-26", "20:00"),
        ("8pm on thursday", "en", "2026-11-26", "20:00"),  # the time first
        ("friday after this one at 8", "en", "2026-12-04", "20:00"),  # "one" is no hour
        ("tomorrow at 20:00", "en", "2026-11-24", "20:00"),
        ("christmas eve at 7pm", "en", "2026-12-24", "19:00"),
        ("giovedì prossimo alle 19 e 30", "it", "2026-11-26", "19:30"),
        ("sabato 28 alle 20", "it", "2026-11-28", "20:00"),
        ("sabato le 20", "it", "2026-11-28", "20:00"),  # no "Saturday the 20th", as French would read it
        ("samedi à 20h", "fr", "2026-11-28", "20:00"),
        ("après-demain à 20h", "fr", "2026-11-25", "20:00"),
        ("sexta às 21h", "pt", "2026-11-27", "21:00"),
    ],
)
def test_a_day_and_its_time_are_read_apart_whichever_comes_first(text, locale, day, time):
    assert read(text, locale) == (day, time)


def test_the_longest_day_is_read_so_its_part_stays_with_it():
    found = day_with_its_time(
        "domani sera alle 8", lambda words: read_day(words, NOW.date(), "it"), reads_as_time("it")
    )
    assert found is not None and (found[0].part, found[1]) == ("evening", "alle 8")


@pytest.mark.parametrize(
    "text",
    ["thursday blah", "at 8pm", "thursday", "around 8 on thursday maybe", " ".join(["thursday"] * MAX_WORDS + ["8pm"])],
)
def test_words_that_are_not_a_day_and_a_time_are_neither(text):
    assert read(text, "en") is None


@pytest.mark.parametrize(
    ("text", "locale"),
    [("oggi a otto", "it"), ("domani a otto", "it"), ("a week today", "en"), ("the friday after this one", "en")],
)
def test_a_phrase_that_is_a_day_whole_has_no_time_in_it(text, locale):
    assert read(text, locale) is None  # "oggi a otto" is a week today, not today at 8
    assert read(f"{text} alle 20" if locale == "it" else f"{text} at 8pm", locale) is not None


@pytest.mark.parametrize(("text", "locale"), [
    ("tomorrow at noon", "en"), ("domani a mezzogiorno", "it"), ("demain à midi", "fr"), ("amanhã ao meio-dia", "pt"),
])  # fmt: skip
def test_a_day_whole_with_noon_said_for_its_part_has_that_time_in_it(text, locale):
    assert read(text, locale) == ("2026-11-24", "12:00")


@pytest.mark.parametrize(("text", "locale"), [("tomorrow lunch", "en"), ("domani sera", "it")])
def test_a_day_whole_with_a_part_and_no_clock_has_no_time_in_it(text, locale):
    assert read(text, locale) is None


def test_a_date_that_does_not_exist_or_a_weekday_that_disagrees_is_told_not_passed_over():
    with pytest.raises(NoSuchDate):
        read("31 novembre alle 20", "it")
    with pytest.raises(WeekdayMismatch):
        read("martedì 25 alle 20", "it")  # the 25th is a Wednesday
