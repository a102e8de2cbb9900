"""Resolve a spoken day ("domani sera", "Tuesday the 3rd", "samedi en huit", "Natale") to a date.

The rules, for every language:
- a weekday alone is the next one after today (a week ahead, and ambiguous, when said on that
  weekday); "next"/"prossimo" before or after it is the same day, never ambiguous;
- a day of the month alone is this month's if still ahead (today included), else the next
  month's that has it; with a month and no year, this year's if still ahead, else next year's;
  a number needs an article, an ordinal, a month or a weekday to be a day ("at 8" is an hour), and
  an ordinal spelt alone ("quarto", "fourth") is none;
  a weekday said with it must agree, or `WeekdayMismatch` says so, and "next" or "this" with the
  weekday gives way to it ("next Friday the 4th"); a day its month never has ("31
  November") raises `NoSuchDate`;
- "next week"/"this week" with a weekday is that weekday in the calendar week (Monday to Sunday)
  after or of today, and "in two weeks" with one the weekday of the calendar week two after today's;
  the weekend alone is ambiguous between its Saturday and Sunday;
- a part of the day after the day ("domani sera", "samedi midi") or before it ("la sera di
  sabato") is kept in the answer;
- anything not fully understood raises `UnsupportedRelativeDay` rather than guessing.
"""

from __future__ import annotations

import calendar
import datetime
import functools
import re
from dataclasses import dataclass, replace

from concierge.parsing.calendar_dates import calendar_date, existing_date, nearest_weekday, nth_weekday
from concierge.parsing.day_grammar import GRAMMARS, DayGrammar
from concierge.parsing.day_patterns import DayPatterns
from concierge.parsing.day_tokens import day_tokens
from concierge.parsing.errors import NoSuchDate, UnsupportedRelativeDay, WeekdayMismatch
from concierge.parsing.holiday_calendar import (
    AMBIGUOUS_FEASTS,
    any_holiday,
    feast_date,
    holiday_country,
    named_holidays,
)
from concierge.parsing.numeric_dates import numeric_date
from concierge.parsing.relative_time import led_in_as_a_clock_time
from concierge.parsing.spelling import correct_spelling
from concierge.parsing.text import fold, locale_order

_DAY = datetime.timedelta(days=1)
_WEEK_IDIOMS = {8: 7, 15: 14}  # "oggi a otto", "samedi en huit", "sábado a quinze"


@dataclass(frozen=True)
class DayResolution:
    date: datetime.date
    ambiguous: bool
    candidates: tuple[datetime.date, ...] = ()  # when ambiguous: every day the caller may mean, `date` first
    part: str | None = None  # "morning", "lunch", "afternoon", "evening" or "night"
    holiday: bool = False  # the caller named a holiday


def resolve_relative_day(
    text: str, today: datetime.date, locale: str, *, country: str | None = None, timezone: str | None = None
) -> DayResolution:
    """The date a caller means, trying the venue's language first and then the others.

    `country` (ISO 3166) decides which holidays are meant; without it, the country of the IANA
    `timezone`, else of `locale`, looked up only if a holiday is said.
    Raises `UnsupportedRelativeDay`, or `WeekdayMismatch` when a weekday and a date disagree.
    """
    if (written := numeric_date(text.lower().strip(" ?!,;"), today, month_first=country == "US")) is not None:
        return _on(written)
    order = locale_order(locale)
    where = _Holidays(country, timezone, order[0])
    cleaned = _clean(text)
    resolution = _in_any_language(cleaned, today, order, where)
    # Misspellings are looked for only when the words as said were not understood.
    if resolution is None and (corrected := correct_spelling(cleaned, order)) != cleaned:
        resolution = _in_any_language(corrected, today, order, where)
    if resolution is None and (beside := _BESIDE.fullmatch(cleaned)):
        resolution = _beside(beside, today, order, where)
    if resolution is None:
        raise UnsupportedRelativeDay(text)
    return resolution


# A day said by the one after or before another ("the day after Christmas", "le lendemain de Noël", "il giorno
# prima di Natale", "o dia a seguir ao Natal", "the day before Friday"); "the day after tomorrow", "la veille de
# Noël" have names of their own, read first.
_BESIDE = re.compile(
    r"(?:the |le |la |il |o |a )?(?:"
    r"(?P<after>day after|lendemain (?:de|du|d)|giorno dopo|giorno successivo a|"
    r"dia (?:a seguir|depois|seguinte) (?:a|ao|de|do|da))|"
    r"(?P<before>day before|veille (?:de|du|d)|giorno prima (?:di|del|della)|vigilia (?:di|del|della)|"
    r"dia antes (?:de|do|da)|vespera (?:de|do|da))"
    r") (?P<day>.+)"
)


