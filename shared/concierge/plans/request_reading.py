"""Reading an operator's request: which bookings (by guest name, reference, current day or time) and what changes.

    read_request("Move Rossi's Friday booking to Saturday and cancel Bianchi", today, "en")
    -> [Change(names=["Rossi"], current_days=("2026-02-20",), new_day="2026-02-21"),
        Change(names=["Bianchi"], cancel=True)]

The days, times and counts come from `request_values`. Unmarked as current or new, one day in a
move is the new day, two are current then new. Capitalised words that are no known word are
guests' names; several names joined by "and" / "e" / "et" are several bookings, each with the
changes said after it.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field, fields, replace
from typing import ClassVar

from concierge.parsing import parse_weekday
from concierge.parsing.text import fold, with_digits
from concierge.plans import request_words as W
from concierge.plans.request_values import (
    MONTH_NAMES,
    PHONE,
    Said,
    Token,
    find_values,
    tokens_of,
)


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
    guessed: bool = False  # names read from lower-case words: those no booking has are no names

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
    guessed = False
    if not names and not lowercase_names:  # typed all in lower case: unknown words may be the name, of one booking
        names = [i for i, t in enumerate(tokens) if i not in used and _is_name(t, True) and len(t.folded) > 2]
        guessed = bool(names)
    groups = [names] if guessed and names else _groups(tokens, names)
    bounds = [0] + [_boundary(tokens, groups[k - 1][-1], groups[k][0]) for k in range(1, len(groups))]
    bounds.append(len(tokens))
    changes = []
    for k in range(max(len(groups), 1)):
        change = Change(guessed=guessed)
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
    times = [v for v in values if v.kind == "time"]
    # "the booking at 8pm on Friday to 9pm": a day said "on" beside the current time is the current day.
    on_is_current = any(t.role == "new" for t in times) and any(t.role != "new" for t in times)
    for kind in ("time", "day"):
        said = [v for v in values if v.kind == kind]
        said = [replace(v, role="current" if on_is_current else None) if v.role == "on" else v for v in said]
        current, new = _current_and_new(said, change.cancel, settle_new)
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
