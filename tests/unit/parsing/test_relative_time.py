import datetime

import pytest

from concierge.parsing.errors import UnsupportedRelativeTime, VagueTime
from concierge.parsing.relative_time import TimeResolution, resolve_relative_time

NOW = datetime.datetime(2026, 2, 19, 19, 10, 42)  # seconds are ignored
LATE = datetime.datetime(2026, 2, 19, 23, 30)


def exact(time: str, day_offset: int = 0) -> TimeResolution:
    return TimeResolution(time, day_offset, ambiguous=False)


def counted(time: str, day_offset: int = 0) -> TimeResolution:
    """A time counted from now, not read on the clock."""
    return TimeResolution(time, day_offset, ambiguous=False, from_now=True)


def unsure(time: str) -> TimeResolution:
    return TimeResolution(time, 0, ambiguous=True)


@pytest.mark.parametrize(
    ("locale", "text", "expected"),
    [
        ("it", "tra mezz'ora", "19:40"),
        ("it", "fra mezzora", "19:40"),
        ("it", "tra un'ora", "20:10"),
        ("it", "tra 10 minuti", "19:20"),
        ("it", "fra venti minuti", "19:30"),
        ("it", "tra due ore", "21:10"),
        ("it", "tra 2 ore e mezza", "21:40"),
        ("it", "fra un'ora e mezza", "20:40"),
        ("it", "tra due ore e quindici minuti", "21:25"),
        ("it", "tra un quarto d'ora", "19:25"),
        ("en", "in half an hour", "19:40"),
        ("en", "in an hour", "20:10"),
        ("en", "in 10 minutes", "19:20"),
        ("en", "in twenty minutes", "19:30"),
        ("en", "in two hours", "21:10"),
        ("en", "in an hour and a half", "20:40"),
        ("en", "in two and a half hours", "21:40"),
        ("en", "in 2 hours and 15 minutes", "21:25"),
        ("en", "in a quarter of an hour", "19:25"),
        ("fr", "dans une demi-heure", "19:40"),
        ("fr", "dans une heure", "20:10"),
        ("fr", "dans 10 minutes", "19:20"),
        ("fr", "dans deux heures", "21:10"),
        ("fr", "dans 2 heures et demie", "21:40"),
        ("fr", "dans une heure et demie", "20:40"),
        ("fr", "dans 2 heures 15", "21:25"),
        ("fr", "dans deux heures et quinze minutes", "21:25"),
        ("fr", "dans un quart d'heure", "19:25"),
        ("pt", "daqui a meia hora", "19:40"),
        ("pt", "em meia hora", "19:40"),
        ("pt", "daqui a uma hora", "20:10"),
        ("pt", "daqui a 10 minutos", "19:20"),
        ("pt", "daqui a duas horas", "21:10"),
        ("pt", "daqui a 2 horas e meia", "21:40"),
        ("pt", "daqui a uma hora e meia", "20:40"),
        ("pt", "daqui a duas horas e quinze minutos", "21:25"),
        ("pt", "em vinte minutos", "19:30"),
        ("pt", "dentro de 10 minutos", "19:20"),
        ("pt", "daqui a um quarto de hora", "19:25"),
        ("it", "dopo 2 ore", "21:10"),
        ("it", "dopo un'ora", "20:10"),
        ("en", "2 hours from now", "21:10"),
        ("en", "an hour from now", "20:10"),
        ("en", "after half an hour", "19:40"),
        ("fr", "d'ici une heure", "20:10"),
        ("fr", "d'ici 20 minutes", "19:30"),
    ],
)
def test_a_relative_time_is_added_to_the_venue_clock_ignoring_seconds(locale, text, expected):
    assert resolve_relative_time(text, NOW, locale) == counted(expected)


def test_words_that_count_from_now_before_a_clock_time_count_nothing():
    assert resolve_relative_time("10 after 8", NOW, "en") == unsure("20:10")  # ten past eight
    with pytest.raises(UnsupportedRelativeTime):  # a bound of the clock, read by the chat, not a duration
        resolve_relative_time("dopo le 20", NOW, "it")