def _beside(
    said: re.Match[str], today: datetime.date, order: tuple[str, ...], where: _Holidays
) -> DayResolution | None:
    """The day after or before the day `said` names, when that one is understood (no holiday itself)."""
    named = _in_any_language(said["day"], today, order, where)
    if named is None:
        return None
    step = _DAY if said["after"] else -_DAY
    shifted = tuple(day + step for day in named.candidates)
    if named.date + step < today:
        return None
    return DayResolution(named.date + step, named.ambiguous, shifted, named.part)


class _Holidays:
    """Whose holidays a caller means: found on first use (a time zone's country is read from a table)."""

    def __init__(self, country: str | None, timezone: str | None, language: str) -> None:
        self._said = country, timezone, language

    @functools.cached_property
    def country(self) -> str:
        country, timezone, language = self._said
        return country or holiday_country(None, timezone, language)


def _in_any_language(text: str, today: datetime.date, order: tuple[str, ...], where: _Holidays) -> DayResolution | None:
    """Raises `NoSuchDate` when no language reads a day and one reads a date that does not exist."""
    impossible: NoSuchDate | None = None
    for index, locale in enumerate(order):
        if index == 1 and _ends_on_a_clock_time(text, order[0]):  # asked once, when the venue's language fails
            break  # "(sabato) le 20" at an Italian venue is 8 pm, though French would read the 20th
        try:
            resolution = _resolve(text, today, locale, where, named=False)
        except NoSuchDate as error:
            impossible = impossible or error
            continue
        if resolution is not None:
            return resolution
    if impossible is not None:
        raise impossible
    # The holiday library's names last: it is slow to load, and most days are not holidays.
    return _resolve(text, today, order[0], where, named=True)


_CLOCK_WORDS = 6  # "per le ore 20 e 30"


def _ends_on_a_clock_time(text: str, locale: str) -> bool:
    """Whether the words end on a clock time led in as one in the language of `locale`."""
    words = text.split()
    return any(
        led_in_as_a_clock_time(" ".join(words[start:]), locale)
        for start in range(max(0, len(words) - _CLOCK_WORDS), len(words))
    )


_PUNCTUATION = re.compile(r"[^\w\s]")


def _clean(text: str) -> str:
    return " ".join(_PUNCTUATION.sub(" ", fold(text)).split())


@functools.cache
def _compiled(locale: str) -> DayPatterns:
    return DayPatterns(GRAMMARS[locale])


def _resolve(text: str, today: datetime.date, locale: str, where: _Holidays, named: bool) -> DayResolution | None:
    g, rx = GRAMMARS[locale], _compiled(locale)
    text, marked = _strip_fillers(text, rx)
    if text in g.fixed_parts:
        days, part = g.fixed_parts[text]
        return DayResolution(today + days * _DAY, ambiguous=False, part=part)
    if (said := _late_or_early_taken_out(text, g)) and (resolution := _resolve(said, today, locale, where, named)):
        return resolution if resolution.part else None  # "late tonight", "stasera tardi": that day and part
    if match := rx.this_part.fullmatch(text):
        return DayResolution(today, ambiguous=False, part=g.parts[match["part"]])
    resolution = _day(text, today, locale, where, named, marked)
    if resolution is not None:
        return resolution
    for pattern in (rx.part_after, rx.part_first):
        if pattern is not None and (match := pattern.fullmatch(text)):
            day_text, day_marked = _strip_fillers(match["day"], rx)
            joint = match.groupdict().get("joint")  # "le soir du 24": "du" marks a date as "le" does
            day_marked = day_marked or bool(joint and rx.day_mark.search(joint))
            resolution = _day(day_text, today, locale, where, named, marked or day_marked)
            if resolution is not None:
                return replace(resolution, part=g.parts[match["part"]])
    return None


def _late_or_early_taken_out(text: str, g: DayGrammar) -> str | None:
    """The day and part said with "late" or "early" before or after them, without it ("late tonight": "tonight")."""
    words = text.split()
    if len(words) > 1 and words[0] in g.late_early:
        return " ".join(words[1:])
    if len(words) > 1 and words[-1] in g.late_early:
        return " ".join(words[:-1])
    return None


def _strip_fillers(text: str, rx: DayPatterns) -> tuple[str, bool]:
    """The text without its leading fillers, and whether they ended with an article for a date ("il", "the")."""
    stripped = rx.fillers.sub("", text)
    prefix = text[: len(text) - len(stripped)].strip()
    return stripped, bool(prefix) and rx.day_mark.search(prefix) is not None


