"""Resolve a spoken time ("tra mezz'ora", "8 pm", "vingt heures trente") to a wall-clock time."""

import datetime
import functools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from concierge.parsing.errors import UnsupportedRelativeTime, VagueTime
from concierge.parsing.text import fold, locale_order, with_digits
from concierge.parsing.time_grammar import GRAMMARS, TimeGrammar, with_clock_colons, ish_spelt_out

_THREE_QUARTERS = re.compile(r"\b(?:tre|tres|trois|three|3) quart(?:i|os|s|ers)\b")
_QUARTER = re.compile(r"\b(?:(?:un|uno|una|a|an|one|une|um|uma|le|1) )?quart(?:o|er)?\b")
_OCLOCK = re.compile(r"\bo ?clock\b")  # "oclock" typed
# How the clock time is found near vague words: "18ish" holds its hour; "por volta das 20h" reads as "as 20h".
_ISH = re.compile(r"(\d+) ?ish\b")
_ENDS_ISH = re.compile(r"(\d+) ?ish$")
_FROM_THE = re.compile(r"^ *d(?=as?\b|os?\b)")
_FRACTIONS = {"qtr": 15, "tqtr": 45}


@dataclass(frozen=True)
class TimeResolution:
    time: str  # "HH:MM", 24-hour
    day_offset: int  # days after `now`'s date
    ambiguous: bool
    from_now: bool = False  # counted from now ("in 20 minutes"), not read on the clock


@dataclass(frozen=True)
class _Patterns:
    """One language's grammar compiled once."""

    relative: re.Pattern[str]
    relative_after: re.Pattern[str] | None  # the words that count from now after the duration
    half_hour: re.Pattern[str]
    quarter_hour: re.Pattern[str]
    hours: re.Pattern[str]
    minutes: re.Pattern[str]
    dayparts: tuple[tuple[str, re.Pattern[str]], ...]
    noon: re.Pattern[str]
    midnight: re.Pattern[str]
    lead: re.Pattern[str]
    clock_forms: tuple[tuple[re.Pattern[str], int], ...]  # each clock phrasing and the sign of its minutes


@functools.cache
def _compiled(locale: str) -> _Patterns:
    g = GRAMMARS[locale]
    count = rf"\d+|{g.one}"
    return _Patterns(
        relative=re.compile(rf"(?:{g.ahead}) (?P<body>.+)"),
        relative_after=re.compile(rf"(?P<body>.+) (?:{g.from_now})") if g.from_now else None,
        half_hour=re.compile(g.half_hour),
        quarter_hour=re.compile(g.quarter_hour),
        hours=re.compile(
            rf"(?P<h>{count})(?: (?:{g.and_}) (?P<pre_half>{g.half}))? ?(?:{g.hour})"
            rf"(?:(?: (?:{g.and_}))? ?(?:(?P<half>{g.half})|(?P<m>\d+)(?: (?:{g.minute}))?))?"
        ),
        minutes=re.compile(rf"(?P<m>{count}) ?(?:{g.minute})"),
        dayparts=(("pm", re.compile(g.pm)), ("am", re.compile(g.am))),
        noon=re.compile(rf"\b(?:{g.noon})\b"),
        midnight=re.compile(rf"\b(?:{g.midnight})\b"),
        lead=re.compile(rf"^(?:{g.lead}) "),
        clock_forms=tuple((re.compile(pattern), sign) for pattern, sign in _clock_form_patterns(g)),
    )


@functools.cache
def _any_vague() -> re.Pattern[str]:
    """Every language's words for a vague time, as one pattern: a caller may speak any of them."""
    return re.compile("|".join(f"(?:{grammar.vague})" for grammar in GRAMMARS.values()))


def _clock_form_patterns(g: TimeGrammar) -> list[tuple[str, int]]:
    """(pattern, sign of its minutes) for each clock phrasing: "8", "8:30", "8 e 30", "quarter to 9"..."""
    hour, unit = r"(?P<h>\d{1,2})", rf"(?: ?(?:{g.hour}))?"
    fraction = rf"\d{{1,2}}|qtr|tqtr|{g.half}"
    added = rf"\d\d|5|qtr|tqtr|{g.half}"  # "8 e 5", "8 and 30"; "7 and 4" (a party next) is no 7:04
    forms = [
        (rf"{hour}{unit}", 1),
        (
            rf"{hour}(?: ?[:.] ?| ?h(?: (?=\d\d))?| (?:{g.hour}) (?:(?:{g.and_}) )?)(?P<m>\d{{1,2}})"
            rf"(?: (?:{g.minute})| ?(?:{g.hour}))?",  # "20:30h", "19:30 hrs": the hour's mark after its minutes
            1,
        ),
        (rf"{hour} (?P<m>\d{{2}})(?: (?:{g.minute}))?", 1),  # "8 30"; "8 4" (a party after an hour) is no 8:04
        (rf"{hour}{unit} (?:{g.and_}) (?P<m>{added})(?: (?:{g.minute}))?", 1),
    ]
    forms += [(rf"{hour}{unit} (?:{g.minus}) (?P<m>{fraction})", -1)] if g.minus else []
    forms += [(rf"(?P<m>{fraction}) (?:{g.past}) {hour}", 1)] if g.past else []
    forms += [(rf"(?P<m>{fraction}) (?:{g.to}) {hour}", -1)] if g.to else []
    forms += [(rf"(?P<m>qtr|tqtr) (?:{g.quarter_to}) {hour}", -1)] if g.quarter_to else []
    forms += [(rf"(?:{g.half_before}) {hour}(?P<m>)", 1)] if g.half_before else []
    return forms


