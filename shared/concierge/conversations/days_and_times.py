"""Where a chat message says a day, and the part of it, for the offline agent: its words, as the project's day
parser reads them (the time is read by `times_said`).

The message's words are read in sequences, longest first (`MAX_GRAM`, `grams`), none across a comma or a
sentence's end (`BREAK`); a day or time said and taken back is set aside before (`taken_back`).
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from dataclasses import replace

from concierge.conversations.message_words import (
    BREAK,
    MONTH_WORDS,
    PART_NAMES,
    RELATIVE_DAYS,
    SHORT_EN_WEEKDAYS,
    WEEKDAY_WORDS,
)
from concierge.domain.venue import Venue, hhmm
from concierge.parsing import (
    DayReading,
    WeekdayMismatch,
    read_day,
)
from concierge.parsing.day_parts import part_window, range_in_part
from concierge.parsing.errors import NoSuchDate
from concierge.parsing.weekdays import parse_weekday

MAX_GRAM = 5
_BARE_NUMBER = re.compile(r"(?:\w{1,3} )?\d{1,2}\w{0,3}")  # "le 20", "il 3", "the 5th", "dia 12"
_LONE_ORDINAL = re.compile(  # an ordinal with no article or month is a place or a quarter, not a day
    r"second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|"
    r"(?:second|terz|sest|settim|ottav|non|decim)[oaie]|(?:quart|quint)[oie]|prim[aie]|"  # "primo dicembre" is one
    r"(?:deux|trois|quatr|cinqu|six|sept|huit|neuv|dix)ieme|premieres?|premiers|"
    r"segundos?|(?:terceir|setim|oitav|non|decim|primeir)[oa]s?|(?:quint|sext)os?"  # "segunda", "quinta": weekdays
)
# "the one", "the lunch one", "the 8pm one": a booking pointed at, no 1st ("the twenty one" is the 21st)
_ARTICLE_ONE = re.compile(r"(?:(?:the|le|la|il|lo|o|a|l) )?(?:one|un|une|uno|una|um|uma)|the (?!twenty|thirty)\S+ one")


def grams(tokens: list[str], digits_first: bool = False):
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
    "verso le 20") only when no word names a day, and a feast said by name, a holiday or not, only when
    nothing else does ("Santos" is a surname before it is All Saints' Day; "on Friday at 8 for Valentine's" is
    Friday): "domani" wins over both. "Yesterday" only when no other day is named ("I called yesterday about
    Friday": Friday). Raises `NoSuchDate` for a day its month never has ("the 31st of November"), rather
    than reading "the 31st" alone."""
    bare: DayReading | None = None  # a number of the month with at most an article
    feast: DayReading | None = None
    gone: DayReading | None = None  # "yesterday", "hier soir"
    for gram in grams(tokens):
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
        if reading.feast and not _named_with_its_weekday(gram, reading.date):  # "on Friday for Valentine's": Friday
            feast = feast or reading
        elif _BARE_NUMBER.fullmatch(gram):
            bare = bare or reading
        elif DAYS_GONE.intersection(gram.split()):  # "yesterday", "ieri sera"
            gone = gone or reading
        else:
            return _with_its_year(reading, gram, tokens, now, venue)
    return bare or feast or gone


DAYS_GONE = frozenset(said for said, ahead in RELATIVE_DAYS.items() if ahead < 0)


def _named_with_its_weekday(gram: str, day: dt.date) -> bool:
    """Whether a feast's name holds its own weekday ("Good Friday", "Easter Monday", "bank holiday Monday"): the
    feast, not the coming Friday or Monday."""
    return any(parse_weekday(word) == day.weekday() for word in gram.split())


_OR = frozenset({"or", "o", "ou", "oppure", "otherwise", "altrimenti", "senno", "sinon", "senao"})
IF_WORDS = frozenset({"if", "se", "si"})
_NOT = frozenset({"not", "no", "non", "nao"})  # after "if": "tonight, if not tomorrow", "hoje, se não amanhã"


