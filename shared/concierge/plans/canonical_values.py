"""A parameter's meaning, whatever its format: what the step guard compares.

A confirmed step says "20 e 30"; the model sends "20:30": the same time. The values are read with
the project's own parsers, in the venue's language and phone region: days with the day parser
(ISO, "21/02/2026", "sabato 21 febbraio"), times with the time grammar ("20 e 30", "8.30pm",
"20h30"), phone numbers with `phonenumbers` (E.164), party sizes as integers, number words
included ("sei", "six"). A value that reads two ways ("8.30": morning or evening) is ambiguous:
the guard refuses to pick one and the executor asks the operator.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, Literal

from concierge.domain.phone import InvalidPhone, to_e164
from concierge.parsing import resolve_relative_day, resolve_relative_time
from concierge.parsing.errors import UnsupportedRelativeDay, UnsupportedRelativeTime, VagueTime, WeekdayMismatch
from concierge.parsing.text import fold, locale_order, with_digits

Kind = Literal["date", "time", "phone", "count", "number", "boolean", "text"]

_COUNT_NAMES = ("people", "party", "guests", "covers", "pax", "count", "size", "seats")
_NUMERIC_DATE = re.compile(r"(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{4})")
_INTEGER = re.compile(r"-?\d+")
_TRUE = {"true", "yes", "1", "si", "sì", "oui", "sim"}
_FALSE = {"false", "no", "0", "non", "nao", "não"}


@dataclass(frozen=True)
class Reading:
    """How a venue's values are read: its wall clock (local), its language and its phone region."""

    now: dt.datetime
    locale: str = "en"
    region: str | None = None


class Unreadable(ValueError):
    """The value cannot be read as its kind (a time that is no time)."""


class Ambiguous(ValueError):
    """The value reads more than one way; `readings` are the canonical candidates."""

    def __init__(self, text: str, readings: tuple[Any, ...]) -> None:
        super().__init__(text)
        self.readings = readings


def kind_of(name: str, declared: str) -> Kind:
    """The kind of a parameter, from its declared type and, for strings and numbers, its name."""
    lowered = name.lower()
    if declared in ("date", "time", "boolean"):
        return declared  # type: ignore[return-value]
    if declared == "number":
        return "count" if any(word in lowered for word in _COUNT_NAMES) else "number"
    if "phone" in lowered or lowered in ("tel", "mobile", "telephone"):
        return "phone"
    if lowered in ("day", "date") or lowered.endswith(("_day", "_date")):
        return "date"
    if lowered == "time" or lowered.endswith("_time"):
        return "time"
    if any(lowered == word or lowered.endswith("_" + word) for word in _COUNT_NAMES):
        return "count"
    return "text"


def canonical(kind: Kind, value: Any, reading: Reading) -> Any:
    """The value's meaning as a comparable value; raises Unreadable or Ambiguous."""
    if value is None:
        return None
    if kind == "boolean" and isinstance(value, bool):
        return value
    if kind in ("count", "number") and isinstance(value, (int, float)) and not isinstance(value, bool):
        return _number(kind, Decimal(str(value)), str(value))
    if not isinstance(value, (str, int, float)):
        return value  # lists and objects are compared as they are
    text = str(value).strip()
    return _READERS[kind](text, reading)


def _date(text: str, reading: Reading) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        pass
    numeric = _NUMERIC_DATE.fullmatch(text)
    if numeric:
        first, second, year = (int(g) for g in numeric.groups())
        day_first = _valid(year, second, first)
        month_first = _valid(year, first, second)
        if reading.locale.startswith("en") and day_first and month_first and day_first != month_first:
            raise Ambiguous(text, (day_first, month_first))  # 02/03: 2 March or February 3
        found = day_first or month_first
        if found is None:
            raise Unreadable(text)
        return found
    try:
        resolved = resolve_relative_day(text, reading.now.date(), reading.locale, country=reading.region)
    except (UnsupportedRelativeDay, WeekdayMismatch):
        raise Unreadable(text) from None
    if resolved.ambiguous:
        raise Ambiguous(text, resolved.candidates or (resolved.date,))
    return resolved.date


def _valid(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def _time(text: str, reading: Reading) -> str:
    try:
        resolved = resolve_relative_time(text, reading.now, reading.locale)
    except (UnsupportedRelativeTime, VagueTime):
        raise Unreadable(text) from None
    if resolved.day_offset:  # "in two hours" is no wall-clock time of a confirmed step
        raise Unreadable(text)
    if resolved.ambiguous:
        hour, minute = resolved.time.split(":")
        other = f"{(int(hour) + 12) % 24:02d}:{minute}"
        raise Ambiguous(text, tuple(sorted({resolved.time, other})))
    return resolved.time


def _phone(text: str, reading: Reading) -> str:
    try:
        return to_e164(text, reading.region)
    except InvalidPhone:
        raise Unreadable(text) from None


def _count(text: str, reading: Reading) -> Decimal | int:
    try:
        return _number("count", Decimal(text), text)
    except InvalidOperation:
        pass
    folded = fold(text)
    for locale in locale_order(reading.locale):
        found = _INTEGER.findall(with_digits(folded, locale))
        if len(found) == 1:
            return int(found[0])
        if len(found) > 1:
            raise Unreadable(text)
    raise Unreadable(text)


def _plain_number(text: str, reading: Reading) -> Decimal | int:
    try:
        return _number("number", Decimal(text.replace(",", ".")), text)
    except InvalidOperation:
        raise Unreadable(text) from None


def _number(kind: Kind, number: Decimal, text: str) -> Decimal | int:
    if kind == "count":
        if number != number.to_integral_value():
            raise Unreadable(text)
        return int(number)
    return int(number) if number == number.to_integral_value() else number.normalize()


def _boolean(text: str, reading: Reading) -> bool:
    word = text.casefold()
    if word in _TRUE:
        return True
    if word in _FALSE:
        return False
    raise Unreadable(text)


def _text(text: str, reading: Reading) -> str:
    return " ".join(unicodedata.normalize("NFC", text).casefold().split())


_READERS = {
    "date": _date,
    "time": _time,
    "phone": _phone,
    "count": _count,
    "number": _plain_number,
    "boolean": _boolean,
    "text": _text,
}