@dataclass(frozen=True)
class _Clock:
    hour: int  # as said: 8 in "quarter to 8"
    offset: int  # minutes from that hour: -15 in "quarter to 8"
    daypart: str | None  # "am", "pm" or None when not said
    padded: bool = False  # the hour written with its leading zero ("09:30"): on the 24-hour clock, the morning


def is_vague(text: str) -> bool:
    """Whether the words give a time only approximately ("verso le 8", "around 8", "later")."""
    return _any_vague().search(fold(text)) is not None


def led_in_as_a_clock_time(text: str, locale: str) -> bool:
    """Whether the words, in the language of `locale`, are a clock time led in by its words ("le 20", "verso le
    8", "alle otto"), whatever another language makes of them: French reads "le 20" as the 20th."""
    folded = ish_spelt_out(fold(text)).strip()
    vague = _any_vague().match(folded)
    said = folded[vague.end() :].strip() if vague else folded
    rx = _compiled(locale)
    return bool(vague or rx.lead.match(said)) and _clock(said, locale, rx, _digits(said, locale)) is not None


# Words that say a time is exact, which it is anyway: "at 8 sharp", "alle otto in punto", "à 20 h pile", "às oito
# em ponto".
_EXACTLY = re.compile(
    r"\b(?:sharp|on the dot|exactly|precisely|in punto|precise|esatte|pile|precises|exactement|em ponto|"
    r"exatamente|exactamente|certinho)\b"
)


def resolve_relative_time(
    text: str, now: datetime.datetime, locale: str, is_plausible: Callable[[str], bool] | None = None
) -> TimeResolution:
    """The time a caller means, relative to `now` (the venue's wall clock) or on the clock.

    `is_plausible("HH:MM")` settles "at 8" between 08:00 and 20:00, e.g. by opening hours.
    """
    folded = with_clock_colons(_EXACTLY.sub(" ", ish_spelt_out(fold(text))).strip())
    if vague := _any_vague().search(folded):
        raise VagueTime(text, _near(vague, folded, now, locale, is_plausible))
    resolved = _read(folded, now, locale, is_plausible)
    if resolved is None:
        raise UnsupportedRelativeTime(text)
    return resolved


def _near(
    vague: re.Match[str], folded: str, now: datetime.datetime, locale: str, is_plausible: Callable[[str], bool] | None
) -> str | None:
    """The clock time vague words are near: the words that follow them ("around 9 tonight", "verso le 8
    e mezza"), or the hour in them ("8ish"); None when they name none ("later", "sometime after 8")."""
    ish = _ENDS_ISH.search(folded[: vague.end()]) if vague.group().endswith("ish") else None  # all of "18ish"
    said = ish.group(1) if ish else _ISH.sub(r"\1", _FROM_THE.sub("", folded[vague.end() :]))
    near = _read(said.strip(), now, locale, is_plausible) if said.strip() else None
    return near.time if near is not None and near.day_offset == 0 else None


def _read(
    folded: str, now: datetime.datetime, locale: str, is_plausible: Callable[[str], bool] | None
) -> TimeResolution | None:
    for candidate in locale_order(locale):
        rx = _compiled(candidate)
        digits = _digits(folded, candidate)
        minutes = _relative_minutes(digits, rx)
        if minutes is not None:
            return _after(now, minutes)
        clock = _clock(folded, candidate, rx, digits)
        if clock is not None:
            return _choose(clock, is_plausible)
    return None


def _digits(folded: str, locale: str) -> str:
    """Number words as digits, with quarters protected from being read as ordinals ("quarto")."""
    text = folded
    if "quart" in text or "clock" in text:  # what the three patterns need
        text = _OCLOCK.sub(" ", _QUARTER.sub("qtr", _THREE_QUARTERS.sub("tqtr", text)))
    return " ".join(with_digits(" ".join(text.split()), locale).split())


