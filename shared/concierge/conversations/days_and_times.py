"""Where a chat message says a day and a time, for the offline agent: its words, as the project's parsers read them.

The message's words are read in sequences, longest first (`MAX_GRAM`), none across a comma or a sentence's
end (`BREAK`); a time read goes on over the few words that complete it (a day or time said and taken back is
set aside before: `taken_back`).
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from dataclasses import replace
from typing import Callable, NamedTuple, TypeVar

from concierge.conversations.hour_marks import at_before_a_number
from concierge.conversations.message_words import (
    ANSWER_FILLERS,
    BREAK,
    FROM_NOW,
    HOUR_WORDS,
    MONTH_WORDS,
    PART_NAMES,
    RELATIVE_DAYS,
    SHORT_EN_WEEKDAYS,
    UNIT_WORDS,
)
from concierge.conversations.vocabulary import vocabulary
from concierge.domain.venue import Venue, hhmm, minutes
from concierge.parsing import (
    DayReading,
    TimeResolution,
    UnsupportedRelativeTime,
    VagueTime,
    WeekdayMismatch,
    is_vague,
    read_day,
    resolve_relative_time,
)
from concierge.parsing.day_parts import part_window, range_in_part
from concierge.parsing.errors import NoSuchDate
from concierge.parsing.text import with_digits

T = TypeVar("T")
MAX_GRAM = 5
CARRY_ON = 3  # words after a time read that may still belong to it ("moins le quart")
TIME_SIGNAL = re.compile(
    r"\d ?[:h.] ?\d|\d ?(?:am|pm|h)\b|"
    r"\b(?:[1-9]|1[0-2]) [0-5][05]\b|"  # "seven thirty"
    r"\b(?:5|10|20|25) (?:past|to) \d|"  # "twenty past seven", "10 to 8"; not "from 7 to 8"
    r"\b\d{1,2} (?:e|et) (?:mezz[ao]|meia|demie|quart|(?:un |um |1 )?(?:quarto|4º)|\d\d)(?!\w)|"  # "otto e mezza"
    rf"\b(?:{FROM_NOW.pattern}) \d{{1,3}} ?(?:minutes?|mins?|minuti|minutos)\b|"  # "in 30 minutes"
    r"\b(?:at|a|as|alle|all|ore|vers|verso|around|pelas|por volta das|after|apres|per le|"
    r"depois das|dopo le|before|avant|antes das|prima delle|half) \d|\b(?:noon|midday|midi|meio dia|mezzogiorno|"
    r"midnight|minuit|meia noite|mezzanotte|heures?|horas?|hours?|[o0] ?clock|ore|ora|half past|quarter)\b"
)
_BARE_NUMBER = re.compile(r"(?:\w{1,3} )?\d{1,2}\w{0,3}")  # "le 20", "il 3", "the 5th", "dia 12"
_LONE_ORDINAL = re.compile(  # an ordinal with no article or month is a place or a quarter, not a day
    r"second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|"
    r"(?:second|terz|sest|settim|ottav|non|decim)[oaie]|(?:quart|quint)[oie]|prim[aie]|"  # "primo dicembre" is one
    r"(?:deux|trois|quatr|cinqu|six|sept|huit|neuv|dix)ieme|premieres?|premiers|"
    r"segundos?|(?:terceir|setim|oitav|non|decim|primeir)[oa]s?|(?:quint|sext)os?"  # "segunda", "quinta": weekdays
)
_ARTICLE_ONE = re.compile(r"(?:(?:the|le|la|il|lo|o|a|l) )?(?:one|un|une|uno|una|um|uma)")


def _grams(tokens: list[str], digits_first: bool = False):
    """Word sequences, longest first, none across a `BREAK` ("for 2, Dec 31st" is no 2 December); with
    `digits_first`, those holding a digit before the others."""
    grams = [
        " ".join(words)
        for size in range(min(MAX_GRAM, len(tokens)), 0, -1)
        for start in range(len(tokens) - size + 1)
        if BREAK not in (words := tokens[start : start + size])
    ]
    if digits_first:
        grams.sort(key=lambda gram: not re.search(r"\d", gram))  # stable: still longest first
    return grams


def day_said(tokens: list[str], now: dt.datetime, venue: Venue) -> DayReading | None:
    """The day the words name. A number with at most an article ("le 20": the 20th in French, the hour in
    "verso le 20") only when no word names a day, and a holiday only when nothing else does ("Santos"
    is a surname before it is All Saints' Day): "domani" wins over both. Raises `NoSuchDate` for a day its
    month never has ("the 31st of November"), rather than reading "the 31st" alone."""
    weaker: list[DayReading | None] = [None, None]  # a bare number of the month, then a holiday
    for gram in _grams(tokens):
        if not may_name_a_day(gram):
            continue
        try:
            reading = read_day(gram, now, venue.locale, venue=venue)
        except WeekdayMismatch as mismatch:  # "Saturday 13th December", a Sunday: which one is asked
            if A_DATE.search(gram) or MONTH_WORDS & set(gram.split()):
                return _either(mismatch)
            continue  # "friday seven thirty": a time after the weekday, not the 7th
        except NoSuchDate:
            raise
        except ValueError:  # not a day (UnsupportedRelativeDay)
            continue
        if reading.holiday is not None:
            weaker[1] = weaker[1] or reading
        elif _BARE_NUMBER.fullmatch(gram):
            weaker[0] = weaker[0] or reading
        else:
            return _with_its_year(reading, gram, tokens, now, venue)
    return weaker[0] or weaker[1]


_OR = frozenset({"or", "o", "ou", "oppure"})


def first_of_two(tokens: list[str], now: dt.datetime, venue: Venue) -> DayReading | None:
    """The first of two days offered as a choice, where the longest words would read the second ("stasera o
    domani sera", "tonight or tomorrow night"): the days within a few words of the "or"."""
    for index, token in enumerate(tokens):
        if token in _OR and (before := day_said(tokens[max(0, index - MAX_GRAM) : index], now, venue)):
            return before if day_said(tokens[index + 1 : index + 1 + MAX_GRAM], now, venue) else None
    return None


def _with_its_year(reading: DayReading, gram: str, tokens: list[str], now: dt.datetime, venue: Venue) -> DayReading:
    """The day read again with the year said right after it, when the longest words read left it out ("on the
    20th of November 2026": the 20th of November 2026, not of next year)."""
    year = re.search(rf"(?<!\S){re.escape(gram)} ((?:19|20)\d\d)(?!\S)", " ".join(tokens))
    if year is None:
        return reading
    try:
        return read_day(f"{gram} {year[1]}", now, venue.locale, venue=venue)
    except ValueError:
        return reading


# "the weekend of the 12th", "le week-end du 12 décembre", "il fine settimana del 12", "o fim de semana de 12"
_WEEKEND_OF = re.compile(r"\b(?:weekend|week end|fine settimana|fim de semana) (?:of|du|de|del|dello|do|da) ")
_DATE_ARTICLES = {"en": "the", "it": "il", "fr": "le", "pt": "dia"}


def weekend_of_a_date(tokens: list[str], now: dt.datetime, venue: Venue) -> DayReading | None:
    """ "The weekend of the 12th": the Saturday and Sunday of that date's weekend (its own, or the one after a
    weekday), asked between; None when no date follows the words (then "the weekend" is this one)."""
    said = " ".join(tokens)
    if (match := _WEEKEND_OF.search(said)) is None:
        return None
    rest = said[match.end() :].split()
    if rest[:1] and rest[0].isdigit():  # "del 12": "il 12", a date, where "12" alone would be no day
        rest.insert(0, _DATE_ARTICLES.get(venue.locale, "the"))
    day = day_said(rest, now, venue)
    if day is None:
        return None
    saturday = day.date + dt.timedelta(days=(5 - day.date.weekday()) % 7 - (7 if day.date.weekday() == 6 else 0))
    weekend = (saturday, saturday + dt.timedelta(days=1))
    days = tuple(d for d in weekend if d >= now.date()) or weekend[:1]  # a weekend gone by: its Saturday, passed
    return DayReading(days[0], len(days) > 1, days, part=None, part_range=None, holiday=None, closed=None)


# A week said by one of its days: "the week of the 7th", "la settimana dell'8 dicembre", "a semana de 7 de dezembro".
_WEEK_OF = re.compile(  # not "il fine settimana del 12", "o fim de semana de 12": a weekend's
    r"\b(?:week (?:of|starting|beginning)|semaine du|(?<!fine )settimana del\w*|(?<!fim de )semana d[eo])\b"
)
_THIS_WEEK = re.compile(r"\b(?:this week|questa settimana|in settimana|cette semaine|esta semana|nesta semana)\b")


def week_said(day: DayReading | None, folded: str, now: dt.datetime) -> dt.date | None:
    """The Monday of a week said rather than one of its days: by one of its days ("la semaine du 7 décembre",
    `day` being the 7th), or this week ("anything free this week?")."""
    if day is not None and _WEEK_OF.search(folded):
        return day.date - dt.timedelta(days=day.date.weekday())
    if day is None and _THIS_WEEK.search(folded):
        return now.date() - dt.timedelta(days=now.weekday())
    return None


A_DATE = re.compile(r"\b\d{1,2}(?:st|nd|rd|th|er|o)\b|\b(?:the|il|le|dia) \d")  # "13th", "the 13", "dia 13"


def _either(mismatch: WeekdayMismatch) -> DayReading:
    """The date as numbered and the weekday said nearest it, for the customer to choose between."""
    days = (mismatch.date, mismatch.corrected)
    return DayReading(mismatch.date, True, days, part=None, part_range=None, holiday=None, closed=None)


def may_name_a_day(gram: str) -> bool:
    """Not "mon", "sat", "the one", a lone "quarto" (of "un quarto d'ora"), nor "in the sun": words too often
    another word than a day to be read as one (a weekday cut short that is one was spelt out before)."""
    short = " " not in gram and len(gram) <= 3 and gram != "nye"  # "NYE" is New Year's Eve as typed
    cut_short = not _CUT_SHORT.isdisjoint(gram.split())
    return not (short or cut_short or _ARTICLE_ONE.fullmatch(gram) or _LONE_ORDINAL.fullmatch(gram))


_CUT_SHORT = frozenset(short for short in SHORT_EN_WEEKDAYS if len(short) == 3)  # "sat", "sun": other words too


@functools.cache
def _part_words() -> re.Pattern[str]:
    """Every language's words for a part of the day, as one pattern."""
    words = sorted(PART_NAMES, key=len, reverse=True)  # "dinner time" before "dinner", "apres-midi" before "midi"
    return re.compile(rf"\b(?:{'|'.join(map(re.escape, words))})\b")


def part_said(tokens: list[str]) -> str | None:
    """The part of the day the tokens name ("dinner", "l'après-midi"), as one of `PARTS`; the tokens hold no
    greeting ("good morning" and "boa noite" name no part)."""
    found = _part_words().search(" ".join(token for token in tokens if token != BREAK))
    return None if found is None else PART_NAMES[found.group()]


def with_part_said_apart(day: DayReading, tokens: list[str], venue: Venue) -> DayReading:
    """A day read without its part, with the part of the day said elsewhere in the message: "dinner for 3 on
    Saturday", "jantar p/ 3 sábado"."""
    if (part := part_said(tokens)) is None:
        return day
    return replace(day, part=part, part_range=range_in_part(venue.ranges_on(day.date), part))


def days_in_order(tokens: list[str], now: dt.datetime, venue: Venue) -> list[DayReading]:
    """The first two days said, in the order said, each from the longest words that read as one."""
    found: list[DayReading] = []
    start = 0
    while start < len(tokens) and len(found) < 2:
        for size in range(min(MAX_GRAM, len(tokens) - start), 0, -1):
            words = tokens[start : start + size]
            gram = " ".join(words)
            if BREAK in words or not may_name_a_day(gram):
                continue
            try:
                found.append(read_day(gram, now, venue.locale, venue=venue))
            except ValueError:
                continue
            start += size
            break
        else:
            start += 1
    return found


def two_days_together(tokens: list[str], now: dt.datetime, venue: Venue) -> tuple[dt.date, ...]:
    """Two days said in one stretch of the message, between the same commas ("Friday and Saturday"; not
    "Friday, Saturday is fine")."""
    stretches = " ".join(tokens).split(BREAK)
    for stretch in stretches:
        if len(days := days_in_order(stretch.split(), now, venue)) == 2:
            return (days[0].date, days[1].date)
    return ()


# The words before a move's new time ("to 8" reads "at 8"): "to Saturday 8pm", "alle 21", "à 11h", "para as 21h".
_NEW_TIME_MARKS = frozenset({"to", "at", "alle", "a", "al", "au", "as", "para", "pra"})
_FROM = frozenset({"from", "dalle", "da", "de", "des", "du", "das", "dos"})


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
    for gram in _grams(tokens, digits_first=True):
        if any(f" {gram} " in f" {vague} " for vague in vague_grams):
            continue  # "10h" inside "vers 10h" is not said exactly
        digits = with_digits(gram, venue.locale)
        signalled = (
            TIME_SIGNAL.search(digits)
            or (re.search(r"\d", digits) and is_vague(gram))
            or _bounded_hour(tokens, gram, digits)
        )
        if not signalled and not (bare and gram == whole):
            continue
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
_DAYS = frozenset(word for word, ahead in RELATIVE_DAYS.items() if ahead == 1)  # "the day after tomorrow at 8"


def _bounded_hour(tokens: list[str], gram: str, digits: str) -> bool:
    """ "After 7", "dopo le 9", "avant 10": an hour alone after a bound, with no unit after it ("dopo 2 giorni",
    "after 2 people")."""
    if not re.fullmatch(r"\d{1,2}", digits) or not _bound(tokens, gram):
        return False
    after = tokens[tokens.index(gram) + 1 : tokens.index(gram) + 2]
    return not (after and after[0] in UNIT_WORDS | HOUR_WORDS | vocabulary().counting_words)  # "dopo 2 ore"


def _bound(tokens: list[str], gram: str) -> str | None:
    """The side of the time a bound means, when it opens the gram or comes just before it or before its article
    ("prima delle 20")."""
    words = gram.split()
    start = next(i for i in range(len(tokens) - len(words) + 1) if tokens[i : i + len(words)] == words)
    said = [*tokens[max(0, start - 2) : start], words[0]]
    bounds = (_BOUNDS[w] for w, then in zip(said, [*said[1:], ""], strict=True) if w in _BOUNDS and then not in _DAYS)
    return next(bounds, None)


def _carried_on(tokens: list[str], gram: str, read: Callable[[str], T | None]) -> T | None:
    """What `read` reads in the gram and the fewest of the `CARRY_ON` words after it that read as one: the
    longest gram may stop inside a time ("stasera alle nove meno un" | "quarto", "ce soir à neuf heures" |
    "moins le quart", "per stasera verso le otto" | "e mezza"). The gram is kept whole, so nothing after it
    is read alone ("um quarto para dois" is a quarter to two, but in "às nove menos um quarto para dois" it
    is not)."""
    words = gram.split()
    start = next(i for i in range(len(tokens) - len(words) + 1) if tokens[i : i + len(words)] == words)
    end = start + len(words)
    for stop in range(end + 1, min(end + CARRY_ON, len(tokens)) + 1):
        if BREAK in tokens[start:stop]:
            break
        if (found := read(" ".join(tokens[start:stop]))) is not None:
            return found
    return None


# "Late" in a part of the day: its last hour and a half ("domani sera tardi", "late lunch", "en fin de matinée",
# "ao fim da tarde"); not "not too late", nor the Portuguese "tarde" (the afternoon itself).
_LATE_IN_PART = re.compile(r"\b(?<!too )(?<!not )(?:late|tarda|tardi|tard|end of|fin de?|fim d[ae]|final d[ae])\b")
LATE_PART_MINUTES = 90


def part_window_said(day: DayReading, folded: str) -> tuple[str, str] | None:
    """The window of the part of the day said with `day` ("domani sera"), in the venue's range there: its
    end only when it is said late ("domani sera tardi"); None when no part was said."""
    if day.part is None:
        return None
    start, end = part_window(day.part, day.part_range)
    if _LATE_IN_PART.search(folded):
        start = max(start, end - LATE_PART_MINUTES)
    return hhmm(start), hhmm(end)
