import pytest

from concierge.parsing.weekdays import parse_weekday
from concierge.speech.names import LOCALES, WEEKDAYS


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("index", range(7))
def test_every_canonical_weekday_name_maps_to_its_monday_first_number(locale, index):
    assert parse_weekday(WEEKDAYS[locale][index]) == index


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("giovedì", 3),
        ("giovedi", 3),
        ("GIOVEDÌ", 3),
        ("  Giovedì, ", 3),
        ("domenica", 6),
        ("Thursday", 3),
        ("thu", 3),
        ("Thurs", 3),
        ("Sunday", 6),
        ("sat.", 5),
        ("jeudi", 3),
        ("Vendredi !", 4),
        ("dimanche", 6),
        ("quinta-feira", 3),
        ("quinta feira", 3),
        ("quinta", 3),
        ("terca", 1),
        ("terça-feira", 1),
        ("sábado", 5),
        ("sabado", 5),
        ("domingo", 6),
    ],
)
def test_a_weekday_is_recognised_in_any_language_with_or_without_accents_and_punctuation(text, expected):
    assert parse_weekday(text) == expected


@pytest.mark.parametrize("text", ["", "domani", "tomorrow", "banana", "quintal", "feira", "semaine"])
def test_words_that_are_not_weekdays_give_none(text):
    assert parse_weekday(text) is None