@pytest.mark.parametrize(
    ("locale", "text"),
    [
        ("it", "tra un'ora"),
        ("en", "in an hour"),
        ("fr", "dans une heure"),
        ("pt", "daqui a uma hora"),
    ],
)
def test_a_relative_time_past_midnight_lands_on_the_next_day(locale, text):
    assert resolve_relative_time(text, LATE, locale) == counted("00:30", day_offset=1)


def test_an_aware_now_is_read_as_its_own_wall_clock():
    now = datetime.datetime(2026, 2, 19, 23, 30, tzinfo=datetime.timezone(datetime.timedelta(hours=1)))
    assert resolve_relative_time("tra mezz'ora", now, "it") == counted("00:00", day_offset=1)


@pytest.mark.parametrize(
    ("locale", "text", "expected"),
    [
        ("it", "21", "21:00"),
        ("it", "20:30", "20:30"),
        ("it", "20.30", "20:30"),
        ("it", "19:00", "19:00"),
        ("it", "20 e 30", "20:30"),
        ("it", "19 e 45", "19:45"),
        ("it", "20 e mezza", "20:30"),
        ("it", "19 e mezzo", "19:30"),
        ("it", "20 e un quarto", "20:15"),
        ("it", "20 e tre quarti", "20:45"),
        ("it", "alle 20", "20:00"),
        ("it", "ore 20", "20:00"),
        ("it", "venti e trenta", "20:30"),
        ("it", "alle ventuno", "21:00"),
        ("en", "20:30", "20:30"),
        ("en", "at 21", "21:00"),
        ("en", "twenty one thirty", "21:30"),
        ("fr", "20h", "20:00"),
        ("fr", "20 h 30", "20:30"),
        ("fr", "20h30", "20:30"),
        ("fr", "20 heures", "20:00"),
        ("fr", "20 heures 30", "20:30"),
        ("fr", "20 heures et demie", "20:30"),
        ("fr", "20h et quart", "20:15"),
        ("fr", "21 heures moins le quart", "20:45"),
        ("fr", "vingt heures trente", "20:30"),
        ("fr", "à dix-neuf heures", "19:00"),
        ("pt", "20h", "20:00"),
        ("pt", "20h30", "20:30"),
        ("pt", "20 horas", "20:00"),
        ("pt", "às 20", "20:00"),
        ("pt", "20 e 30", "20:30"),
        ("pt", "20 e um quarto", "20:15"),
        ("pt", "vinte e uma horas", "21:00"),
    ],
)
def test_a_clock_time_with_an_hour_from_12_to_23_is_taken_as_said(locale, text, expected):
    assert resolve_relative_time(text, NOW, locale) == exact(expected)


def test_a_day_said_with_a_time_is_no_time_for_the_parser_which_reads_times_alone():
    with pytest.raises(UnsupportedRelativeTime):
        resolve_relative_time("tomorrow at 20:00", NOW, "en")  # the planners read the day apart


@pytest.mark.parametrize(
    ("locale", "text", "expected"),
    [
        ("en", "at 20:00 sharp", "20:00"),
        ("en", "21:30 on the dot", "21:30"),
        ("it", "alle 20 in punto", "20:00"),
        ("it", "alle 20 precise", "20:00"),
        ("fr", "à 20h pile", "20:00"),
        ("fr", "à 20 heures précises", "20:00"),
        ("pt", "às 20h em ponto", "20:00"),
    ],
)
def test_a_time_said_to_be_exact_is_that_time(locale, text, expected):
    assert resolve_relative_time(text, NOW, locale) == exact(expected)  # the word made it no time


@pytest.mark.parametrize(
    ("locale", "text", "expected"),
    [
        ("it", "mezzogiorno", "12:00"),
        ("it", "mezzanotte", "00:00"),
        ("en", "noon", "12:00"),
        ("en", "midnight", "00:00"),
        ("fr", "midi", "12:00"),
        ("fr", "minuit", "00:00"),
        ("fr", "midi et demi", "12:30"),
        ("pt", "meio-dia", "12:00"),
        ("pt", "meia-noite", "00:00"),
        ("pt", "à meia-noite", "00:00"),
        ("pt", "ao meio-dia", "12:00"),  # "a" and "o" as one
        ("pt", "ao meio-dia e meia", "12:30"),
    ],
)
def test_noon_and_midnight_words_are_exact(locale, text, expected):
    assert resolve_relative_time(text, NOW, locale) == exact(expected)


