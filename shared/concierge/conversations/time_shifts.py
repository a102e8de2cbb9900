"""A booking's time shifted by an amount, as a customer asks it: "half an hour later", "30 minuti prima",
"une heure plus tôt", "push it back by 15 minutes", "anticipare di mezz'ora".

Read on normalised text (lower case, no accents, no punctuation: "mezz'ora" is "mezz ora"), in the four
languages at once. The answer is signed minutes: later is positive. "The same time" ("stessa ora",
"même heure", "mesma hora") is a shift of 0: another day at the booking's own time.
"""

from __future__ import annotations

import re

from concierge.domain.venue import hhmm, minutes

_HALF = r"half an hour|half hour|mezz ora|mezzora|mezza ora|une demi heure|demi heure|meia hora"
_QUARTER = r"a quarter of an hour|quarter of an hour|quarter hour|un quarto d ora|un quart d heure|um quarto de hora"
_HOUR = r"an hour|one hour|un ora|una ora|une heure|uma hora"
_MINUTES = r"(\d{1,3}) ?(?:minutes?|mins?|minuti|minutos?|m)"
_HOURS = r"(\d) ?(?:hours?|hrs?|ore|heures?|horas?|h)"
_AMOUNT = rf"(?:(?P<half>{_HALF})|(?P<quarter>{_QUARTER})|(?P<hour>{_HOUR})|{_MINUTES}|{_HOURS})"
_LATER = r"later|piu tardi|dopo|plus tard|mais tarde"
_EARLIER = r"earlier|sooner|prima|plus tot|mais cedo|antes"
# A direction before its amount: "later by half an hour", "più tardi di mezz'ora" ("prima", "dopo" and
# "antes" are left out: "antes de uma hora" is before one o'clock)
_LATER_BY = r"later|piu tardi|plus tard|mais tarde"
_EARLIER_BY = r"earlier|sooner|plus tot|mais cedo"
# The booking named before the amount, with its day or not: "push our saturday booking back half an hour"
_IT = r"(?:it |(?:the|my|our) (?:\w+ ){0,2}?(?:booking|reservation|table) )?"
_PUSH = (
    rf"(?:push(?:es)?|move|put) (?:{_IT}|\w+ )?back|delay|postpone"  # "push saturday back an hour" too
    r"|posticip\w*|ritard(?!o\b)\w*|rimand\w*|rinvi\w*|retard\w+|recul\w*|repouss\w*|report(?:er|ez|ons|e)\b"
    r"|atras(?!ad|o\b)\w*|adi[aeo](?!nt)\w*"  # the verbs, not being late: "in ritardo", "en retard", "atrasados"
)
_PULL = rf"(?:bring|move) {_IT}forward|move {_IT}up|anticip\w*|avanc\w*|antecip\w*|adiant\w*"
# What is moved, said between the verb and the amount: "avancer le rendez-vous d'une heure"
_BOOKING = (
    r"(?:(?:la|ma|notre) reservation|(?:le|mon) (?:rendez vous|rdv)|(?:la|mia) prenotazione|l appuntamento"
    r"|il tavolo|(?:a|minha) (?:reserva|marcacao|consulta)|o agendamento) (?:(?:de|di|du|do|da) \w+ )?"
)  # and its day: "avancer mon rendez-vous de mercredi d'une heure"
_BY = r"(?:by|di|de|d|em) "
_FORMS = (
    (re.compile(rf"\b{_AMOUNT} (?:{_LATER})\b"), 1),
    (re.compile(rf"\b{_AMOUNT} (?:{_EARLIER})\b"), -1),
    (re.compile(rf"\b(?:{_LATER_BY}) (?:{_BY})?{_AMOUNT}"), 1),
    (re.compile(rf"\b(?:{_EARLIER_BY}) (?:{_BY})?{_AMOUNT}"), -1),
    (re.compile(rf"\b(?:{_PUSH}) {_IT}(?:{_BOOKING})?(?:{_BY})?{_AMOUNT}"), 1),
    (re.compile(rf"\b(?:{_PULL}) {_IT}(?:{_BOOKING})?(?:{_BY})?{_AMOUNT}"), -1),
)
# The amount, set aside before a day or time is read ("d'une heure" is no 1 pm, "30 minutes" no 30th); the
# booking named with it is still read ("push our saturday booking back half an hour": Saturday's).
SHIFT_WORDS = (re.compile(rf"\b{_AMOUNT}\b"),)
_SAME = re.compile(r"\b(?:same time|stess[ao] or\w*|meme heure|meme horaire|mesma hora|mesmo horario)\b")
MAX_SHIFT = 6 * 60  # a larger move is said with the new time


def shift_said(normalised: str) -> int | None:
    """The signed minutes the words shift a time by, or None when they say no shift."""
    if _SAME.search(normalised):
        return 0
    for pattern, sign in _FORMS:
        if match := pattern.search(normalised):
            minutes = _minutes(match)
            return sign * minutes if 0 < minutes <= MAX_SHIFT else None
    return None


def _minutes(match: re.Match[str]) -> int:
    if match.group("half"):
        return 30
    if match.group("quarter"):
        return 15
    if match.group("hour"):
        return 60
    number_of_minutes, number_of_hours = match.group(4), match.group(5)
    return int(number_of_minutes) if number_of_minutes else 60 * int(number_of_hours)


def shifted(time: str, shift: int) -> str | None:
    """ "HH:MM" moved by `shift` minutes, or None when that leaves the day."""
    moved = minutes(time) + shift
    return hhmm(moved) if 0 <= moved < 24 * 60 else None
