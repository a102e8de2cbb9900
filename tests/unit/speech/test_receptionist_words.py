"""The chat agent's words exist in every locale with the same fields."""

from __future__ import annotations

import string

import pytest

from concierge.speech.agent_prompts import PROMPTS
from concierge.speech.receptionist import CARE_TYPES, WORDS, agent_words
from concierge.speech.names import SHORT_WEEKDAYS
from concierge.speech.receptionist_kinds import KIND_WORDS


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_locale_has_every_sentence_with_the_same_fields():
    reference = WORDS["en"]
    for locale in ("it", "fr", "pt"):
        assert WORDS[locale].keys() == reference.keys(), locale
        for key, template in reference.items():
            assert fields(WORDS[locale][key]) == fields(template), (locale, key)


def test_care_types_and_weekdays_are_complete():
    for locale in WORDS:
        assert CARE_TYPES[locale].keys() == CARE_TYPES["en"].keys()
        assert len(SHORT_WEEKDAYS[locale]) == 7


def test_the_model_instructions_exist_in_every_locale_with_the_same_fields():
    for locale in ("it", "fr", "pt"):
        assert PROMPTS[locale].keys() == PROMPTS["en"].keys(), locale
        for key, template in PROMPTS["en"].items():
            assert fields(PROMPTS[locale][key]) == fields(template), (locale, key)


def test_french_elides_de_before_a_name_that_starts_with_a_vowel():
    words = agent_words("fr", "clinic")
    fields_ = dict(what="un rendez-vous", day="lundi 30 novembre", time="10 h")
    assert "au nom d'Amina Benali ?" in words.say("confirm", name="Amina Benali", **fields_)
    assert "au nom d'Élodie Martin ?" in words.say("confirm", name="Élodie Martin", **fields_)
    assert "au nom de Karim Haddad." in words.say("created", name="Karim Haddad", **fields_)
    assert "a nome Amina Benali?" in agent_words("it", "restaurant").say("confirm", name="Amina Benali", **fields_)


def test_a_kind_s_sentences_replace_existing_ones_with_the_same_fields():
    for (locale, kind), sentences in KIND_WORDS.items():
        assert kind in ("restaurant", "clinic", "venue")
        for key, template in sentences.items():
            assert key in WORDS[locale] and fields(template) == fields(WORDS[locale][key]), (locale, kind, key)
            assert template != WORDS[locale][key], (locale, kind, key)


def test_a_table_is_a_reservation_in_french_and_a_visit_an_appointment_in_english():
    said = dict(day="vendredi 27 novembre", time="20 h")
    assert agent_words("fr", "restaurant").say("cancelled", **said) == (
        "Votre réservation du vendredi 27 novembre à 20 h est annulée."
    )
    assert (
        agent_words("fr", "clinic").say("cancelled", **said)
        == "Votre rendez-vous du vendredi 27 novembre à 20 h est annulé."
    )
    assert agent_words("en", "clinic").say("cancel_kept") == "All right, your appointment is kept."
    assert agent_words("en", "restaurant").say("cancel_kept") == "All right, your booking is kept."


@pytest.mark.parametrize("kind", ["restaurant", "clinic"])
@pytest.mark.parametrize("locale", ["en", "it", "fr", "pt"])
def test_what_the_receptionist_can_do_is_the_no_answer_sentence_after_its_first(locale, kind):
    words = agent_words(locale, kind)
    assert words.say("no_answer").startswith(words.say("no_answer.again"))
    assert words.say("no_answer") == f"{words.say('no_answer.again')} {words.abilities()}"
