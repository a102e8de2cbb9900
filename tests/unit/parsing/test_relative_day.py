import datetime

import pytest

from concierge.parsing.errors import UnsupportedRelativeDay
from concierge.parsing.relative_day import DayResolution, resolve_relative_day

TODAY = datetime.date(2026, 2, 19)  # a Thursday


def day(number: int) -> datetime.date:
    return datetime.date(2026, 2, 19) + datetime.timedelta(days=number - 19)


@pytest.mark.parametrize(
    ("locale", "text", "expected"),
    [
        ("it", "oggi", day(19)),
        ("it", "stasera", day(19)),
        ("it", "stamattina", day(19)),
        ("it", "domani", day(20)),
        ("it", "dopodomani", day(21)),
        ("en", "today", day(19)),
        ("en", "tonight", day(19)),
        ("en", "this evening", day(19)),
        ("en", "tomorrow", day(20)),
        ("en", "the day after tomorrow", day(21)),
        ("fr", "aujourd'hui", day(19)),
        ("fr", "ce soir", day(19)),
        ("fr", "demain", day(20)),
        ("fr", "après-demain", day(21)),
        ("pt", "hoje", day(19)),
        ("pt", "hoje à noite", day(19)),
        ("pt", "esta noite", day(19)),
        ("pt", "amanhã", day(20)),
        ("pt", "depois de amanhã", day(21)),
    ],
)
def test_today_tomorrow_and_the_day_after_resolve_to_fixed_offsets(locale, text, expected):
    resolved = resolve_relative_day(text, TODAY, locale)
    assert (resolved.date, resolved.ambiguous) == (expected, False)


@pytest.mark.parametrize(
    ("locale", "text", "expected"),
    [
        ("it", "tra 3 giorni", day(22)),
        ("it", "fra tre giorni", day(22)),
        ("it", "tra un giorno", day(20)),
        ("it", "tra una settimana", day(26)),
        ("it", "fra due settimane", datetime.date(2026, 3, 5)),
        ("en", "in 3 days", day(22)),
        ("en", "in three days", day(22)),
        ("en", "in a week", day(26)),
        ("en", "in two weeks", datetime.date(2026, 3, 5)),
        ("en", "3 days from now", day(22)),
        ("en", "three days from today", day(22)),
        ("en", "two weeks from now", datetime.date(2026, 3, 5)),
        ("fr", "dans 3 jours", day(22)),
        ("fr", "dans trois jours", day(22)),
        ("fr", "dans une semaine", day(26)),
        ("fr", "dans deux semaines", datetime.date(2026, 3, 5)),
        ("pt", "daqui a 3 dias", day(22)),
        ("pt", "em três dias", day(22)),
        ("pt", "dentro de dois dias", day(21)),
        ("pt", "daqui a duas semanas", datetime.date(2026, 3, 5)),
        ("pt", "daqui a uma semana", day(26)),
    ],
)
def test_a_number_of_days_or_weeks_ahead_counts_from_today(locale, text, expected):
    assert resolve_relative_day(text, TODAY, locale) == DayResolution(expected, ambiguous=False)


@pytest.mark.parametrize(
    ("locale", "text", "expected"),
    [
        ("en", "friday in two weeks", datetime.date(2026, 3, 6)),
        ("en", "in two weeks on Tuesday", datetime.date(2026, 3, 3)),
        ("en", "in a week on friday", day(27)),
        ("en", "friday in a fortnight", datetime.date(2026, 3, 6)),
        ("it", "venerdì tra due settimane", datetime.date(2026, 3, 6)),
        ("fr", "dans deux semaines, vendredi", datetime.date(2026, 3, 6)),
        ("pt", "daqui a duas semanas na sexta", datetime.date(2026, 3, 6)),
    ],
)
def test_a_weekday_weeks_ahead_is_that_weekday_in_the_calendar_week_so_many_weeks_after_this_one(
    locale, text, expected
):
    assert resolve_relative_day(text, TODAY, locale) == DayResolution(expected, ambiguous=False)