def _day(
    text: str, today: datetime.date, locale: str, where: _Holidays, named: bool, marked: bool = False
) -> DayResolution | None:
    """A day without a part of the day; `marked`: an article for a date came before it."""
    g, rx = GRAMMARS[locale], _compiled(locale)
    if text in g.fixed:
        return _on(today + g.fixed[text] * _DAY)
    if text in g.holidays:
        key = g.holidays[text]
        feasts = AMBIGUOUS_FEASTS.get(key, (key,))
        return _among([feast_date(k, where.country, today) for k in feasts], holiday=True)
    tokens, ordinal = day_tokens(text, locale)
    spelt_alone = ordinal and not marked and text.isalpha()  # "quarto", "second": a quarter, a moment, as often
    resolution = None
    if first := rx.any_day.fullmatch(tokens):  # readers before the first that can match are skipped
        start = rx.reader_of[first.lastindex - 1] if first.lastindex else 0
        resolution = (
            (start <= 0 and _weekend(tokens, today, rx))
            or (start <= 1 and _week_of(tokens, today, rx))
            or (start <= 2 and _week_on(tokens, today, locale))
            or (start <= 3 and _weekday(tokens, today, rx))
            or (start <= 4 and _ahead(tokens, today, g, rx))
            or (start <= 5 and _of_month(tokens, today, rx))
            or (None if spelt_alone else _spoken_date(text, tokens, today, rx, marked or ordinal))
        )
    if resolution is None and (nth := _NTH_WEEKDAY.fullmatch(tokens)):
        resolution = _nth_weekday(nth, today)
    if resolution is None and _WEEKEND_AFTER_NEXT.fullmatch(tokens):
        following = _weekend("next weekend", today, _compiled("en"))  # the weekend a week after next weekend's
        resolution = following and replace(
            following,
            date=following.date + 7 * _DAY,
            candidates=tuple(day + 7 * _DAY for day in following.candidates),
        )
    if resolution is None and named and (holiday := any_holiday(text, where.country, today)):
        resolution = _among([holiday], holiday=True)  # "the bank holiday": whichever comes next
    if resolution is None and named:
        resolution = _among(named_holidays(text, where.country, locale, today), holiday=True)
    return resolution


# "The first Saturday of December", "l'ultimo venerdì di gennaio", "le premier samedi de décembre", "a primeira
# sexta de dezembro", "the last Friday of the month", "il terzo venerdì del mese (prossimo)", "le dernier vendredi
# du mois": in the tokens, where ordinals are already digits.
_NTH_WEEKDAY = re.compile(
    r"(?:(?:the|il|l|le|la|o|a) )?(?P<n>[1-5]|last|ultimo|ultima|dernier|derniere) wd(?P<wd>[0-6]) (?:"
    r"(?:of|in|di|de|du|do|da|en) mo(?P<mo>1[0-2]|[1-9])|"
    r"(?P<next>(?:of|in) next month|del (?:mese prossimo|prossimo mese)|du mois prochain|"
    r"do (?:mes que vem|proximo mes))|"
    r"(?P<this>(?:of|in) (?:the|this) month|del mese|di questo mese|du mois|de ce mois|do mes|deste mes)"
    r")"
)


_WEEKEND_AFTER_NEXT = re.compile(r"(?:the )?week ?end after next")


def _nth_weekday(match: re.Match[str], today: datetime.date) -> DayResolution | None:
    month = int(match["mo"]) if match["mo"] else today.month % 12 + 1 if match["next"] else today.month
    nth = int(match["n"]) if match["n"].isdigit() else -1
    day = nth_weekday(nth, int(match["wd"]), month, today)
    if match["this"] and (day is None or (day.year, day.month) != (today.year, today.month)):  # gone: the next
        day = nth_weekday(nth, int(match["wd"]), today.month % 12 + 1, today)
    return _on(day) if day is not None else None


def _on(day: datetime.date) -> DayResolution:
    return DayResolution(day, ambiguous=False)


def _among(days: list[datetime.date], holiday: bool = False) -> DayResolution | None:
    days = sorted(set(days))
    if not days:
        return None
    return DayResolution(
        days[0], ambiguous=len(days) > 1, candidates=tuple(days) if len(days) > 1 else (), holiday=holiday
    )


def _weekday(text: str, today: datetime.date, rx: DayPatterns) -> DayResolution | None:
    """Weekdays land 1-7 days ahead; a bare "Thursday" said on a Thursday could mean today."""
    match = rx.weekday.fullmatch(text)
    if match is None:
        return None
    days = (int(match["wd"]) - today.weekday()) % 7 or 7
    if days == 7 and not (match["next"] or match["next_after"]):
        return DayResolution(today + 7 * _DAY, ambiguous=True, candidates=(today + 7 * _DAY, today))
    return _on(today + days * _DAY)


def _ahead(text: str, today: datetime.date, g: DayGrammar, rx: DayPatterns) -> DayResolution | None:
    match = rx.ahead.fullmatch(text)
    if match is None:
        return None
    count = int(match["n"]) if match["n"].isdigit() else 1
    if match.groupdict().get("fortnights"):
        days = count * 14
    else:
        days = count * 7 if match["weeks"] else g.idioms.get(count, count)
    return _on(today + days * _DAY)


