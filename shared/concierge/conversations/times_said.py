"""Where a chat message says a time, for the offline agent: the exact time, or the one an approximate time is
near, its bound ("after 8pm") and the day it falls on, read by the project's time parser on the message's word
sequences (`days_and_times.grams`), a time read going on over the few words that complete it; and the two
times of a move ("from 7 to 8")."""

from __future__ import annotations

import datetime as dt
import re
from typing import Callable, NamedTuple, TypeVar

from concierge.conversations.days_and_times import grams
from concierge.conversations.hour_marks import at_before_a_number
from concierge.conversations.message_words import (
    ANSWER_FILLERS,
    BREAK,
    DAY_UNITS,
    FROM_NOW,
    HOUR_WORDS,
    MONTH_WORDS,
    OF_WORDS,
    RELATIVE_DAYS,
    SHORT_MONTH_WORDS,
    UNIT_WORDS,
    WEEKDAY_WORDS,
)
from concierge.conversations.vocabulary import vocabulary
from concierge.domain.venue import Venue, hhmm, minutes
from concierge.parsing import TimeResolution, UnsupportedRelativeTime, VagueTime, is_vague, resolve_relative_time
from concierge.parsing.text import with_digits

T = TypeVar("T")
CARRY_ON = 3  # words after a time read that may still belong to it ("moins le quart")
TIME_SIGNAL = re.compile(
    r"\d ?[:h.] ?\d|\d ?(?:am|pm|h)\b|"
    r"\b(?:[1-9]|1[0-2]) [0-5][05]\b|"  # "seven thirty"
    r"\b(?:5|10|20|25) (?:past|to) \d|"  # "twenty past seven", "10 to 8"; not "from 7 to 8"
    r"\b\d{1,2} (?:e|et) (?:mezz[ao]|meia|demie|quart|(?:un |um |1 )?(?:quarto|4º)|\d\d)(?!\w)|"  # "otto e mezza"
    rf"\b(?:{FROM_NOW.pattern}) \d{{1,3}} ?(?:minutes?|mins?|minuti|minutos)\b|"  # "in 30 minutes"
    r"\b(?:at|a|as|alle|all|ore|vers|verso|around|pelas|por volta das|after|apres|per le|sulle|"
    r"depois das|dopo le|before|avant|antes das|prima delle|half) \d|\b(?:noon|midday|midi|meio dia|mezzogiorno|"
    r"midnight|minuit|meia noite|mezzanotte|heures?|horas?|hours?|[o0] ?clock|ore|ora|half past|quarter)\b"
)


# The words before a move's new time ("to 8" reads "at 8"): "to Saturday 8pm", "alle 21", "à 11h", "para as 21h".
_NEW_TIME_MARKS = frozenset({"to", "at", "alle", "a", "al", "au", "as", "para", "pra"})
_FROM = frozenset({"from", "dalle", "delle", "da", "de", "des", "du", "das", "dos"})  # "quella delle 21": the 9 pm one


def times_of_a_move(tokens: list[str], now: dt.datetime, venue: Venue, day: dt.date | None) -> tuple[str, str] | None:
    """A booking's own time and its new one, said in that order in a move ("from 7 to 8", "my 7pm booking to
    9", "dalle 20 alle 21", "de 9h à 11h", "das 20h para as 21h"): the times before and after the last word
    that marks the new one; None unless both are said, and differ."""
    said = at_before_a_number(tokens, _FROM)  # "dalle 19" alone would be "from 7pm on"
    for cut in range(len(said) - 1, 0, -1):
        if said[cut] in _NEW_TIME_MARKS:
            old = time_said(said[:cut], now, venue, day, bare=False).exact
            new = time_said(said[cut:], now, venue, day, bare=False).exact
            if old and new and old != new:
                return old, new
    return None


class TimeSaid(NamedTuple):
    """The exact time said, or the time an approximate one is near ("verso le 20"); for a bound ("after 8pm",
    "avant midi") which side of it is meant, "after" or "before"; and the day it falls on, when the words
    say it: a number of days from today, and whether a time counted from now ("in 2 hours") says today."""

    exact: str | None = None
    day_offset: int = 0
    near: str | None = None
    bound: str | None = None
    from_now: bool = False


