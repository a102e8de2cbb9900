"""Slips of day words corrected, and the real words of the four languages left alone."""

from __future__ import annotations

import pytest
from wordfreq import top_n_list, zipf_frequency

from concierge.parsing.spelling import correct_spelling, real_words, slip_of
from concierge.parsing.text import fold

COMMON = 3.0  # wordfreq's Zipf scale: once in a million words


def common_words(language: str) -> set[str]:
    """The language's words said at least once in a million (wordfreq's small list), folded as the parser reads."""
    words = set()
    for word in top_n_list(language, 100_000, wordlist="small"):
        if zipf_frequency(word, language, wordlist="small") < COMMON:
            break
        words.add(fold(word))
    return words


def test_the_real_words_listed_are_exactly_the_common_words_a_slip_away_from_a_day_word():
    derived = {word for language in ("it", "en", "fr", "pt") for word in common_words(language) if slip_of(word)}
    listed = real_words()
    assert not derived - listed, f"add to parsing/data/real_words.txt: {sorted(derived - listed)}"
    assert not listed - derived, f"no longer a slip of a day word: {sorted(listed - derived)}"


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("tomorow", "tomorrow"),
        ("wensday", "wednesday"),
        ("domanni", "domani"),
        ("demin", "demain"),
        ("amanhan", "amanha"),
        ("aujourdhui", "aujourd hui"),
        ("saturdy", "saturday"),
        ("sabto", "sabato"),  # as near "santo", of "santo stefano": the word that is a day alone wins
        # two letters swapped are one slip
        ("firday", "friday"),
        ("sbaato", "sabato"),
        ("jeuid", "jeudi"),
        ("qaurta", "quarta"),
        ("venredi", "vendredi"),  # as near "venerdi": Friday either way
        ("demani", "demain"),  # as near "domani": tomorrow either way
        ("domain", "demain"),  # a real word, but typed for "domani" / "demain" far more often in a booking
    ],
)
def test_a_slip_of_a_day_word_is_corrected(said, read):
    assert correct_spelling(said) == read


@pytest.mark.parametrize(
    ("said", "languages", "read"),
    [
        ("domain sera", ("it", "en", "fr", "pt"), "domani sera"),  # the venue's language first
        ("domain soir", ("fr", "it", "en", "pt"), "demain soir"),
        ("venredi", ("it",), "venerdi"),
        ("venredi", ("fr",), "vendredi"),
    ],
)
def test_of_two_slips_naming_the_same_day_the_one_of_the_first_language_is_taken(said, languages, read):
    assert correct_spelling(said, languages) == read


@pytest.mark.parametrize("word", ["home", "hope", "easier", "master", "amanda", "cerca", "angolo", "toda", "seguida"])
def test_a_real_word_a_slip_away_from_a_day_word_is_left_alone(word):
    assert slip_of(word) is not None and correct_spelling(word) == word


def test_a_plural_weekday_is_a_day_word_not_a_slip():
    assert [slip_of(word) for word in ("sundays", "samedis", "domingos")] == [None, None, None]
