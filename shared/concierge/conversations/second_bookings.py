"""Two bookings asked in one message ("a table for 2 on Friday at 8 and another for 4 on Saturday at 7", "a table
for 2 at 8 on Friday and Saturday"): the first is taken, the second is kept to be asked right after it is made."""

from __future__ import annotations

import datetime as dt
import functools
import re
from typing import NamedTuple

from concierge.conversations.readings import Reading
from concierge.conversations.understanding import read_message
from concierge.conversations.vocabulary import vocabulary
from concierge.domain.venue import Venue
from concierge.parsing.text import fold
from concierge.speech.names import WEEKDAYS
from concierge.tools.faq import normalise

# "… and another (table) for 4 on Saturday", "… e un altro per sabato", "… et une autre samedi", "… e outra sábado",
# "… e uno per 4 sabato", "… and one for 4 on Saturday"
_AND_ANOTHER = re.compile(
    r"[,;]?\s+(?:and|e|et|plus)\s+(?:(?:also|anche|aussi|também|tambem)\s+)?"
    r"(?:another|one more|a second|un altro|un['’ ]altra|une autre|un autre|encore une|outra|outro|mais uma|"
    r"(?:one|uno|una|une|um|uma)(?=\s+(?:for|per|pour|para)\s))\b",
    re.IGNORECASE,
)


# "… et un détartrage vendredi", "… and a cleaning on Friday": at a clinic, another appointment by its care
_AND_A = re.compile(r"[,;]?\s+(?:and|e|et)\s+(?:a|an|un|une|um|uma|uno|una)\s+(?P<what>[\w'’-]+)", re.IGNORECASE)


def _and_a_care(text: str, venue: Venue) -> re.Match[str] | None:
    if not venue.is_clinic:
        return None
    cares = [pattern for patterns in vocabulary().care_types.values() for pattern in patterns]
    return next((m for m in _AND_A.finditer(text) if any(p.search(normalise(m["what"])) for p in cares)), None)


# At a clinic, "pour moi et mon fils", "for me and my daughter", "per me e mio figlio", "para mim e para o meu filho",
# "pour ma femme et moi": an appointment each, the second for the one named as the relation intros name them
_FOR = r"(?P<for>for|per|pour|para)\s+"
_SELF = r"(?P<self>me|myself|moi|mim)\b"
_RELATION = r"(?P<who>(?:(?:o|a)\s+)?(?:my|mio|mia|mon|ma|meu|minha)\s+[\w'’-]+)"
_AND = r"\s+(?:and|e|et)\s+(?:(?:for|per|pour|para)\s+)?"
_BOTH = (
    re.compile(rf"\b{_FOR}{_SELF}{_AND}{_RELATION}", re.IGNORECASE),
    re.compile(rf"\b{_FOR}{_RELATION}{_AND}{_SELF}", re.IGNORECASE),  # "pour ma femme et moi"
)


def _spellings(weekday: str) -> set[str]:
    """ "venerdì", "venerdi"; "sexta-feira", "sexta feira", "sexta": as customers write it."""
    written = {weekday.lower(), fold(weekday).lower()}
    return written | {name.removesuffix("-feira").removesuffix(" feira") for name in written}


_WEEKDAY = "|".join(
    sorted(
        {variant for names in WEEKDAYS.values() for name in names for variant in _spellings(name)},
        key=len,
        reverse=True,
    )
)
# "… on Friday and Saturday", "venerdì e sabato", "vendredi et samedi", "sexta e sábado"
_TWO_WEEKDAYS = re.compile(rf"\b({_WEEKDAY})(\s*,?\s*(?:and|e|et|y|&)\s+)({_WEEKDAY})\b", re.IGNORECASE)


class TwoBookings(NamedTuple):
    first: str
    second: str
    one_booking_on_two_days: bool  # "at 8 on Friday and Saturday": a time said later is the second's too


_ANOTHER_APPOINTMENT = {
    "for": "and another appointment",
    "per": "e un altro appuntamento",
    "pour": "et un autre rendez-vous",
    "para": "e outra marcação",
}


@functools.cache
def _relation_intros() -> frozenset[str]:
    """The words that say for whom an appointment is ("pour mon fils"), folded once."""
    return frozenset(normalise(intro) for intro in vocabulary().intro_words["relation_intros"])


def _me_and_another(text: str, venue: Venue) -> TwoBookings | None:
    """The message for oneself, and the appointment asked for the other one, when a clinic is asked for both."""
    if not venue.is_clinic:
        return None  # a restaurant's "for me and my wife" is one table for two
    said = next((match for pattern in _BOTH if (match := pattern.search(text))), None)
    if said is None:
        return None
    for_whom = f"{said['for']} {said['who']}"
    if normalise(for_whom) not in _relation_intros():
        return None  # "pour moi et mon dossier"
    another = _ANOTHER_APPOINTMENT[said["for"].lower()]
    for_self = f"{said['for']} {said['self']}"
    return TwoBookings(text[: said.start()] + for_self + text[said.end() :], f"{another} {for_whom}", False)


def second_booking(text: str, venue: Venue, now: dt.datetime) -> TwoBookings | None:
    """The message's first booking and its second ("and another for 4 on Saturday at 7", kept whole so that
    it reads as another booking; "at 8 on Friday and Saturday": the message with each day), when each says its
    own day or time; None otherwise ("a table for 2 and another chair", "and another thing", "are you open on
    Friday and Saturday?", "cancel Friday and Saturday"). At a clinic, "pour moi et mon fils" asks for one
    appointment each, the second on the first one's day."""
    if (both := _me_and_another(text, venue)) is not None:
        return None if {"cancel", "move", "hours"} & read_message(both.first, venue, now).intents else both
    if another := _AND_ANOTHER.search(text) or _and_a_care(text, venue):
        first, second = text[: another.start()], text[another.start() :].lstrip(",; ")
    elif days := _TWO_WEEKDAYS.search(text):
        first = text[: days.end(1)] + text[days.end() :]
        second = text[: days.start()] + days.group(3) + text[days.end() :]
    else:
        return None
    asked = read_message(first, venue, now)
    booking = another or asked.time or asked.people or "book" in asked.intents  # two days said: of a booking
    if {"cancel", "move", "hours"} & asked.intents or not booking:
        return None  # "cancel Friday at 8 and another one on Saturday": the cancellations' own reading
    if not (_when_said(asked) and _when_said(read_message(second, venue, now))):
        return None
    return TwoBookings(first, second, one_booking_on_two_days=another is None)


def _when_said(reading: Reading) -> bool:
    return bool(reading.day or reading.day_choices or reading.time or reading.time_near or reading.week_of)