def time_said(tokens: list[str], now: dt.datetime, venue: Venue, day: dt.date | None, bare: bool) -> TimeSaid:
    """The time the words say (`TimeSaid`)."""
    # The hours of the day said settle "alle 8"; of the coming week when none was said or it is closed ("10h"
    # on a closed Friday is still 10:00, for the times offered on the next open day).
    days = [day] if day and venue.ranges_on(day) else [now.date() + dt.timedelta(days=n) for n in range(7)]

    def open_then(hhmm: str) -> bool:
        t = minutes(hhmm)
        return any(r.open_min <= t < r.close_min for d in days for r in venue.ranges_on(d))

    def exactly(words: str) -> TimeResolution | None:
        try:
            return resolve_relative_time(words, now, venue.locale, open_then)
        except (VagueTime, UnsupportedRelativeTime, ValueError):
            return None

    def approximately(words: str) -> str | None:
        try:
            resolve_relative_time(words, now, venue.locale, open_then)
        except VagueTime as vague:
            return vague.approximately
        except (UnsupportedRelativeTime, ValueError):
            return None
        return None

    near: str | None = None
    vague_grams: list[str] = []  # approximate times read: no exact time is read inside one
    whole = " ".join(t for t in tokens if t != BREAK and t not in ANSWER_FILLERS)  # a bare answer: "7 is fine"
    for gram in grams(tokens, digits_first=True):
        if any(f" {gram} " in f" {vague} " for vague in vague_grams):
            continue  # "10h" inside "vers 10h" is not said exactly
        digits = with_digits(gram, venue.locale)
        signalled = (
            TIME_SIGNAL.search(digits)
            or (re.search(r"\d", digits) and is_vague(gram))
            or _bounded_hour(tokens, gram, digits)
        )
        if (not signalled and not (bare and gram == whole)) or _a_month_after(tokens, gram):
            continue
        if _a_week_on(tokens, gram, digits):
            continue  # "domani a otto": a week from tomorrow, no hour
        try:
            resolution = resolve_relative_time(gram, now, venue.locale, open_then)
        except VagueTime as vague:
            if vague.approximately is not None:
                near = near or _carried_on(tokens, gram, approximately) or vague.approximately
                vague_grams.append(gram)
            continue
        except (UnsupportedRelativeTime, ValueError):
            continue
        longer = _carried_on(tokens, gram, exactly)
        resolution = longer or resolution
        if resolution.from_now:  # "in 30 minutes" at 13:26: around 14:00, the free times then offered
            quarter = round(minutes(resolution.time) / 15) * 15
            return TimeSaid(near=hhmm(quarter % (24 * 60)), day_offset=resolution.day_offset, from_now=True)
        if bound := _bound(tokens, gram):  # "after 8pm", "avant midi": the free times on that side, none taken
            return TimeSaid(near=resolution.time, day_offset=resolution.day_offset, bound=bound)
        return TimeSaid(exact=resolution.time, day_offset=resolution.day_offset)
    return TimeSaid(near=near)


# Words that bound a time rather than say it, and the side of it they mean: "after 8pm", "avant midi", "dopo le
# 21", "antes das 21h".
_BOUNDS = {
    **dict.fromkeys("after apres dopo depois".split(), "after"),
    **dict.fromkeys("before until till avant jusqu prima entro fino antes ate".split(), "before"),
}
_THAN = {"later": "after", "earlier": "before"}  # "later than 8", "no earlier than 7"
BOUND_WORDS = frozenset(_BOUNDS) | frozenset(_THAN)  # "not" before one bounds the time the other way
_NOT = frozenset("not non pas nao".split())  # "not before 8", "non prima delle 20", "pas avant 20h": the other side
_OTHER_SIDE = {"after": "before", "before": "after"}
# A bound's word before "tomorrow" or "yesterday" is a day's: "the day after tomorrow at 8", "avant-hier à 10h"
_DAYS = frozenset(word for word, ahead in RELATIVE_DAYS.items() if abs(ahead) == 1)
_DAY_NOUNS = frozenset({"day", "giorno", "dia"})  # "the day after Christmas", "il giorno dopo Natale"