@pytest.mark.parametrize(
    ("locale", "text", "expected"),
    [
        ("en", "the first Saturday of March", datetime.date(2026, 3, 7)),
        ("en", "the second Tuesday in April", datetime.date(2026, 4, 14)),
        ("en", "the last Friday of the month", day(27)),
        ("en", "the first Monday of next month", datetime.date(2026, 3, 2)),
        ("en", "the first Monday of February", datetime.date(2027, 2, 1)),  # this year's is past
        ("it", "l'ultimo venerdì di marzo", datetime.date(2026, 3, 27)),
        ("fr", "le premier samedi de mars", datetime.date(2026, 3, 7)),
        ("pt", "a primeira sexta de março", datetime.date(2026, 3, 6)),
        ("it", "l'ultimo venerdì del mese", day(27)),
        ("fr", "le dernier vendredi du mois", day(27)),
        ("pt", "a última sexta do mês", day(27)),
        ("it", "il primo lunedì del mese prossimo", datetime.date(2026, 3, 2)),
        ("fr", "le premier lundi du mois prochain", datetime.date(2026, 3, 2)),
        ("pt", "a primeira segunda do mês que vem", datetime.date(2026, 3, 2)),
        ("en", "the first Monday of the month", datetime.date(2026, 3, 2)),  # this month's is past: next month's
        ("it", "il terzo giovedì del mese", day(19)),  # today's
        ("fr", "le troisième jeudi de mars", datetime.date(2026, 3, 19)),  # "troisieme", once folded, was no number
        ("fr", "le deuxième samedi du mois prochain", datetime.date(2026, 3, 14)),
    ],
)
def test_the_nth_or_last_weekday_of_a_month_is_that_day_this_year_or_next(locale, text, expected):
    assert resolve_relative_day(text, TODAY, locale) == DayResolution(expected, ambiguous=False)


def test_a_fifth_weekday_a_month_does_not_have_is_not_guessed():
    with pytest.raises(UnsupportedRelativeDay):
        resolve_relative_day("the fifth Monday of April", TODAY, "en")  # April 2026 has four


def test_a_weekday_some_days_ahead_is_not_guessed():
    with pytest.raises(UnsupportedRelativeDay):
        resolve_relative_day("friday in 3 days", TODAY, "en")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("dans huit jours", day(26)),
        ("dans quinze jours", datetime.date(2026, 3, 5)),
    ],
)
def test_french_eight_and_fifteen_days_mean_one_and_two_weeks(text, expected):
    assert resolve_relative_day(text, TODAY, "fr") == DayResolution(expected, ambiguous=False)


@pytest.mark.parametrize(
    ("locale", "text", "expected"),
    [
        ("it", "sabato", day(21)),
        ("it", "sabato prossimo", day(21)),
        ("it", "il prossimo sabato", day(21)),
        ("it", "la prossima domenica", day(22)),
        ("it", "questo sabato", day(21)),
        ("it", "mercoledì", day(25)),
        ("en", "Friday", day(20)),
        ("en", "on Friday", day(20)),
        ("en", "next Friday", day(20)),
        ("en", "this Friday", day(20)),
        ("en", "Wednesday", day(25)),
        ("fr", "vendredi", day(20)),
        ("fr", "vendredi prochain", day(20)),
        ("fr", "ce vendredi", day(20)),
        ("fr", "lundi", day(23)),
        ("pt", "sexta", day(20)),
        ("pt", "sexta-feira", day(20)),
        ("pt", "na sexta", day(20)),
        ("pt", "de sexta", day(20)),  # "a mesa de sexta": Friday, not Sexta-feira Santa
        ("pt", "da sexta-feira", day(20)),
        ("pt", "próxima sexta", day(20)),
        ("pt", "sexta que vem", day(20)),
        ("pt", "este sábado", day(21)),
        ("pt", "terça", day(24)),
        ("en", "Friday coming", day(20)),  # British
        ("fr", "ce vendredi qui arrive", day(20)),
    ],
)
def test_a_weekday_resolves_to_its_next_date_after_today(locale, text, expected):
    assert resolve_relative_day(text, TODAY, locale) == DayResolution(expected, ambiguous=False)


@pytest.mark.parametrize(
    ("locale", "text"),
    [
        ("it", "giovedì"),
        ("it", "questo giovedì"),
        ("en", "Thursday"),
        ("en", "this Thursday"),
        ("fr", "jeudi"),
        ("fr", "ce jeudi"),
        ("pt", "quinta"),
        ("pt", "esta quinta-feira"),
    ],
)
def test_a_weekday_named_on_that_same_weekday_is_a_week_ahead_and_ambiguous(locale, text):
    assert resolve_relative_day(text, TODAY, locale) == DayResolution(
        day(26), ambiguous=True, candidates=(day(26), TODAY)
    )


