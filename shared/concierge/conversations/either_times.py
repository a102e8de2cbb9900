"""Two times offered as a choice, either of which will do, the first preferred: "at 7 or 7:30", "alle 20 o alle 20
e 30", "à 10h ou 11h", "noon or 1pm"; given as the time asked for, "8 or 9". The first is read as the message's
time, the second kept for when the first is not free (`Reading.time_else`)."""

from __future__ import annotations

from concierge.conversations.message_words import CLOCK, HOUR_TOKEN, UNIT_WORDS
from concierge.parsing.time_grammar import CLOCK_LEADS

_OR_WORDS = frozenset({"or", "o", "ou", "oppure"})
_NOON_WORDS = frozenset({"noon", "midday", "mezzogiorno", "midi"})
_SUFFIXES = frozenset({"am", "pm", "h"})  # "8 pm"
_JOINS = frozenset({"e", "and", "et", "meno", "menos", "moins", "di", "de", "da", "du"})  # "20 e 30", "8 di sera"
_ARTICLES = frozenset({"un", "um", "uma", "le", "a", "1"})  # "e un quarto", "moins le quart"
_AFTER_A_JOIN = frozenset(
    "mezza mezzo meia demie half quarto quart quarter qtr sera soir noite manha mattina matin".split()
)


def _a_clock(token: str) -> bool:
    return token in _NOON_WORDS or bool(HOUR_TOKEN.fullmatch(token))


def _time_ends(tokens: list[str], start: int) -> int:
    """Where the time whose hour is at `start` ends: after its minutes, day part or suffix ("20 e 30", "8 pm")."""
    end = start + 1
    while end < len(tokens):
        if tokens[end] in _SUFFIXES:
            end += 1
            continue
        follows = end + 1 + (end + 1 < len(tokens) and tokens[end + 1] in _ARTICLES)
        said = tokens[follows] if follows < len(tokens) else ""
        if tokens[end] in _JOINS and (said.isdigit() or said in _AFTER_A_JOIN):
            end = follows + 1
            continue
        return end
    return end


def _hour_before(tokens: list[str], i: int) -> int | None:
    """Where the hour of a time ending just before `i` stands ("alle 20 e 30 | o"), if one does."""
    for start in range(i - 1, max(-1, i - 5), -1):
        if _a_clock(tokens[start]) and _time_ends(tokens, start) == i:
            return start
    return None


def either_set_apart(tokens: list[str], time_asked: bool, counted: frozenset[str]) -> tuple[list[str], list[str]]:
    """The words with the second of two times offered taken out, and that time's words ([] when two times are not
    offered); not "2 or 3 people" (a number before a word in `counted`), and two bare numbers only as the time
    asked for, or after a word that leads a time."""
    for i in range(1, len(tokens) - 1):
        if tokens[i] not in _OR_WORDS or (first := _hour_before(tokens, i)) is None:
            continue
        hour = i + 1 + (tokens[i + 1] in CLOCK_LEADS)  # "o alle 21"
        if hour >= len(tokens) or not _a_clock(tokens[hour]):
            continue
        end = _time_ends(tokens, hour)
        if set(tokens[end : end + 1]) & (UNIT_WORDS | counted):
            continue
        led = first > 0 and tokens[first - 1] in CLOCK_LEADS
        said = {tokens[first], tokens[hour]}
        signalled = said & _NOON_WORDS or any(CLOCK.fullmatch(w) for w in said) or _SUFFIXES & set(tokens[first:end])
        if time_asked or led or signalled:
            return tokens[:i] + tokens[end:], tokens[i + 1 : end]
    return tokens, []
