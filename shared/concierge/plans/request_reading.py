"""Reading an operator's request: which bookings (by guest name, reference, current day or time) and what changes.

    read_request("Move Rossi's Friday booking to Saturday and cancel Bianchi", today, "en")
    -> [Change(names=["Rossi"], current_days=("2026-02-20",), new_day="2026-02-21"),
        Change(names=["Bianchi"], cancel=True)]

Days and times are read by the project's parsers (`parsing`), on the longest run of words they
accept. A day or time is the booking's current one or the one it should get by the words around it
("from", "di", "de" / "to", "a", "para"; "Friday booking"); unmarked, one day in a move is the new
day, two are current then new. A number is a guest count only with a guest word ("6 people",
"table for 6") and a time only with a time mark ("at 8", "alle 8", "8pm", "20h"), so a bare number
is never taken for a time. Capitalised words that are no known word are guests' names; several
names joined by "and" / "e" / "et" are several bookings, each with the changes said after it.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field, fields, replace
from typing import ClassVar

from concierge.parsing import (
    UnsupportedRelativeDay,
    UnsupportedRelativeTime,
    VagueTime,
    WeekdayMismatch,
    parse_weekday,
    resolve_relative_day,
    resolve_relative_time,
)
from concierge.parsing.text import fold, with_digits
from concierge.plans import request_words as W
from concierge.speech.names import LOCALES, MONTHS

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
STRONG_TIME = re.compile(
    r"\d[:.h]\d\d|\d ?h\b|\d ?(?:am|pm)\b|\b(?:noon|midnight|mezzogiorno|mezzanotte|midi|minuit|meio dia|meia noite"
    r"|o clock|half|mezza|mezzo|demie|meia|quarter|quart|quarto|heures?|horas?|ore)\b"
)
MONTH_NAMES = frozenset(fold(m) for locale in LOCALES for m in MONTHS[locale])
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
    role: str | None = None  # "new", "current" or None when the words around do not tell
    candidates: tuple[str, ...] = ()  # a day: every date the words may mean
    words: str = ""


@dataclass
class Change:
    """One booking the operator means, and what should happen to it."""

    names: list[str] = field(default_factory=list)
    booking_id: str | None = None
    cancel: bool = False
    moves: bool = False
    current_days: tuple[str, ...] = ()
    current_time: str | None = None
    reference_words: list[str] = field(default_factory=list)  # the current day or time as said
    new_day: str | None = None
    new_time: str | None = None
    new_people: int | None = None
    more_people: int | None = None
    phone: str | None = None
    name: str | None = None
    email: str | None = None
    wants_people: bool = False
    wants_phone: bool = False

    WHAT: ClassVar[tuple[str, ...]] = (
        *("cancel", "moves", "new_day", "new_time", "new_people", "more_people", "phone", "name", "email"),
        *("wants_people", "wants_phone", "current_days", "current_time", "reference_words"),
    )

    def changes(self) -> dict:
        values = {
            "new_day": self.new_day,
            "new_time": self.new_time,
            "new_people": self.new_people,
            "phone": self.phone,
            "name": self.name,
        }
        return {k: v for k, v in values.items() if v is not None}

    def asks_something(self) -> bool:
        """Whether anything is to happen to this booking (done, or still to be completed by a question)."""
        return bool(
            self.cancel
            or self.moves
            or self.changes()
            or self.more_people
            or self.email
            or self.wants_people
            or self.wants_phone
        )

    def says_what(self) -> bool:
        """Whether anything but a bare "move" is said for this booking."""
        return self.asks_something() and not (self.moves and not self.changes())

    def take_what(self, other: Change, reference: bool) -> None:
        """What `other` asks for, for this booking too ("cancel Rossi's and Bianchi's bookings").

        With `reference`, also the current day or time it names ("move Rossi and Bianchi from Friday to Saturday").
        """
        for name in self.WHAT:
            if reference or name not in ("current_days", "current_time", "reference_words"):
                setattr(self, name, getattr(other, name))


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

    for start, end, words in _spans(tokens, used):
        number = with_digits(fold(words), locale)
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
        try:
            time = resolve_relative_time(words, noon, locale)
        except (UnsupportedRelativeTime, VagueTime):
            continue
        claim(Said("time", start, end, time.time, _role(tokens, start, end), words=words))
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
    marker, preceding = (first, before) if first in W.TO_WORDS | W.FROM_WORDS else (before, before_that)
    if marker in AMBIGUOUS_TO and preceding in W.BOOKING_NOUNS:
        return None  # "la prenotazione per venerdì" is Friday's booking, "mude a reserva para domingo" a move
    if marker in W.TO_WORDS:
        return "new"
    if marker in W.FROM_WORDS:
        return "current"
    return None


def _is_name(token: Token, lowercase_names: bool) -> bool:
    return (
        token.kind == "word"
        and len(token.folded) >= 2
        and not token.text[:1].isdigit()
        and (token.text[:1].isupper() or lowercase_names)
        and token.folded not in W.NOT_NAMES
        and token.folded not in MONTH_NAMES
        and parse_weekday(token.text) is None
    )


def read_request(text: str, today: dt.date, locale: str, lowercase_names: bool = False) -> list[Change]:
    """The bookings a request is about, each with what should happen to it (one Change when no name is said)."""
    tokens = tokens_of(text)
    values = find_values(tokens, today, locale)
    used = {i for v in values for i in range(v.start, v.end)}
    names = [i for i, t in enumerate(tokens) if i not in used and _is_name(t, lowercase_names)]
    if not names and not lowercase_names:
        names = [i for i, t in enumerate(tokens) if i not in used and _is_name(t, True) and _after_of(tokens, i)]
    groups = _groups(tokens, names)
    bounds = [0] + [_boundary(tokens, groups[k - 1][-1], groups[k][0]) for k in range(1, len(groups))]
    bounds.append(len(tokens))
    changes = []
    for k in range(max(len(groups), 1)):
        change = Change()
        if groups:
            for i in groups[k]:
                if tokens[i].kind == "id":
                    change.booking_id = tokens[i].value
                else:
                    change.names.append(tokens[i].text)
        inside = [v for v in values if bounds[k] <= v.start < bounds[k + 1]]
        _read_segment(change, tokens[bounds[k] : bounds[k + 1]], inside)
        changes.append(change)
    for k, change in enumerate(changes):
        if not change.says_what() and not change.cancel:
            if after := next((c for c in changes[k + 1 :] if c.says_what()), None):
                change.take_what(after, reference=True)
            elif before := next((c for c in reversed(changes[:k]) if c.says_what()), None):
                change.take_what(before, reference=False)
    return changes


def _after_of(tokens: list[Token], i: int) -> bool:
    """A lower-case word read as a name only where a name goes: "di rossi", "rossi's"."""
    return tokens[i].possessive or (i > 0 and tokens[i - 1].folded in {"di", "de", "do", "da", "of", "for", "per"})


def _groups(tokens: list[Token], names: list[int]) -> list[list[int]]:
    """Runs of adjacent name words ("Mario Rossi"), and each booking reference on its own."""
    starts = sorted(set(names) | {i for i, t in enumerate(tokens) if t.kind == "id"})
    groups: list[list[int]] = []
    for i in starts:
        joined = groups and groups[-1][-1] == i - 1 and tokens[i].kind != "id" and tokens[i - 1].kind != "id"
        if joined and not tokens[i - 1].possessive:
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def _boundary(tokens: list[Token], previous_end: int, start: int) -> int:
    """Where the words about the next booking begin: at the last "and" or comma before its name."""
    for i in range(start - 1, previous_end, -1):
        if tokens[i].kind == "mark" or tokens[i].folded in W.CONJUNCTIONS:
            return i
    return start


def _read_segment(change: Change, tokens: list[Token], values: list[Said]) -> None:
    words = {t.folded for t in tokens if t.kind == "word"}
    change.cancel = bool(words & W.CANCEL_VERBS)
    change.moves = bool(words & W.MOVE_VERBS)
    change.wants_people = bool(words & W.GUEST_WORDS) or any(v.kind in ("people", "more_people") for v in values)
    numbers = {"number", "numero", "nombre"}  # the number of guests, or the phone number
    phone_said = bool(words & (W.PHONE_WORDS - numbers)) or bool(words & numbers and not change.wants_people)
    change.wants_phone = phone_said and not (words & W.EMAIL_WORDS)
    for token in tokens:
        if token.kind == "phone" and token.value:
            change.phone = re.sub(r"[^\d+]", "", token.value)
        elif token.kind == "email":
            change.email = token.value
        elif token.kind == "newname":
            change.name = token.value
    for value in values:
        if value.kind == "people":
            change.new_people = int(value.value)
        elif value.kind == "more_people":
            change.more_people = int(value.value)
    others = bool(change.new_people or change.more_people or change.phone or change.name or change.wants_phone)
    settle_new = change.moves or not (others or change.cancel)
    for kind in ("day", "time"):
        current, new = _current_and_new([v for v in values if v.kind == kind], change.cancel, settle_new)
        if current is not None:
            change.reference_words.append(current.words)
        if kind == "day":
            change.current_days = current.candidates if current else ()
            change.new_day = str(new.value) if new else None
        else:
            change.current_time = str(current.value) if current else None
            change.new_time = str(new.value) if new else None


def _current_and_new(said: list[Said], cancel: bool, settle_new: bool) -> tuple[Said | None, Said | None]:
    if cancel:
        return (said[0] if said else None), None
    new = [s for s in said if s.role == "new"]
    current = [s for s in said if s.role == "current"]
    unmarked = [s for s in said if s.role is None]
    if unmarked:
        if len(unmarked) >= 2 and not new and not current:
            current, new = unmarked[:1], unmarked[1:]
        elif new:
            current += unmarked
        elif current or settle_new:
            new += unmarked
        else:
            current += unmarked
    return (current[0] if current else None), (new[-1] if new else None)


def read_count(text: str, today: dt.date, locale: str) -> int | None:
    """A guest count in an answer to "how many?": "6", "sei", "6 persone", "we are 6"."""
    number = with_digits(fold(text), locale)
    if m := re.fullmatch(r"(?:(?:just|only|solo|seulement|so|apenas)\s)?(\d{1,3})", number):
        return int(m.group(1))
    values = find_values(tokens_of(text), today, locale)
    people = [v for v in values if v.kind == "people"]
    return int(people[0].value) if people else None


def read_phone(text: str) -> str | None:
    """A phone number in an answer, with or without a word saying it is one."""
    m = PHONE.search(text)
    return re.sub(r"[^\d+]", "", m.group(0)) if m and len(re.sub(r"\D", "", m.group(0))) >= 8 else None


def merged(change: Change, answer: list[Change]) -> Change:
    """`change` completed by what an answer said about it (a value said in the answer wins)."""
    result = replace(change)
    for extra in answer:
        for f in fields(Change):
            value = getattr(extra, f.name)
            if value and f.name not in ("names", "booking_id"):
                setattr(result, f.name, value)
    return result