@pytest.mark.parametrize(
    ("locale", "text"),
    [
        ("it", "giovedì prossimo"),
        ("it", "il prossimo giovedì"),
        ("en", "next Thursday"),
        ("fr", "jeudi prochain"),
        ("pt", "próxima quinta"),
        ("pt", "quinta que vem"),
    ],
)
def test_next_on_that_same_weekday_is_a_week_ahead_without_doubt(locale, text):
    assert resolve_relative_day(text, TODAY, locale) == DayResolution(day(26), ambiguous=False)


@pytest.mark.parametrize(
    ("locale", "text", "expected"),
    [
        ("it", "Per sabato prossimo!", day(21)),
        ("it", "DOPODOMANI.", day(21)),
        ("it", "per il prossimo sabato", day(21)),
        ("en", "For next Friday.", day(20)),
        ("en", "  Tomorrow? ", day(20)),
        ("fr", "apres-demain", day(21)),
        ("fr", "Pour vendredi", day(20)),
        ("fr", "aujourd’hui", day(19)),
        ("pt", "amanha", day(20)),
        ("pt", "Para a próxima sexta!", day(20)),
        ("pt", "depois de amanha", day(21)),
    ],
)
def test_minor_noise_such_as_capitals_punctuation_leading_words_and_missing_accents_is_tolerated(
    locale, text, expected
):
    assert resolve_relative_day(text, TODAY, locale).date == expected


@pytest.mark.parametrize(
    ("venue_locale", "text", "expected"),
    [
        ("en", "domani", day(20)),
        ("it", "next Friday", day(20)),
        ("pt", "dans huit jours", day(26)),
        ("fr", "sexta que vem", day(20)),
    ],
)
def test_a_caller_speaking_another_language_than_the_venue_is_still_understood(venue_locale, text, expected):
    assert resolve_relative_day(text, TODAY, venue_locale).date == expected


@pytest.mark.parametrize("text", ["le 20", "verso le 20", "sulle 20", "le otto", "a 20", "per le ore 21 e 30"])
def test_an_hour_led_in_by_the_venues_words_is_no_date_read_in_another_language(text):
    with pytest.raises(UnsupportedRelativeDay):  # French reads "le 20" as the 20th; in Italian it is 8 pm
        resolve_relative_day(text, TODAY, "it")


@pytest.mark.parametrize(
    ("venue_locale", "text", "expected"),
    [
        ("fr", "le 20", day(20)),  # the 20th where French is spoken
        ("en", "le 20", day(20)),
        ("it", "le 25", day(25)),  # no hour
        ("it", "il 20", day(20)),
        ("it", "l'8", datetime.date(2026, 3, 8)),  # Italian's own date
    ],
)
def test_a_number_after_le_is_a_date_where_it_cannot_be_the_venues_hour(venue_locale, text, expected):
    assert resolve_relative_day(text, TODAY, venue_locale).date == expected


@pytest.mark.parametrize(
    ("text", "expected"), [("sat", day(21)), ("thurs", day(26)), ("dec 5", datetime.date(2026, 12, 5))]
)
def test_english_short_day_and_month_names_are_read_in_english(text, expected):
    assert resolve_relative_day(text, TODAY, "en").date == expected


@pytest.mark.parametrize(
    ("locale", "text", "expected"),
    [
        ("pt", "5 dez", datetime.date(2026, 12, 5)),
        ("pt", "sábado, dia 5 de dez", datetime.date(2026, 12, 5)),
        ("pt", "1º fev", datetime.date(2027, 2, 1)),
        ("it", "il 5 dic", datetime.date(2026, 12, 5)),
        ("it", "3 gen", datetime.date(2027, 1, 3)),
        ("fr", "le 3 janv.", datetime.date(2027, 1, 3)),
        ("fr", "mardi 1er déc", datetime.date(2026, 12, 1)),
        ("fr", "12 sept", datetime.date(2026, 9, 12)),
    ],
)
def test_months_cut_short_are_read_after_a_days_number_in_every_language(locale, text, expected):
    assert resolve_relative_day(text, TODAY, locale).date == expected


