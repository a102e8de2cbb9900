"""A name written at the end of a message: after the booking's day, time or party ("… friday at 8 Sam Lee"),
or as its signature ("Thanks, Mike", "- Jo")."""

from __future__ import annotations

import re
from collections.abc import Callable

from concierge.conversations.customer_names import (
    WHEN_CUT_SHORT,
    a_name_not_a_month,
    name_at_start,
    says_something_else,
)
from concierge.conversations.name_words import BEFORE_A_PLACE, KIN, NEVER_IN_A_NAME, SURNAME_PARTICLES, FOR_WORDS
from concierge.conversations.vocabulary import INTENTS, Vocabulary
from concierge.parsing.text import with_digits
from concierge.speech.names import LOCALES
from concierge.tools.faq import normalise

# Two to four capitalised words ending a message: "… friday at 8 Sam Lee", "mesa para 2 quarta 20h30 João Silva",
# "rdv demain 9h détartrage Paul Girard". Found from the end, and the word before them looked at alone, so that a
# long message costs no more than its length.
_PARTICLE = "|".join(sorted(SURNAME_PARTICLES))  # "Maria da Silva", "Marie de la Tour"
_RUN_LAST = re.compile(
    rf"(?<![\w'’])((?:[A-ZÀ-Ý][\w'’\-]*\s+(?:(?:{_PARTICLE})\s+){{0,2}}){{0,3}}[A-ZÀ-Ý][\w'’\-]*)[.!]?\s*$"
)
_TIME_ENDS = re.compile(r"\d(?:[:h.]?\d\d)?(?i:am|pm|h)?$")  # the word before them: a time ("8", "20h30", "8pm")
_SMALL_ENDS = re.compile(r"(?<![\w'’])[a-zà-ÿ][\w'’\-]*$")  # or a word written small ("détartrage", "for")
_SYMBOLS = re.compile(r"[^\w\s'’.?\-]|(?<!\w)[.\-]+(?!\w)")  # emoji, smileys, dashes (a question stays one)
# The word before a name said of oneself, written small: "… alle 20 sono Giulia", "… à 10h c'est Marie"
_SELF_WORDS = frozenset({"sono", "suis", "c'est"})
# The please or thanks after the name: "… at 8 for Harris please", "… alle 20 Mario Rossi grazie"
_THANKS_LAST = re.compile(
    r"\s+(?i:please|pls|plz|thanks|thank you|thx|cheers|per favore|grazie(?: mille)?|s'il vous pla[iî]t|svp|"
    r"merci(?: beaucoup)?|por favor|(?:muito )?obrigad[oa])[.!]*\s*$"
)


def _a_number_in(text: str) -> bool:
    """Whether `text` says a number, in digits or words ("… às oito e meia … para duas pessoas Rui Costa")."""
    folded = normalise(text)
    return bool(re.search(r"\d", text)) or any(re.search(r"\d", with_digits(folded, loc)) for loc in LOCALES)


def _for_someone(after: str, name: str) -> bool:
    """ "… for Tom" names Tom; "… for Two", "per Due", "for Dad" name no one."""
    folded = normalise(name)
    return (
        after.lower() in FOR_WORDS
        and folded not in KIN
        and not any(with_digits(folded, locale).isdigit() for locale in LOCALES)
    )


def name_written_last(text: str, vocab: Vocabulary, is_day: Callable[[str], bool]) -> str | None:
    """A full name written last in the message or before its first comma, with no comma before it, after the
    day, time or party ("table for 2 friday at 8 Sam Lee", "tavolo per 2 venerdì alle 20 Mario Rossi", "rdv
    demain 9h détartrage Paul Girard", "table for 6 saturday 8pm Tom Baker, we'll need a high chair"); a name
    of one word only right after a time, "for" or "sono" ("… at 8 Tom", "… friday at 8 for Tom", "… alle 20 sono
    Giulia")."""
    first, comma, _ = text.partition(",")
    return (_written_last(first, vocab, is_day) if comma else None) or _written_last(text, vocab, is_day)


def _written_last(text: str, vocab: Vocabulary, is_day: Callable[[str], bool]) -> str | None:
    cleaned = _THANKS_LAST.sub("", _SYMBOLS.sub(" ", text))  # "… 8pm 🙏 Sam Lee", "… h20.30 Giulia Bianchi :)"
    run = _RUN_LAST.search(cleaned)
    before = cleaned[: run.start()] if run else ""
    said = before.split()[-1:]
    if run is None or not said or not before[-1].isspace():
        return None
    line = before[before.rfind("\n", 0, len(before.rstrip())) + 1 :]  # the number is said on the name's line
    small = _SMALL_ENDS.search(said[0])
    after_a_time = _TIME_ENDS.search(said[0]) is not None
    if not (after_a_time or (small and _a_number_in(line[: len(line.rstrip()) - len(said[0])]))):
        return None
    name, after = run.group(1), small.group() if small else ""
    said_of_oneself = after.lower().replace("’", "'") in _SELF_WORDS  # "… alle 20 sono Giulia"
    one_word_fits = after_a_time or (" " not in name and (_for_someone(after, name) or said_of_oneself))
    a_when = normalise(name) in WHEN_CUT_SHORT and not a_name_not_a_month(name)  # "Sat", not "Marco"
    if " " not in name and not (one_word_fits and not a_when):
        return None  # one word: "… at 8 Tom", "… at 8 for Tom", not "… at 8 Sat"
    if after.lower() in BEFORE_A_PLACE or any(normalise(word) in vocab.counting_words for word in name.split()):
        return None  # "… 8PM 2 PEOPLE": the party's unit
    requested = normalise(f"{after} {name}")  # "… celebrating Father's Day"
    if says_something_else(name, vocab) or any(p.search(requested) for p in vocab.special_requests):
        return None  # "… at 8 Thank You"
    if is_day(name):
        return None  # "… at 8 Christmas Eve"
    named = [word for word in name.split() if word not in SURNAME_PARTICLES]  # "… 20h Maria da Silva"
    if any(normalise(word) in NEVER_IN_A_NAME or word.lower() in NEVER_IN_A_NAME for word in named):
        return None  # "Near The Window"
    return name_at_start(name)


# A message signed off with a name: "..., maybe 7:30? Thanks, Mike", "Grazie, Mario Rossi".
_SIGNED = re.compile(
    r"(?:\b(?:thanks|thank you|many thanks|cheers|regards|kind regards|best wishes|grazie|grazie mille|saluti|"
    r"cordiali saluti|merci|merci beaucoup|cordialement|obrigad[oa]|muito obrigad[oa]|cumprimentos)"
    r"\s*[,.!]?\s+|\s[-–—]\s*)"  # or after a dash, as a text is signed: "2 ppl tmrw 7pm pls - Jo"
    r"((?:[A-ZÀ-Ý][\w'’\-]*\.?\s*){1,3})[.!]?\s*$",
    re.IGNORECASE,
)


def signed_name(text: str, vocab: Vocabulary, is_day: Callable[[str], bool]) -> str | None:
    """The name a message is signed with, after its thanks or a dash at the very end ("Thanks, Mike", "- Jo")."""
    match = _SIGNED.search(text)
    if match is None or not all(word[:1].isupper() for word in match.group(1).split()):
        return None
    name = match.group(1).strip()
    folded = normalise(name)
    if any(vocab.has(intent, folded) for intent in INTENTS) or is_day(name):
        return None  # "Thanks, Bye", "Merci, À Samedi"
    return name_at_start(name)