@pytest.mark.parametrize(
    ("locale", "text", "expected"),
    [
        ("it", "alle 8 di sera", "20:00"),
        ("it", "otto e mezza del pomeriggio", "20:30"),
        ("it", "stasera alle 9", "21:00"),
        ("it", "8 di mattina", "08:00"),
        ("it", "alle 9 del mattino", "09:00"),
        ("en", "8 pm", "20:00"),
        ("en", "8:30 pm", "20:30"),
        ("en", "8.30pm", "20:30"),
        ("en", "8 p.m.", "20:00"),
        ("en", "eight thirty pm", "20:30"),
        ("en", "at 8 in the evening", "20:00"),
        ("en", "tonight at 9", "21:00"),
        ("en", "7 am", "07:00"),
        ("en", "7 a.m.", "07:00"),
        ("en", "at 7 in the morning", "07:00"),
        ("en", "12 pm", "12:00"),
        ("en", "12 am", "00:00"),
        ("fr", "huit heures et demie du soir", "20:30"),
        ("fr", "3 heures de l'après-midi", "15:00"),
        ("fr", "huit heures du matin", "08:00"),
        ("pt", "às oito da noite", "20:00"),
        ("pt", "às três da tarde", "15:00"),
        ("pt", "às nove da manhã", "09:00"),
        ("pt", "pelas nove da noite", "21:00"),  # "pelas", as "às"
        ("pt", "pelas 21h", "21:00"),
        ("pt", "pelo meio dia", "12:00"),
    ],
)
def test_a_day_part_decides_between_morning_and_evening(locale, text, expected):
    assert resolve_relative_time(text, NOW, locale) == exact(expected)


@pytest.mark.parametrize(
    ("locale", "text", "expected"),
    [
        ("it", "8", "20:00"),
        ("it", "alle otto", "20:00"),
        ("it", "8 e mezza", "20:30"),
        ("it", "alle 9 meno un quarto", "20:45"),
        ("it", "un quarto alle nove", "20:45"),  # a quarter before it, as the Portuguese "quinze para as nove"
        ("it", "tre quarti alle nove", "20:15"),
        ("it", "all'una e mezza", "13:30"),
        ("en", "at 8", "20:00"),
        ("en", "half past eight", "20:30"),
        ("en", "quarter past 8", "20:15"),
        ("en", "quarter to 9", "20:45"),
        ("en", "ten to nine", "20:50"),
        ("en", "eight o'clock", "20:00"),
        ("en", "8 oclock", "20:00"),
        ("fr", "8h", "20:00"),
        ("fr", "huit heures et demie", "20:30"),
        ("fr", "9 heures moins le quart", "20:45"),
        ("pt", "às 8", "20:00"),
        ("pt", "oito e meia", "20:30"),
        ("pt", "quinze para as nove", "20:45"),
    ],
)
def test_an_hour_from_1_to_11_without_a_day_part_defaults_to_the_evening_and_is_ambiguous(locale, text, expected):
    assert resolve_relative_time(text, NOW, locale) == unsure(expected)


@pytest.mark.parametrize("locale", ["it", "en", "fr", "pt"])
def test_when_only_the_morning_candidate_is_plausible_it_is_chosen_without_doubt(locale):
    assert resolve_relative_time("8", NOW, locale, is_plausible=lambda t: t < "12:00") == exact("08:00")


@pytest.mark.parametrize("locale", ["it", "en", "fr", "pt"])
def test_when_only_the_evening_candidate_is_plausible_it_is_chosen_without_doubt(locale):
    assert resolve_relative_time("8:30", NOW, locale, is_plausible=lambda t: t >= "18:00") == exact("20:30")


def test_when_both_candidates_are_plausible_the_earlier_one_is_chosen_and_ambiguous():
    assert resolve_relative_time("alle 8", NOW, "it", is_plausible=lambda t: True) == unsure("08:00")


def test_when_neither_candidate_is_plausible_the_evening_one_is_chosen_and_ambiguous():
    assert resolve_relative_time("at 8", NOW, "en", is_plausible=lambda t: False) == unsure("20:00")


