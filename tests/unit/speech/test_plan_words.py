"""The plan lifecycle's words exist in every locale, with the same placeholders, each in its own language."""

from __future__ import annotations

import string
from dataclasses import fields

import pytest

from concierge.speech.names import LOCALES
from concierge.speech.plans import WORDS, PlanWords, language_of, plan_words

FIELDS = [f.name for f in fields(PlanWords) if f.type == "str"]  # the sentences, not how they are filled


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_locale_has_the_plan_words():
    assert set(WORDS) == set(LOCALES)


@pytest.mark.parametrize("locale", [locale for locale in LOCALES if locale != "en"])
@pytest.mark.parametrize("field", FIELDS)
def test_each_sentence_has_the_english_placeholders_and_is_not_left_in_english(locale, field):
    said, english = getattr(WORDS[locale], field), getattr(WORDS["en"], field)
    assert said.strip() and placeholders(said) == placeholders(english)
    if field not in ("title",):  # "Plan" is French too
        assert said != english


def test_the_planners_questions_are_asked_in_french_and_portuguese_too():
    assert plan_words("fr").how_many == "Pour combien de personnes doit être la réservation ?"
    assert plan_words("pt").several.format(options="A; B") == "Encontrei várias reservas: A; B. Qual delas quer dizer?"


def test_a_region_suffix_is_ignored_and_an_unknown_language_gets_english():
    assert language_of("it-IT") == "it" and language_of("pt_BR") == "pt" and language_of("de") == "en"
    assert plan_words("") is WORDS["en"]


def test_a_french_summary_elides_de_before_a_name_that_starts_with_a_vowel():
    assert plan_words("fr").named("Amina Benali") == "au nom d'Amina Benali"
    assert plan_words("fr").named("Karim Haddad") == "au nom de Karim Haddad"
    assert plan_words("pt").named("Ana Sousa") == "em nome de Ana Sousa"
    assert plan_words("it").named("Ugo Neri") == "a nome Ugo Neri"
