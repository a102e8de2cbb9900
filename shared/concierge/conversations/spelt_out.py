"""A chat message's words typed short or kept from speech, spelt out before it is read: "table 4 2 @ 8" is
"table for 2 at 8", "jantar p/ 3" is "jantar for 3", "abt 8" is "about 8", "cena h 20.30" is "cena ore 20.30",
"3 + un bambino" is "3 plus un bambino", "S-M-I-T-H" is "Smith"; a voice transcript's "uh" and "at like eight" are as
said without them."""

from __future__ import annotations

import re

# Typed short: "4" for "for" after the word for a table ("table 4 2", "table 4 two"), "@" for "at" and "h" for "ore"
# before an hour, "p" or "p/" for "para" / "per" / "pour" before a party.
_TEXTED_FOR = re.compile(
    r"\b(table|tbl|tavolo|mesa|booking|reservation|res|rdv)\s+4\s+"
    r"(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b",  # "table 4 two"
    re.IGNORECASE,
)
# The pauses of speech a voice transcript keeps ("um" is left: it is the Portuguese "one"), and "like" between
# a preposition and a number ("at like eight", "for like 6"; "I'd like two" keeps it).
_FILLED_PAUSE = re.compile(
    r"(?<![\w'’])(?:uh+|uhm+|umm+|erm+|er|ehm+|euh+|heu+|h?mm+|hm+)(?![\w'’])[,.]?"
    r"|(?<=\bat )like\b|(?<=\bfor )like\b|(?<=\bby )like\b|(?<=\babout )like\b|(?<=\baround )like\b",
    re.IGNORECASE,
)
_TEXTED_FOR_PEOPLE = re.compile(  # and before a party counted anywhere: "thurs 4 2 ppl" is for 2 people
    r"\b4\s+(?=(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+(?:ppl|people|pax|persons|guests)\b)",
    re.IGNORECASE,
)
_TEXTED_AT = re.compile(r"(?:(?<=\s)|^)@\s*(?=\d)")
_TEXTED_P = re.compile(  # "p 3", "p/ 3", "p/ dois": para 3
    r"(?:(?<=\s)|^)[pP]/?\s?(?=\d{1,2}\b(?![:.h]\d)|(?:dois|duas|tr[eê]s|quatro|cinco|seis|sete|oito)\b)"
)
_TEXTED_PLUS = re.compile(r"(?<=\d)\s*\+\s*(?=\w)")
_TEXTED_WORDS = (
    (re.compile(r"\babt\b", re.IGNORECASE), "about"),
    (re.compile(r"\bb4(?=\s*\d)", re.IGNORECASE), "before"),
    (re.compile(r"(?<=\bme) n (?=my\b)|(?<=\bme) & (?=my\b)", re.IGNORECASE), " and "),  # "me n my mate"
)
_TEXTED_HOUR = re.compile(r"(?:(?<=\s)|^)[hH]\s?(?=\d{1,2}(?:[:.]\d{2})?\b)")  # Italian "h 21", "h20.30"
# A word spelt letter by letter, as a name is to make sure of it: "S-M-I-T-H", "S M I T H" (three letters or more),
# in place of the word said just before it ("Shivon, S-I-O-B-H-A-N" is Siobhan)
_LETTER_BY_LETTER = re.compile(
    r"(?:(?<![\w'’-])[A-Z][\w'’-]*,?\s+)?"
    r"(?P<spelt>(?<![\w-])(?:[^\W\d_]-){2,}[^\W\d_](?![\w-])|(?<!\w)(?:[A-Z] ){2,}[A-Z](?!\w))"
)


def _word_spelt(match: re.Match[str]) -> str:
    letters = re.sub(r"[\s-]", "", match["spelt"])
    return letters[:1].upper() + letters[1:].lower()


def spelt_out(text: str) -> str:
    """`text` with its short forms spelt out and the pauses of speech taken out."""
    text = _FILLED_PAUSE.sub(" ", text)  # "the name is uh John Smith", "at like eight"
    text = _LETTER_BY_LETTER.sub(_word_spelt, text)  # "Smith, S-M-I-T-H": "Smith"
    text = _TEXTED_AT.sub(" at ", _TEXTED_FOR.sub(r"\1 for \2", text))  # "table 4 2 @ 8": for 2 at 8
    text = _TEXTED_FOR_PEOPLE.sub("for ", text)
    text = _TEXTED_HOUR.sub("ore ", text)  # "cena h 20.30": alle 20.30
    text = _TEXTED_P.sub("for ", text)  # "jantar p/ 3": for 3
    for short, word in _TEXTED_WORDS:  # "abt 8", "b4 9pm"
        text = short.sub(word, text)
    return _TEXTED_PLUS.sub(" plus ", text)  # "3 + un bambino"
