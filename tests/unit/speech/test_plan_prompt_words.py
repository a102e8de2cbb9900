"""A paused plan's words and an undo's words exist in every locale, with the same placeholders."""

from __future__ import annotations

import string
from dataclasses import fields

import pytest

from concierge.speech.names import LOCALES
from concierge.speech.plan_prompts import PROMPTS, UNDO, PromptWords, UndoWords, prompt_words, undo_words


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_locale_has_the_prompt_and_undo_words():
    assert set(PROMPTS) == set(LOCALES) and set(UNDO) == set(LOCALES)


@pytest.mark.parametrize("locale", [locale for locale in LOCALES if locale != "en"])
@pytest.mark.parametrize(
    ("table", "field"),
    [(PROMPTS, f.name) for f in fields(PromptWords)] + [(UNDO, f.name) for f in fields(UndoWords)],
)
def test_each_sentence_has_the_english_placeholders_and_is_not_left_in_english(table, field, locale):
    said, english = getattr(table[locale], field), getattr(table["en"], field)
    assert said.strip() and placeholders(said) == placeholders(english)
    if field != "option":  # "1) label" reads the same everywhere
        assert said != english


def test_an_unknown_language_gets_english_and_a_region_suffix_is_ignored():
    assert prompt_words("de") is PROMPTS["en"] and undo_words("pt-BR") is UNDO["pt"]