def two_offered(tokens: list[str], now: dt.datetime, venue: Venue) -> tuple[DayReading, DayReading] | None:
    """Two days offered as a choice, the first preferred, where the longest words would read the second
    ("stasera o domani sera", "tonight or tomorrow night", "tonight if possible, otherwise tomorrow", "hoje,
    se não amanhã"): the days within a few words of the "or"."""
    for index, token in enumerate(tokens):
        if_not = index > 0 and tokens[index - 1] in IF_WORDS and token in _NOT
        if (token in _OR or if_not) and (before := day_said(tokens[max(0, index - MAX_GRAM) : index], now, venue)):
            after = day_said(tokens[index + 1 : index + 1 + MAX_GRAM], now, venue)
            return (before, after) if after else None
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
    """Not "mon", "sat", "the one", a lone "quarto" (of "un quarto d'ora", "alle otto e quarto di sera"), nor "in
    the sun": words too often another word than a day to be read as one (a weekday cut short that is one was
    spelt out before)."""
    short = " " not in gram and len(gram) <= 3 and gram not in _SHORT_DAY_WORDS
    words = gram.split()
    cut_short = not _CUT_SHORT.isdisjoint(words)
    return not (short or cut_short or _ARTICLE_ONE.fullmatch(gram) or _a_lone_ordinal(words))


# Days typed short that are days only: "NYE" (New Year's Eve), "dmn" (domani, demain), "auj", "hj" (hoje).
_SHORT_DAY_WORDS = frozenset({"nye", *(said for said in RELATIVE_DAYS if len(said) <= 3 and said != "now")})
_ORDINAL_ARTICLES = frozenset({"the", "il", "lo", "la", "le", "l", "o", "a", "dia", "giorno"})  # "dia primeiro"


def _a_lone_ordinal(words: list[str]) -> bool:
    """An ordinal with no article just before it and no weekday or month with it: "quarto" alone, "e quarto di
    sera"; not "the fourth", "il terzo venerdì del mese", "fourth of July". "Il giorno prima" is the day before,
    never the 1st (which is "il giorno primo")."""
    for i, word in enumerate(words):
        if _LONE_ORDINAL.fullmatch(word):
            named = not (WEEKDAY_WORDS | MONTH_WORDS).isdisjoint(words)
            before = words[i - 1] if i else None
            the_day_before = (before, word) == ("giorno", "prima") and i == len(words) - 1  # not "… di Natale"
            return not named and (before not in _ORDINAL_ARTICLES or the_day_before)
    return False


_CUT_SHORT = frozenset(short for short in SHORT_EN_WEEKDAYS if len(short) == 3)  # "sat", "sun": other words too


@functools.cache
def _part_words() -> re.Pattern[str]:
    """Every language's words for a part of the day, as one pattern."""
    words = sorted(PART_NAMES, key=len, reverse=True)  # "dinner time" before "dinner", "apres-midi" before "midi"
    return re.compile(rf"\b(?:{'|'.join(map(re.escape, words))})\b")


def part_said(tokens: list[str]) -> str | None:
    """The part of the day the tokens name ("dinner", "l'après-midi"), as one of `PARTS`; the tokens hold no
    greeting ("good morning" and "boa noite" name no part), and "sera" a verb names none ("ce sera un
    détartrage", "será que tem mesa?")."""
    said = " ".join(token for token in tokens if token != BREAK)
    found = next((m for m in _part_words().finditer(said) if not _will_be(said, m)), None)
    return None if found is None else PART_NAMES[found.group()]


def _will_be(said: str, match: re.Match[str]) -> bool:
    """ "sera" as the French or Portuguese "will be": after a subject ("ce sera", "il sera") or before "que",
    "possível" ("será que…", "será possível")."""
    before, after = said[: match.start()].split()[-1:], said[match.end() :].split()[:1]
    return match.group() == "sera" and bool(_SUBJECTS.intersection(before) or _AFTER_WILL_BE.intersection(after))


_SUBJECTS = frozenset({"ce", "ca", "il", "elle", "on", "qui", "cela"})
_AFTER_WILL_BE = frozenset({"que", "possivel", "possible"})


def with_part_said_apart(day: DayReading, tokens: list[str], venue: Venue) -> DayReading:
    """A day read without its part, with the part of the day said elsewhere in the message: "dinner for 3 on
    Saturday", "jantar p/ 3 sábado"."""
    if (part := part_said(tokens)) is None:
        return day
    return replace(day, part=part, part_range=range_in_part(venue.ranges_on(day.date), part))


def days_in_order(tokens: list[str], now: dt.datetime, venue: Venue) -> list[DayReading]:
    """The first two days said, in the order said, each from the longest words that read as one; not yesterday."""
    found: list[DayReading] = []
    start = 0
    while start < len(tokens) and len(found) < 2:
        for size in range(min(MAX_GRAM, len(tokens) - start), 0, -1):
            words = tokens[start : start + size]
            gram = " ".join(words)
            if BREAK in words or not may_name_a_day(gram):
                continue
            try:
                day = read_day(gram, now, venue.locale, venue=venue)
            except ValueError:
                continue
            if not DAYS_GONE.intersection(words):  # "ieri sera ho prenotato per sabato": no booking's day
                found.append(day)
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
