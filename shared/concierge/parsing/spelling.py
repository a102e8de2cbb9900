"""Misspellings speech-to-text produces ("tomorow", "aujourdhui"), corrected towards the day grammars' words.

Only tried when the words as given were not understood, and only for a word that is in no
grammar, one edit away from exactly one word that is: two for long words, and for a word of seven
letters that is a long word shortened ("wensday").
"""

from __future__ import annotations

import functools

from concierge.parsing.day_grammar import GRAMMARS
from concierge.parsing.text import fold
from concierge.speech.names import LOCALES, MONTHS, WEEKDAYS

_SHORTEST = 4  # shorter words are too close to each other to correct safely
# Words in their own right one edit from a day word: never read as its slip ("about 9" is no "août 9",
# "pour 4" no "jour 4", "minha" no "manhã", "aprite sabato?" no April).
_ORDINARY = frozenset(
    """
    about text mark marks match main mail maid maps vars many days times hours hour then them they your yours
    four join inner right eight light near soon thin know yeah hear hears food tell cell well fell even ever
    super upper quit scan span nest domain remain dies timer
    della delle dello nuovo nove prima primi ultima meno anna manca miei ogni sette sara festa terza quinto
    quarto quarti quaranta aprite dimentica deve settima
    pour notre soin voir tard quart tout sans depuis cert premiere
    leve meia minha duas horas este estao todas nova desta nesta essa estar dica dizer segundo primeira quintal nono
    """.split()
)


@functools.cache
def _lexicon() -> tuple[frozenset[str], dict[str, str]]:
    """Every word the grammars know, and phrases written as one word ("aujourdhui") -> as spoken."""
    phrases: set[str] = set()
    for grammar in GRAMMARS.values():
        phrases |= {*grammar.fixed, *grammar.fixed_parts, *grammar.parts, *grammar.holidays, *grammar.words}
    for locale in LOCALES:
        phrases |= {fold(name) for name in (*WEEKDAYS[locale], *MONTHS[locale])}
    words = frozenset(word for phrase in phrases for word in phrase.split())
    joined = {phrase.replace(" ", ""): phrase for phrase in phrases if " " in phrase}
    return words, joined


def correct_spelling(text: str) -> str:
    """The text with each unknown word replaced by the one known word it is a slip of, if any."""
    words, joined = _lexicon()
    out = []
    for word in text.split():
        if word in words or word in _ORDINARY or len(word) < _SHORTEST or not word.isalpha():
            out.append(word)
        elif word in joined:
            out.append(joined[word])
        else:
            out.append(_nearest(word, _targets()) or word)
    return " ".join(out)


@functools.cache
def _targets() -> frozenset[str]:
    """The words a slip may be of: those in letters ("moro" is no slip of "2moro", nor "Moro" tomorrow)."""
    return frozenset(word for word in _lexicon()[0] if word.isalpha())


def _nearest(word: str, words: frozenset[str]) -> str | None:
    from rapidfuzz import process  # only when a word was not understood
    from rapidfuzz.distance import Levenshtein

    near = process.extract(word, words, scorer=Levenshtein.distance, score_cutoff=2, limit=None)
    found = [(known, distance) for known, distance, _ in near if distance <= _edits_allowed(word, known)]
    if not found:
        return None
    best = min(distance for _, distance in found)
    closest = [known for known, distance in found if distance == best]
    return closest[0] if len(closest) == 1 else None


def _edits_allowed(word: str, known: str) -> int:
    return 2 if len(word) >= 8 or (len(word) == 7 and len(known) >= 9) else 1
