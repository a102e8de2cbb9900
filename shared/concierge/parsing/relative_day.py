"""Resolve a spoken day ("domani", "next Friday", "dans huit jours") to a date."""

import datetime
import re
from dataclasses import dataclass, field

from concierge.parsing.errors import UnsupportedRelativeDay
from concierge.parsing.text import fold, locale_order, with_digits
from concierge.parsing.weekdays import parse_weekday


@dataclass(frozen=True)
class DayResolution:
    date: datetime.date
    ambiguous: bool


@dataclass(frozen=True)
class _Grammar:
    fillers: str     # leading words that carry no meaning ("per", "on", "pour", "na")
    fixed: dict[str, int]  # whole phrase -> days ahead
    next_before: str  # "prossimo sabato"
    next_after: str   # "sabato prossimo"
    this_before: str  # "questo sabato"
    ahead: str        # "tra 3 giorni": groups n, days | weeks
    one: str          # articles meaning one ("una settimana")
    idioms: dict[int, int] = field(default_factory=dict)  # days said -> days meant


_GRAMMARS = {
    "it": _Grammar(
        fillers=r"per|il|lo|la|l|di",
        fixed={"oggi": 0, "stasera": 0, "stamattina": 0, "stamani": 0, "stanotte": 0,
               "questa sera": 0, "questa mattina": 0, "domani": 1, "dopodomani": 2, "dopo domani": 2},
        next_before=r"prossim[oa]", next_after=r"prossim[oa]|che viene", this_before=r"quest[oa]",
        ahead=r"(?:tra|fra) (?P<n>{n}) (?:(?P<days>giorn[oi])|(?P<weeks>settiman[ae]))",
        one=r"un|una|uno"),
    "en": _Grammar(
        fillers=r"for|on|the",
        fixed={"today": 0, "tonight": 0, "this evening": 0, "this morning": 0, "this afternoon": 0,
               "tomorrow": 1, "day after tomorrow": 2},
        next_before=r"next|this coming", next_after=r"next", this_before=r"this",
        ahead=r"in (?P<n>{n}) (?:(?P<days>days?)|(?P<weeks>weeks?))(?: time)?",
        one=r"a|an|one"),
    "fr": _Grammar(
        fillers=r"pour|le|la|l",
        fixed={"aujourd hui": 0, "ce soir": 0, "ce matin": 0, "cet apres midi": 0,
               "demain": 1, "apres demain": 2},
        next_before=r"prochaine?", next_after=r"prochaine?|qui vient", this_before=r"ce|cette",
        ahead=r"dans (?P<n>{n}) (?:(?P<days>jours?)|(?P<weeks>semaines?))",
        one=r"un|une",
        idioms={8: 7, 15: 14}),  # "dans huit jours" is a week, "dans quinze jours" a fortnight
    "pt": _Grammar(
        fillers=r"para|pra|na|no|o|a",
        fixed={"hoje": 0, "hoje a noite": 0, "hoje de noite": 0, "esta noite": 0, "hoje de manha": 0,
               "amanha": 1, "depois de amanha": 2},
        next_before=r"proxim[oa]", next_after=r"que vem|proxim[oa]", this_before=r"est[ea]|ness?[ea]",
        ahead=r"(?:daqui a|em|dentro de) (?P<n>{n}) (?:(?P<days>dias?)|(?P<weeks>semanas?))",
        one=r"um|uma"),
}


def resolve_relative_day(text: str, today: datetime.date, locale: str) -> DayResolution:
    """The date a caller means, trying the venue's language first and then the others."""
    cleaned = " ".join(re.sub(r"[^\w\s]", " ", fold(text)).split())
    for candidate in locale_order(locale):
        resolution = _resolve(cleaned, today, candidate, _GRAMMARS[candidate])
        if resolution is not None:
            return resolution
    raise UnsupportedRelativeDay(text)


def _resolve(text: str, today: datetime.date, locale: str, grammar: _Grammar) -> DayResolution | None:
    text = re.sub(rf"^(?:(?:{grammar.fillers}) )+", "", text)
    if text in grammar.fixed:
        return DayResolution(today + datetime.timedelta(days=grammar.fixed[text]), ambiguous=False)
    return _weekday(text, today, grammar) or _ahead(with_digits(text, locale), today, grammar)


def _weekday(text: str, today: datetime.date, grammar: _Grammar) -> DayResolution | None:
    """Weekdays land 1-7 days ahead; a bare "Thursday" said on a Thursday could mean today."""
    match = re.fullmatch(
        rf"(?:(?P<next>{grammar.next_before}) |(?P<this>{grammar.this_before}) )?"
        rf"(?P<day>.+?)(?P<next_after> (?:{grammar.next_after}))?",
        text)
    if match is None or (weekday := parse_weekday(match["day"])) is None:
        return None
    days = (weekday - today.weekday()) % 7 or 7
    said_next = bool(match["next"] or match["next_after"])
    return DayResolution(today + datetime.timedelta(days=days), ambiguous=days == 7 and not said_next)


def _ahead(text: str, today: datetime.date, grammar: _Grammar) -> DayResolution | None:
    match = re.fullmatch(grammar.ahead.format(n=rf"\d+|{grammar.one}"), text)
    if match is None:
        return None
    count = int(match["n"]) if match["n"].isdigit() else 1
    days = count * 7 if match["weeks"] else grammar.idioms.get(count, count)
    return DayResolution(today + datetime.timedelta(days=days), ambiguous=False)