def _start_of(words: list[str], tokens: list[str]) -> int:
    """Where the gram's `words` first stand in `tokens` (a gram is always read from them)."""
    return next(i for i in range(len(tokens) - len(words) + 1) if tokens[i : i + len(words)] == words)


def _a_week_on(tokens: list[str], gram: str, digits: str) -> bool:
    """Whether the gram is "a 8" or "a 15" right after a day ("domani a otto", "sábado a oito"), that day a
    week or two on, or before days ("daqui a oito dias"): no hour."""
    if digits not in ("a 8", "a 15"):
        return False
    words = gram.split()
    start = _start_of(words, tokens)
    before, after = tokens[start - 1 : start], tokens[start + len(words) : start + len(words) + 1]
    return bool(
        WEEKDAY_WORDS.intersection(before) or RELATIVE_DAYS.keys() & set(before) or DAY_UNITS.intersection(after)
    )


def _a_month_after(tokens: list[str], gram: str) -> bool:
    """Whether a month follows the gram's last number ("a 5 de dezembro", "alle 5 di dicembre", "5 dez", where
    "dez" is also ten): a day of it, not an hour."""
    words = gram.split()
    numbers = [i for i, word in enumerate(words) if word.isdigit()]
    if not numbers:
        return False
    after = tokens[_start_of(words, tokens) + numbers[-1] + 1 :][:2]
    if len(after) == 2 and after[0] in OF_WORDS:  # "a 5 de dezembro"
        after = after[1:]
    return bool(after) and (after[0] in MONTH_WORDS or after[0] in SHORT_MONTH_WORDS)


def _bounded_hour(tokens: list[str], gram: str, digits: str) -> bool:
    """ "After 7", "dopo le 9", "avant 10": an hour alone after a bound, with no unit after it ("dopo 2 giorni",
    "after 2 people")."""
    if not re.fullmatch(r"\d{1,2}", digits) or not _bound(tokens, gram):
        return False
    after = tokens[_start_of([gram], tokens) + 1 :][:1]
    return not (after and after[0] in UNIT_WORDS | HOUR_WORDS | vocabulary().counting_words)  # "dopo 2 ore"


def _bound(tokens: list[str], gram: str) -> str | None:
    """The side of the time a bound means, when it opens the gram or comes just before it or before its article
    ("prima delle 20")."""
    start = _start_of(gram.split(), tokens)
    for i in range(max(0, start - 2), start + 1):
        before, then = tokens[i - 1] if i else "", tokens[i + 1] if i + 1 < len(tokens) else ""
        side = _BOUNDS.get(tokens[i]) or (_THAN.get(tokens[i]) if then == "than" else None)
        if side and then not in _DAYS and before not in _DAY_NOUNS:  # "the day after Christmas at 1"
            negated = before in _NOT or (before == "no" and tokens[i] in _THAN)  # "no later than 8"
            return _OTHER_SIDE[side] if negated else side
    return None


def _carried_on(tokens: list[str], gram: str, read: Callable[[str], T | None]) -> T | None:
    """What `read` reads in the gram and the fewest of the `CARRY_ON` words after it that read as one: the
    longest gram may stop inside a time ("stasera alle nove meno un" | "quarto", "ce soir à neuf heures" |
    "moins le quart", "per stasera verso le otto" | "e mezza"). The gram is kept whole, so nothing after it
    is read alone ("um quarto para dois" is a quarter to two, but in "às nove menos um quarto para dois" it
    is not)."""
    words = gram.split()
    start = _start_of(words, tokens)
    end = start + len(words)
    for stop in range(end + 1, min(end + CARRY_ON, len(tokens)) + 1):
        if BREAK in tokens[start:stop]:
            break
        if (found := read(" ".join(tokens[start:stop]))) is not None:
            return found
    return None


# "Late" in a part of the day: its last hour and a half ("domani sera tardi", "late lunch", "en fin de matinée",
# "ao fim da tarde"); not "not too late", nor the Portuguese "tarde" (the afternoon itself).