def noon_to_three_and_six_to_ten(clock: str) -> bool:
    return "12:00" <= clock < "15:00" or "18:00" <= clock < "22:00"


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("at 11:30", "11:30"),  # half an hour before lunch opens, not 23:30: it was read as 23:30
        ("at 11", "11:00"),
        ("at 5:30", "17:30"),  # half an hour before dinner
        ("at 10:30", "22:30"),  # nearer the end of dinner than the start of lunch
    ],
)
def test_when_neither_candidate_is_plausible_the_one_nearer_a_plausible_time_is_chosen(said, read):
    assert resolve_relative_time(said, NOW, "en", is_plausible=noon_to_three_and_six_to_ten) == unsure(read)


def test_plausibility_is_not_consulted_when_a_day_part_was_said():
    assert resolve_relative_time("8 pm", NOW, "en", is_plausible=lambda t: t == "08:00") == exact("20:00")


def test_plausibility_is_not_consulted_for_a_twenty_four_hour_time():
    asked = []
    assert resolve_relative_time("20:30", NOW, "it", is_plausible=asked.append) == exact("20:30")
    assert asked == []


@pytest.mark.parametrize(("text", "locale"), [("09:30", "en"), ("0930", "en"), ("alle 09:30", "it"), ("à 09h30", "fr")])
def test_an_hour_written_with_its_leading_zero_is_the_morning_whatever_the_hours(text, locale):
    assert resolve_relative_time(text, NOW, locale, is_plausible=lambda t: t >= "12:00") == exact("09:30")


@pytest.mark.parametrize(
    ("text", "locale", "expected"),
    [
        ("1930", "en", exact("19:30")),
        ("at 730", "en", exact("19:30")),  # the evening, by the hours
        ("730pm", "en", exact("19:30")),
        ("alle 2030", "it", exact("20:30")),
        ("às 2030", "pt", exact("20:30")),
        ("2000h", "fr", exact("20:00")),
        ("at 1930hrs", "en", exact("19:30")),
    ],
)
def test_a_clock_written_without_its_colon_is_read_with_it(text, locale, expected):
    assert resolve_relative_time(text, NOW, locale, is_plausible=lambda t: t >= "12:00") == expected


@pytest.mark.parametrize(
    ("text", "locale"),
    [("às 20:30h", "pt"), ("alle 20.30h", "it"), ("à 20:30h", "fr"), ("at 20:30hrs", "en"), ("20:30 horas", "pt")],
)
def test_a_clock_with_the_hour_s_mark_after_its_minutes_is_that_time(text, locale):
    assert resolve_relative_time(text, NOW, locale, is_plausible=lambda t: t >= "12:00") == exact("20:30")


@pytest.mark.parametrize("text", ["2026", "in 2026", "1932"])
def test_digits_alone_off_a_five_minute_mark_are_no_clock(text):
    with pytest.raises(UnsupportedRelativeTime):
        resolve_relative_time(text, NOW, "en")


@pytest.mark.parametrize(
    ("venue_locale", "text", "expected"),
    [
        ("en", "tra mezz'ora", counted("19:40")),
        ("it", "8 pm", exact("20:00")),
        ("pt", "20h et quart", exact("20:15")),
        ("fr", "daqui a uma hora", counted("20:10")),
    ],
)
def test_a_caller_speaking_another_language_than_the_venue_is_still_understood(venue_locale, text, expected):
    assert resolve_relative_time(text, NOW, venue_locale) == expected


@pytest.mark.parametrize(
    ("locale", "text"),
    [
        ("it", "verso le 8"),
        ("it", "verso"),
        ("it", "più tardi"),
        ("it", "tra un po'"),
        ("it", "fra poco"),
        ("it", "tra poco"),
        ("it", "in serata"),
        ("en", "around 8"),
        ("en", "later"),
        ("en", "in a bit"),
        ("en", "in a while"),
        ("en", "soon"),
        ("en", "sometime tonight"),
        ("fr", "vers 20h"),
        ("fr", "plus tard"),
        ("fr", "dans un moment"),
        ("fr", "tout à l'heure"),
        ("fr", "bientôt"),
        ("fr", "dans la soirée"),
        ("pt", "por volta das 8"),
        ("pt", "mais tarde"),
        ("pt", "daqui a pouco"),
        ("pt", "logo"),
        ("pt", "à noite"),
    ],
)
def test_a_vague_time_raises_vague_time_so_the_receptionist_asks_again(locale, text):
    with pytest.raises(VagueTime):
        resolve_relative_time(text, NOW, locale)