@pytest.mark.parametrize(
    ("locale", "text", "expected"),
    [
        ("en", "the day after Christmas", datetime.date(2026, 12, 26)),
        ("fr", "le lendemain de Noël", datetime.date(2026, 12, 26)),
        ("it", "il giorno dopo Natale", datetime.date(2026, 12, 26)),
        ("pt", "o dia a seguir ao Natal", datetime.date(2026, 12, 26)),
        ("en", "the day before Christmas", datetime.date(2026, 12, 24)),
        ("it", "il giorno prima di Capodanno", datetime.date(2026, 12, 31)),
        ("en", "the day after Friday", day(21)),  # TODAY is Thursday the 19th
        ("fr", "le lendemain du 31 décembre", datetime.date(2027, 1, 1)),
        ("en", "the day after tomorrow", day(21)),  # its own name, as before
    ],
)
def test_the_day_after_or_before_a_day_named_is_read(locale, text, expected):
    assert resolve_relative_day(text, TODAY, locale).date == expected


def test_the_day_before_today_is_no_day_to_book():
    with pytest.raises(UnsupportedRelativeDay):
        resolve_relative_day("the day before today", TODAY, "en")


@pytest.mark.parametrize(
    ("locale", "text", "expected"),
    [
        ("it", "sab 21", day(21)),  # TODAY is Thursday the 19th
        ("fr", "sam. 21 févr.", day(21)),
        ("pt", "sáb 21", day(21)),
        ("it", "mar 24", day(24)),
    ],
)
def test_weekdays_cut_short_are_read_before_a_days_number_in_every_language(locale, text, expected):
    assert resolve_relative_day(text, TODAY, locale).date == expected


def test_a_word_that_is_also_a_weekday_cut_short_names_no_day():
    with pytest.raises(UnsupportedRelativeDay):
        resolve_relative_day("podemos ter 2", TODAY, "pt")  # "ter", to have, is never Tuesday


@pytest.mark.parametrize(("locale", "text"), [("pt", "dez"), ("it", "mai"), ("pt", "10 out of 10"), ("it", "5 set")])
def test_a_month_cut_short_is_not_read_alone_nor_where_it_is_an_english_word(locale, text):
    with pytest.raises(UnsupportedRelativeDay):
        resolve_relative_day(text, TODAY, locale)


@pytest.mark.parametrize(
    ("locale", "text"), [("fr", "pour mon fils"), ("it", "le tue prenotazioni"), ("fr", "sept personnes")]
)
def test_english_short_names_are_other_words_in_other_languages(locale, text):
    with pytest.raises(UnsupportedRelativeDay):
        resolve_relative_day(text, TODAY, locale)


@pytest.mark.parametrize(
    ("locale", "text"),
    [
        ("fr", "la semaine prochaine"),
        ("pt", "banana"),
        ("it", ""),
        ("en", "in days"),
        ("en", "3 days"),  # counted from now only with "in" or "from now"
        ("fr", "dans jours"),
        ("pt", "próximo"),
    ],
)
def test_words_that_name_no_day_raise_unsupported_relative_day(locale, text):
    with pytest.raises(UnsupportedRelativeDay):
        resolve_relative_day(text, TODAY, locale)


def test_an_unknown_locale_is_a_programming_error():
    with pytest.raises(ValueError, match="unsupported locale"):
        resolve_relative_day("morgen", TODAY, "de")


@pytest.mark.parametrize(
    ("locale", "text", "expected", "part"),
    [
        ("en", "late tonight", day(19), "night"),
        ("en", "tonight late", day(19), "night"),
        ("en", "late friday evening", day(20), "evening"),
        ("en", "early saturday morning", day(21), "morning"),
        ("it", "stasera tardi", day(19), "evening"),
        ("it", "domani sera tardi", day(20), "evening"),
        ("fr", "tard ce soir", day(19), "evening"),
        ("fr", "demain matin tôt", day(20), "morning"),
    ],
)
def test_a_day_and_its_part_said_late_or_early_are_that_day_and_part(locale, text, expected, part):
    resolved = resolve_relative_day(text, TODAY, locale)
    assert (resolved.date, resolved.part) == (expected, part)


@pytest.mark.parametrize(("locale", "text"), [("en", "late friday"), ("en", "late"), ("it", "domani presto")])
def test_late_or_early_with_no_part_of_the_day_names_no_day(locale, text):
    with pytest.raises(UnsupportedRelativeDay):
        resolve_relative_day(text, TODAY, locale)
