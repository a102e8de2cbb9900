"""Misspellings speech-to-text produces ("tomorow", "aujourdhui"), corrected towards the day grammars' words.

Only tried when the words as given were not understood, and only for a word that is in no
grammar, one edit away from exactly one word that is: two for long words, and for a word of seven
letters that is a long word shortened ("wensday"). A common word of the four languages is never a slip
(`real_words`): "home" is no "hoje", "easier" no Easter.
"""

from __future__ import annotations

import functools
from importlib import resources

from concierge.parsing.day_grammar import GRAMMARS, DayGrammar
from concierge.parsing.day_tokens import month_words, weekday_words
from concierge.parsing.text import fold
from concierge.speech.names import MONTHS, WEEKDAYS

_SHORTEST = 4  # shorter words are too close to each other to correct safely
# Real words typed for a day word far more often than meant in a booking: "per domain sera", "domain matin".
_TYPED_FOR_A_DAY = frozenset({"domain"})


@functools.cache
def real_words() -> frozenset[str]:
    """The words of the four languages common enough to be words in their own right (a frequency of one in
    a million words or more, by wordfreq) that sit a slip away from a day word: never read as that slip
    ("home" is no "hoje", "easier" no Easter, "cerca" no "terça"). Kept in `data/real_words.txt`, which a
    test derives again from wordfreq's lists."""
    text = resources.files("concierge.parsing").joinpath("data/real_words.txt").read_text("utf-8")
    return frozenset(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


@functools.cache
def _lexicon() -> tuple[frozenset[str], dict[str, str]]:
    """Every word the grammars know, and phrases written as one word ("aujourdhui") -> as spoken."""
    phrases = {phrase for grammar in GRAMMARS.values() for phrase in _phrases(grammar)}
    phrases |= set(weekday_words()) | month_words()
    words = frozenset(word for phrase in phrases for word in phrase.split())
    joined = {phrase.replace(" ", ""): phrase for phrase in phrases if " " in phrase}
    return words, joined


def _phrases(grammar: DayGrammar) -> set[str]:
    """A day grammar's words and phrases: its days, parts of the day, holidays and other words."""
    return {*grammar.fixed, *grammar.fixed_parts, *grammar.parts, *grammar.holidays, *grammar.words}


def correct_spelling(text: str, languages: tuple[str, ...] = ()) -> str:
    """The text with each unknown word replaced by the one known word it is a slip of, if any; of two that
    name the same day, the one of the first of `languages` ("domain sera" at an Italian venue: "domani")."""
    return " ".join(_corrected(word, languages) for word in text.split())


def _corrected(word: str, languages: tuple[str, ...]) -> str:
    joined = _lexicon()[1]
    if word in joined:  # "aujourdhui"
        return joined[word]
    return word if word in real_words() and word not in _TYPED_FOR_A_DAY else slip_of(word, languages) or word


def slip_of(word: str, languages: tuple[str, ...] = ()) -> str | None:
    """The one day word `word` is a slip of, when it is none itself and long enough to tell, whatever else
    it may be (`correct_spelling` leaves the real words alone)."""
    if word in _lexicon()[0] or len(word) < _SHORTEST or not word.isalpha():
        return None
    return _nearest(word, _targets(), languages)


@functools.cache
def _targets() -> frozenset[str]:
    """The words a slip may be of: those in letters ("moro" is no slip of "2moro", nor "Moro" tomorrow), a
    weekday's plural aside ("vendredie" is a slip of "vendredi", not of "vendredis" too), and none said only of
    a day gone by ("Neri" is no slip of "ieri": no booking is made for yesterday)."""
    weekdays = weekday_words()
    plurals = {word for word in weekdays if word.endswith("s") and word[:-1] in weekdays}
    gone = {phrase for grammar in GRAMMARS.values() for phrase, ahead in grammar.fixed.items() if ahead < 0}
    to_come = {word for grammar in GRAMMARS.values() for phrase in _phrases(grammar) - gone for word in phrase.split()}
    only_gone = {word for phrase in gone for word in phrase.split()} - to_come
    return frozenset(word for word in _lexicon()[0] - only_gone if word.isalpha() and word not in plurals)


def _nearest(word: str, words: frozenset[str], languages: tuple[str, ...]) -> str | None:
    from rapidfuzz import process  # only when a word was not understood
    from rapidfuzz.distance import OSA

    near = process.extract(word, words, scorer=OSA.distance, score_cutoff=2, limit=None)
    found = [(known, distance) for known, distance, _ in near if distance <= _edits_allowed(word, known)]
    if not found:
        return None
    best = min(distance for _, distance in found)
    closest = [known for known, distance in found if distance == best]
    if len(closest) > 1:  # "sabto": "sabato", a day alone, before "santo" (of "santo stefano")
        closest = [known for known in closest if known in _days_alone()]
    if len({_meaning(known) for known in closest}) == 1:  # "venredi": "vendredi" or "venerdi", Friday either way
        return min(closest, key=lambda known: (_rank(known, languages), known))
    return None


def _rank(word: str, languages: tuple[str, ...]) -> int:
    """How early in `languages` the first one holding `word` comes; after them all when none does."""
    held = _languages_of().get(word, frozenset())
    return next((i for i, language in enumerate(languages) if language in held), len(languages))


@functools.cache
def _languages_of() -> dict[str, frozenset[str]]:
    """Each word of a day grammar, its weekdays or its months, and the languages it belongs to."""
    held: dict[str, set[str]] = {}
    for language, grammar in GRAMMARS.items():
        phrases = _phrases(grammar) | {fold(name) for name in (*WEEKDAYS[language], *MONTHS[language])}
        for word in {word for phrase in phrases for word in phrase.split()}:
            held.setdefault(word, set()).add(language)
    return {word: frozenset(languages) for word, languages in held.items()}


def _meaning(word: str) -> object:
    """What a day word names, the same in every language: a weekday, or a number of days ahead ("domani",
    "demain"); any other word, itself."""
    if (weekday := weekday_words().get(word)) is not None:
        return ("weekday", weekday)
    ahead = {days for grammar in GRAMMARS.values() for said, days in grammar.fixed.items() if said == word}
    return ("ahead", ahead.pop()) if len(ahead) == 1 else word


@functools.cache
def _days_alone() -> frozenset[str]:
    """The words that name a day by themselves: weekdays, months and one-word days ("domani", "natale")."""
    alone = set(weekday_words()) | month_words()
    for grammar in GRAMMARS.values():
        alone |= {phrase for phrase in (*grammar.fixed, *grammar.holidays) if " " not in phrase}
    return frozenset(alone)


def _edits_allowed(word: str, known: str) -> int:
    return 2 if len(word) >= 8 or (len(word) == 7 and len(known) >= 9) else 1