def _weekend(text: str, today: datetime.date, rx: DayPatterns) -> DayResolution | None:
    """This weekend is the one under way or the coming one; next weekend the coming one from a weekday
    (as "sabato prossimo" is the coming Saturday), the one after from a Saturday or Sunday."""
    said_next = next((m for p in rx.weekend_next if (m := p.fullmatch(text))), None)
    match = said_next or next((m for p in rx.weekend_this if (m := p.fullmatch(text))), None)
    if match is None:
        return None
    if today.weekday() >= 5:
        saturday = today - (today.weekday() - 5) * _DAY + (7 * _DAY if said_next else 0 * _DAY)
    else:
        saturday = today + (5 - today.weekday()) * _DAY
    if match["wd"] is not None:
        weekday = int(match["wd"])
        return _on(saturday + (weekday - 5) * _DAY) if weekday >= 5 else None
    return _among([day for day in (saturday, saturday + _DAY) if day >= today])


def _week_of(text: str, today: datetime.date, rx: DayPatterns) -> DayResolution | None:
    """A weekday of next week, of this one, or of the week whole weeks ahead ("Friday in two weeks": the
    Friday of the week two after this one; weeks run Monday to Sunday)."""
    monday = today - today.weekday() * _DAY
    for patterns, start in ((rx.next_week, monday + 7 * _DAY), (rx.this_week, monday)):
        for pattern in patterns:
            if match := pattern.fullmatch(text):
                return _on(start + int(match["wd"]) * _DAY)
    for pattern in rx.weeks_ahead:
        if (match := pattern.fullmatch(text)) and not match["days"]:
            count = int(match["n"]) if match["n"].isdigit() else 1
            weeks = count * (2 if match.groupdict().get("fortnights") else 1)
            return _on(monday + (7 * weeks + int(match["wd"])) * _DAY)
    return None


_WEEKS_SAID = {"2": 2, "two": 2, "a couple of": 2, "3": 3, "three": 3, "4": 4, "four": 4}  # else one


def _week_on(text: str, today: datetime.date, locale: str) -> DayResolution | None:
    """A day and whole weeks after it: "oggi a otto", "a week on Saturday", "samedi en quinze"."""
    g, rx = GRAMMARS[locale], _compiled(locale)
    for pattern in rx.week_on:
        match = pattern.fullmatch(text)
        if match is None:
            continue
        groups = match.groupdict()
        if groups.get("n") is not None:
            days = _WEEK_IDIOMS[int(groups["n"])]
        else:
            count = _WEEKS_SAID.get(groups.get("w") or "", 1)
            days = count * (14 if groups["unit"] == "fortnight" else 7)
        base_text = groups["base"]
        base = _on(today + g.fixed[base_text] * _DAY) if base_text in g.fixed else _weekday(base_text, today, rx)
        if base is not None:
            return replace(
                base, date=base.date + days * _DAY, candidates=tuple(day + days * _DAY for day in base.candidates)
            )
    return None


def _of_month(text: str, today: datetime.date, rx: DayPatterns) -> DayResolution | None:
    """ "Il 5 del mese prossimo", "the 25th of this month": that day of that month, if it has one."""
    following = datetime.date(today.year + today.month // 12, today.month % 12 + 1, 1)
    for patterns, month in ((rx.next_month, following), (rx.this_month, today.replace(day=1))):
        for pattern in patterns:
            if match := pattern.fullmatch(text):
                day = int(match["d"])
                if not 1 <= day <= calendar.monthrange(month.year, month.month)[1]:
                    return None
                return _on(month.replace(day=day))
    return None


def _spoken_date(text: str, tokens: str, today: datetime.date, rx: DayPatterns, marked: bool) -> DayResolution | None:
    """A day of the month. A number alone ("8", "at 8") is no date: it is more often an hour or a party size;
    an article ("il 25", "the 3rd", "dia 3"), an ordinal, a month or a weekday makes it one."""
    for pattern in rx.dates:
        match = pattern.fullmatch(tokens)
        if match is None:
            continue
        if not (marked or match["mo"] or match["wd"] or rx.day_mark.match(tokens)):
            return None
        month, year = (int(match[key]) if match[key] else None for key in ("mo", "y"))
        day = (
            existing_date(text, int(match["d"]), month, year, today)  # "31 November": no other day
            if month is not None and 1 <= int(match["d"]) <= 31
            else calendar_date(int(match["d"]), month, year, today)
        )
        if day is None:
            return None
        if match["wd"] is not None and day.weekday() != (weekday := int(match["wd"])):
            raise WeekdayMismatch(text, day, weekday, nearest_weekday(day, weekday, today))
        return _on(day)
    return None
