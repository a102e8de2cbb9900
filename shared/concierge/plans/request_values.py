"""A request's words as tokens, and the days, times and guest counts said in them.

Days and times are read by the project's parsers (`parsing`), on the longest run of words they
accept; whether one is the booking's current value or its new one follows from the words around it
("from", "di", "de" / "to", "a", "para"; "Friday booking"). A number is a guest count only with a
guest word ("6 people", "table for 6") and a time only with a time mark ("at 8", "alle 8", "8pm",
"20h"), so a bare number is never taken for a time.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from concierge.parsing import (
    UnsupportedRelativeDay,
    UnsupportedRelativeTime,
    VagueTime,
    WeekdayMismatch,
    resolve_relative_day,
    resolve_relative_time,
)
from concierge.parsing.day_tokens import month_words
from concierge.parsing.text import fold, with_digits
from concierge.plans import request_words as W

BOOKING_ID = re.compile(r"\b[0-9a-f]{12}\b")
EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
PHONE = re.compile(r"\+?\d[\d\s().-]{6,}\d")
NEW_NAME = re.compile(
    r"\b(?:name to|under the name(?: of)?|a nome(?: di)?|nome in|intestata a|au nom de|nom en|em nome de"
    r"|nome para)\s+([A-ZÀ-Ý][\wÀ-ÿ'-]*(?:\s+[A-ZÀ-Ý][\wÀ-ÿ'-]*)*)"
)
WORD = re.compile(r"\d[\w:.'º°ª]*|[^\W\d_][\w'’-]*|[,;]")
ELISION = re.compile(r"^(l|d|dell|dall|all|nell|sull|un|qu|c|j|n|s)['’](?=\w)")
POSSESSIVE = re.compile(r"['’]s?$")
UNIT = (
    r"(?:people|persons?|guests?|pax|covers|adults|persone|persona|ospiti|ospite|coperti|adulti"
    r"|personnes?|couverts|invites|convives|adultes|pessoas?|convidados|lugares|adultos)"
)
PEOPLE = [
    re.compile(rf"^(\d{{1,3}}) {UNIT}$"),
    re.compile(r"^(?:a |une |un |uma )?(?:table|tavolo|mesa|party) (?:for|per|pour|para|of|da|de) (\d{1,3})$"),
    re.compile(
        r"^(?:siamo in|saremo in|we are|we re|we ll be|we will be|nous sommes|nous serons|on sera|somos|seremos)"
        r" (\d{1,3})$"
    ),
]
MORE_PEOPLE = [
    re.compile(rf"^(\d{{1,3}}) (?:more|extra|additional)(?: {UNIT})?$"),
    re.compile(rf"^(\d{{1,3}})(?: {UNIT})? (?:more|in piu|de plus|a mais|en plus)$"),
    re.compile(
        rf"^(?:add|aggiungi|aggiungere|ajoute|ajoutez|ajouter|adicione|adicionar|acrescente|mais)"
        rf" (\d{{1,3}})(?: {UNIT})?$"
    ),
]
BARE_COUNT = re.compile(r"^(?:to|a|in|per|para|pour|en|now|ora|adesso|maintenant|agora) (\d{1,3})$")
STRONG_TIME = re.compile(
    r"\d[:.h]\d\d|\d ?h\b|\d ?(?:am|pm)\b|\b(?:noon|midnight|mezzogiorno|mezzanotte|midi|minuit|meio dia|meia noite"
    r"|o clock|half|mezza|mezzo|demie|meia|quarter|quart|quarto|heures?|horas?|ore)\b"
)
MONTH_NAMES = month_words()
AMBIGUOUS_TO = frozenset({"per", "para", "pour", "for"})


@dataclass
class Token:
    text: str  # as written, without a possessive "'s"
    folded: str
    kind: str = "word"  # word, mark (, ;), id, phone, email, newname
    value: str | None = None
    possessive: bool = False


@dataclass
class Said:
    """A day, time or guest count found at tokens [start, end)."""

    kind: str  # day, time, people, more_people
    start: int
    end: int
    value: str | int
    role: str | None = None  # "new", "current", "on" (weakly current) or None when the words around do not tell
    candidates: tuple[str, ...] = ()  # a day: every date the words may mean
    words: str = ""


def tokens_of(text: str) -> list[Token]:
    found = sorted(
        [(m.start(), m.end(), "newname", m.group(1)) for m in NEW_NAME.finditer(text)]
        + [(m.start(), m.end(), "email", m.group(0)) for m in EMAIL.finditer(text)]
        + [(m.start(), m.end(), "id", m.group(0)) for m in BOOKING_ID.finditer(text)]
        + [(m.start(), m.end(), "phone", m.group(0)) for m in PHONE.finditer(text) if _is_phone(text, m)]
    )
    tokens: list[Token] = []
    at = 0
    for start, end, kind, value in found:
        if start < at:
            continue  # inside an earlier find
        tokens += _words(text[at:start])
        tokens.append(Token(text=value, folded=fold(value), kind=kind, value=value))
        at = end
    return tokens + _words(text[at:])


def _is_phone(text: str, match: re.Match[str]) -> bool:
    digits = re.sub(r"\D", "", match.group(0))
    folded = fold(text)
    return len(digits) >= 8 and (match.group(0).startswith("+") or any(w in W.PHONE_WORDS for w in folded.split()))


def _words(text: str) -> list[Token]:
    tokens = []
    for raw in WORD.findall(text):
        if raw in ",;":
            tokens.append(Token(text=raw, folded=raw, kind="mark"))
            continue
        raw = raw.rstrip(".")
        if (m := ELISION.match(raw)) and raw[m.end() :][:1].islower():
            tokens.append(Token(text=m.group(1), folded=fold(m.group(1))))
            raw = raw[m.end() :]
        word = POSSESSIVE.sub("", raw) if not raw[:1].isdigit() else raw
        tokens.append(Token(text=word, folded=fold(word), possessive=word != raw))
    return tokens


def _spans(tokens: list[Token], used: set[int], longest: int = 4):
    for size in range(longest, 0, -1):
        for start in range(len(tokens) - size + 1):
            span = range(start, start + size)
            if any(i in used or tokens[i].kind != "word" for i in span):
                continue
            yield start, start + size, " ".join(tokens[i].text for i in span)


def find_values(tokens: list[Token], today: dt.date, locale: str) -> list[Said]:
    """Guest counts, then days, then times, each on the longest run of words that reads as one."""
    said: list[Said] = []
    used: set[int] = set()

    def claim(item: Said) -> None:
        said.append(item)
        used.update(range(item.start, item.end))

    guests_said = any(t.folded in W.GUEST_WORDS for t in tokens)
    for start, end, words in _spans(tokens, used):
        number = with_digits(fold(words), locale)
        if guests_said and (m := BARE_COUNT.match(number)) and not any(i in used for i in range(start, end)):
            claim(Said("people", start, end, int(m.group(1)), words=words))  # "the number of guests ... to 6"
            continue
        for kind, patterns in (("people", PEOPLE), ("more_people", MORE_PEOPLE)):
            if not any(i in used for i in range(start, end)) and (m := _first_match(patterns, number)):
                claim(Said(kind, start, end, int(m.group(1)), words=words))
    noon = dt.datetime.combine(today, dt.time(12))
    for start, end, words in _spans(tokens, used):
        if any(i in used for i in range(start, end)):
            continue
        folded = fold(words)
        if not (STRONG_TIME.search(folded) or folded.split()[0] in W.AT_WORDS) or not re.search(r"\d|[a-z]", folded):
            continue
        time = _time(words, noon, locale)
        if time is not None:
            claim(Said("time", start, end, time, _role(tokens, start, end), words=words))
    for start, end, words in _spans(tokens, used):
        if any(i in used for i in range(start, end)) or not _may_be_day(tokens[start:end]):
            continue
        try:
            day = resolve_relative_day(words, today, locale)
        except (UnsupportedRelativeDay, WeekdayMismatch):
            continue
        dates = tuple(d.isoformat() for d in (day.candidates or (day.date,)))
        claim(Said("day", start, end, day.date.isoformat(), _role(tokens, start, end), dates, words))
    return sorted(said, key=lambda s: s.start)


def _time(words: str, noon: dt.datetime, locale: str) -> str | None:
    """The time of a run of words; after a time mark the parser does not know ("delle 20"), of the rest."""
    first, _, rest = words.partition(" ")
    for text in (words, rest if fold(first) in W.AT_WORDS and rest else None):
        if text:
            try:
                return resolve_relative_time(text, noon, locale).time
            except (UnsupportedRelativeTime, VagueTime):
                pass
    return None


def _may_be_day(tokens: list[Token]) -> bool:
    """Not a month alone ("May"), "now", "the one", nor a run led or ended by a small word ("de sexta", "sexta do"
    are read as a holiday's name)."""
    words = [t.folded for t in tokens]
    prepositions = W.TO_WORDS | W.FROM_WORDS | W.AT_WORDS
    if words[0] in prepositions or words[-1] in prepositions | W.SMALL_WORDS:
        return False
    if " ".join(words) in MONTH_NAMES | W.NOT_DAYS:
        return False
    return not all(w in W.SMALL_WORDS for w in words)


def _first_match(patterns: list[re.Pattern[str]], text: str) -> re.Match[str] | None:
    return next((m for p in patterns if (m := p.match(text))), None)


def _role(tokens: list[Token], start: int, end: int) -> str | None:
    """Whether the words around a day or time make it the booking's current value or its new one."""
    after = tokens[end].folded if end < len(tokens) else ""
    if after in W.BOOKING_NOUNS or tokens[end - 1].possessive:
        return "current"  # "Friday booking", "Friday's booking"
    first = tokens[start].folded.split()[0] if tokens[start].folded else ""
    before = tokens[start - 1].folded if start > 0 else ""
    before_that = tokens[start - 2].folded if start > 1 else ""
    marker, preceding = (first, before) if first in W.TO_WORDS | W.FROM_WORDS | {"on"} else (before, before_that)
    if marker in AMBIGUOUS_TO and preceding in W.BOOKING_NOUNS:
        return None  # "la prenotazione per venerdì" is Friday's booking, "mude a reserva para domingo" a move
    if marker in W.TO_WORDS:
        return "new"
    if marker in W.FROM_WORDS:
        return "current"
    return "on" if marker == "on" else None  # current beside a current time, else as if unmarked