def _count(word: str) -> int:
    return int(word) if word.isdigit() else 1  # otherwise an article meaning one


def _relative_minutes(text: str, rx: _Patterns) -> int | None:
    match = rx.relative.fullmatch(text) or (rx.relative_after and rx.relative_after.fullmatch(text))
    if not match:
        return None
    body = match["body"]
    if rx.half_hour.fullmatch(body):
        return 30
    if rx.quarter_hour.fullmatch(body):
        return 15
    if m := rx.hours.fullmatch(body):
        half = 30 if m["pre_half"] or m["half"] else 0
        return _count(m["h"]) * 60 + half + int(m["m"] or 0)
    if m := rx.minutes.fullmatch(body):
        return _count(m["m"])
    return None


def _after(now: datetime.datetime, minutes: int) -> TimeResolution:
    start = now.replace(second=0, microsecond=0, tzinfo=None)
    end = start + datetime.timedelta(minutes=minutes)
    return TimeResolution(end.strftime("%H:%M"), (end.date() - start.date()).days, ambiguous=False, from_now=True)


def _clock(said: str, locale: str, rx: _Patterns, said_digits: str) -> _Clock | None:
    """`said_digits` is `_digits(said, locale)`, read again only if day-part, noon or midnight words change `said`."""
    daypart, folded = None, said
    for name, pattern in rx.dayparts:
        if pattern.search(folded):
            daypart, folded = name, pattern.sub(" ", folded)
            break
    folded = rx.midnight.sub("0", rx.noon.sub("12", folded))
    text = rx.lead.sub("", said_digits if folded == said else _digits(folded, locale))
    for hour, offset, padded in _clock_forms(text, rx):
        if 0 <= hour <= 23 and -59 <= offset <= 59:
            return _Clock(hour, offset, daypart, padded)
    return None


def _clock_forms(text: str, rx: _Patterns) -> Iterator[tuple[int, int, bool]]:
    """(hour, minutes from that hour, whether the hour has its leading zero) for each clock phrasing the text
    matches."""
    for pattern, sign in rx.clock_forms:
        if match := pattern.fullmatch(text):
            minutes, padded = match.groupdict().get("m"), match["h"].startswith("0")
            if minutes == "":  # "half seven": the half is in the pattern, not in a group
                yield int(match["h"]), 30, padded
                continue
            yield int(match["h"]), sign * _minutes(minutes) if minutes else 0, padded


def _minutes(word: str) -> int:
    if word.isdigit():
        return int(word)
    return _FRACTIONS.get(word, 30)  # anything else matched the grammar's "half"


def _choose(clock: _Clock, is_plausible: Callable[[str], bool] | None) -> TimeResolution:
    """Apply the day part, or pick between h and h+12 for hours 1-11 said without one."""
    hour = clock.hour
    if clock.daypart == "pm":
        if hour == 0:
            raise UnsupportedRelativeTime(f"{hour} pm")
        hour += 12 if hour < 12 else 0
    elif clock.daypart == "am":
        if hour > 12:
            raise UnsupportedRelativeTime(f"{hour} am")
        hour %= 12
    if clock.daypart or clock.padded or not 1 <= hour <= 11:  # "09:30" is no 21:30
        return TimeResolution(_format(hour, clock.offset), 0, ambiguous=False)
    morning, evening = _format(hour, clock.offset), _format(hour + 12, clock.offset)
    plausible = [c for c in (morning, evening) if is_plausible and is_plausible(c)]
    if len(plausible) == 1:
        return TimeResolution(plausible[0], 0, ambiguous=False)
    if not plausible and is_plausible:  # "at 11:30" before a noon opening: the morning, not 23:30
        to_morning, to_evening = _steps_to(morning, is_plausible), _steps_to(evening, is_plausible)
        return TimeResolution(morning if to_morning < to_evening else evening, 0, ambiguous=True)
    return TimeResolution(morning if plausible else evening, 0, ambiguous=True)


def _steps_to(clock: str, is_plausible: Callable[[str], bool], most: int = 12) -> int:
    """Quarter hours from `clock` to the nearest plausible time, either way, up to `most` (three hours);
    `most` + 1 when none is that near."""
    start = int(clock[:2]) * 60 + int(clock[3:])
    return next(
        (
            step
            for step in range(1, most + 1)
            if any(is_plausible(_format(0, start + sign * 15 * step)) for sign in (-1, 1))
        ),
        most + 1,
    )


def _format(hour: int, offset: int) -> str:
    total = (hour * 60 + offset) % (24 * 60)
    return f"{total // 60:02d}:{total % 60:02d}"