def test_sul_of_a_place_makes_no_time_vague():
    with pytest.raises(UnsupportedRelativeTime) as refused:
        resolve_relative_time("alle 20 sul terrazzo", NOW, "it")  # where, not when
    assert type(refused.value) is UnsupportedRelativeTime


@pytest.mark.parametrize(
    ("locale", "text", "near"),
    [
        ("it", "verso le 8", "20:00"),
        ("it", "verso le venti e trenta", "20:30"),
        ("it", "sulle 20", "20:00"),
        ("it", "sulle otto e mezza", "20:30"),
        ("en", "around 8", "20:00"),
        ("en", "8ish", "20:00"),
        ("en", "18ish", "18:00"),  # both digits of the hour
        ("en", "sevenish", "19:00"),  # the hour written as a word
        ("en", "noonish", "12:00"),
        ("en", "middayish", "12:00"),
        ("en", "about half seven", "19:30"),
        ("fr", "vers 20h", "20:00"),
        ("pt", "por volta das 8", "20:00"),
        ("pt", "lá para as nove", "21:00"),  # "somewhere around"
        ("pt", "lá pelas 21h", "21:00"),
        ("en", "later", None),
        ("en", "soon", None),
        ("fr", "dans la soirée", None),
        ("en", "around noon", "12:00"),
        ("en", "for 3 around 9ish", "21:00"),  # the words after "around", not the party before it
        ("it", "per 2 verso le 8 e mezza", "20:30"),
        ("en", "sometime after 8", None),
    ],
)
def test_a_vague_time_near_a_clock_time_carries_that_time(locale, text, near):
    with pytest.raises(VagueTime) as vague:
        resolve_relative_time(text, NOW, locale, lambda hhmm: hhmm >= "12:00")
    assert vague.value.approximately == near


@pytest.mark.parametrize(
    ("locale", "text"),
    [
        ("it", "25:00"),
        ("en", "20:75"),
        ("fr", "25h"),
        ("pt", "20h75"),
        ("en", "20 am"),
        ("it", "banana"),
        ("en", ""),
        ("fr", "dans heures"),
        ("pt", "daqui a"),
        ("en", "8 4"),  # "at 8 tonight? 4 of us": an hour and a party, not 20:04
        ("it", "alle 8 4"),
        ("pt", "20h 4"),  # "amanhã 20h 4 pax": an hour and a party
        ("en", "at 7 and 4"),  # "for 2 at 7 and 4 on saturday": an hour, then another party
        ("it", "alle 7 e 4"),
        ("fr", "à 7 et 4"),
    ],
)
def test_an_impossible_or_unknown_time_raises_unsupported_relative_time(locale, text):
    with pytest.raises(UnsupportedRelativeTime):
        resolve_relative_time(text, NOW, locale)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("half seven", "19:30"),
        ("at half seven", "19:30"),
        ("half 7", "19:30"),
        ("half eight in the morning", "08:30"),
    ],
)
def test_british_half_seven_is_half_past_seven_with_the_opening_hours_choosing_morning_or_evening(text, expected):
    dinner_only = lambda hhmm: "18:00" <= hhmm <= "22:30"  # noqa: E731
    assert resolve_relative_time(text, NOW, "en", dinner_only) == exact(expected)


@pytest.mark.parametrize(
    ("locale", "text", "time"),
    [
        ("en", "8 30", "20:30"),
        ("en", "seven thirty", "19:30"),
        ("it", "8 e 5", "20:05"),
        ("fr", "8 heures 5", "20:05"),
        ("fr", "20h 30", "20:30"),
        ("fr", "20h5", "20:05"),
    ],
)
def test_minutes_after_a_bare_space_are_two_digits_and_after_and_or_an_hour_word_any(locale, text, time):
    assert resolve_relative_time(text, NOW, locale, lambda hhmm: hhmm >= "12:00").time == time
