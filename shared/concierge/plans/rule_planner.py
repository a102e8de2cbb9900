"""The deterministic planner: reschedule, guest-count change and contact-detail update, read in English and Italian.

It follows the planning rules without a language model: the booking comes from the
conversation first (a booking id said, or the one the session already settled on), then from a
fuzzy search on the guest's name; it never guesses which booking, how many guests or which
contact details, and asks one question at a time; dates and times use the project's own
relative day and time parsing ("Saturday" is the next Saturday). Its questions are asked in the
language of the request, or the venue's when the request does not tell (`speech.plans`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from concierge.domain.plans import Clarification, PlanProposal, PlanStep
from concierge.parsing.errors import UnsupportedRelativeDay, UnsupportedRelativeTime, VagueTime, WeekdayMismatch
from concierge.parsing.relative_day import resolve_relative_day
from concierge.parsing.relative_time import resolve_relative_time
from concierge.plans.planning import PlanningRequest, rephrase_clarification
from concierge.speech.plans import PlanWords, language_of, plan_words

BOOKING_ID = re.compile(r"\b[0-9a-f]{12}\b")
GUESTS = re.compile(
    r"\b(?:for|to|party of|per|a|in|siamo in)?\s*(\d{1,2})\s*"
    r"(?:people|persons|guests|pax|persone|ospiti|coperti|persona|person|guest)\b",
    re.I,
)
GUEST_WORDS = re.compile(r"\b(guests?|people|party size|persone|ospiti|coperti)\b", re.I)
PHONE = re.compile(r"(\+?\d[\d\s().-]{6,}\d)")
PHONE_WORDS = re.compile(r"\b(phone|number|mobile|telefono|numero|cellulare)\b", re.I)
NAME_CHANGE = re.compile(
    r"\b(?:name to|under the name(?: of)?|a nome(?: di)?|nome in|intestata a"
    r"|change the name to)\s+"
    r"([A-ZÀ-Ý][\wÀ-ÿ'-]*(?:\s+[A-ZÀ-Ý][\wÀ-ÿ'-]*)*)"
)
NOT_NAMES = {
    # capitalised words that are not guest names
    "i",
    "we",
    "please",
    "move",
    "change",
    "reschedule",
    "can",
    "could",
    "the",
    "booking",
    "reservation",
    "per",
    "la",
    "il",
    "sposta",
    "cambia",
    "prenotazione",
    "anticipa",
    "posticipa",
    "vorrei",
    "puoi",
    "potete",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "today",
    "tomorrow",
    "lunedì",
    "martedì",
    "mercoledì",
    "giovedì",
    "venerdì",
    "sabato",
    "domenica",
    "oggi",
    "domani",
    "next",
    "this",
    "prossimo",
    "prossima",
    "update",
    "set",
    "add",
    "make",
    "it",
    "its",
    "his",
    "her",
    "porta",
    "metti",
    "aggiorna",
    "modifica",
    "imposta",
    "put",
    "bring",
    "switch",
    "hi",
    "hello",
    "ciao",
}


@dataclass
class Wanted:
    """What the operator asked for, read from the conversation so far."""

    booking_id: str | None = None
    names: list[str] = field(default_factory=list)
    new_day: str | None = None
    new_time: str | None = None
    new_people: int | None = None
    phone: str | None = None
    name: str | None = None
    wants_guest_change: bool = False

    def changes(self) -> dict:
        values = {
            "new_day": self.new_day,
            "new_time": self.new_time,
            "new_people": self.new_people,
            "phone": self.phone,
            "name": self.name,
        }
        return {k: v for k, v in values.items() if v is not None}


def language(text: str, locale: str) -> str:
    italian = re.search(r"\b(prenotazione|sposta|persone|alle|domani|sabato|numero|vorrei|della|per)\b", text, re.I)
    english = re.search(
        r"\b(booking|move|change|people|guests|tomorrow|saturday|number|please|the|to|my|can|want)\b", text, re.I
    )
    if italian and not english:
        return "it"
    if english and not italian:
        return "en"
    return language_of(locale)


def _spans(words: list[str], longest: int = 4):
    for size in range(longest, 0, -1):
        for start in range(len(words) - size + 1):
            yield start, size, " ".join(words[start : start + size])


def read_request(text: str, request: PlanningRequest, known_booking: str | None) -> Wanted:
    wanted = Wanted()
    found_id = BOOKING_ID.search(text)
    wanted.booking_id = found_id.group(0) if found_id else known_booking
    rest = BOOKING_ID.sub(" ", text)

    if m := NAME_CHANGE.search(rest):
        wanted.name = m.group(1).strip()
        rest = rest.replace(m.group(0), " ")
    if PHONE_WORDS.search(rest) and (m := PHONE.search(rest)):
        wanted.phone = re.sub(r"[^\d+]", "", m.group(1))
        rest = rest.replace(m.group(1), " ")
    if m := GUESTS.search(rest):
        wanted.new_people = int(m.group(1))
        rest = rest.replace(m.group(0), " ")
    wanted.wants_guest_change = wanted.new_people is not None or bool(GUEST_WORDS.search(rest))

    words = re.findall(r"[\wÀ-ÿ':+.]+", rest)
    used: set[int] = set()
    for start, size, span in _spans(words):
        if wanted.new_day or any(i in used for i in range(start, start + size)):
            continue
        try:
            resolved = resolve_relative_day(span, request.today, request.venue_locale)
        except (UnsupportedRelativeDay, WeekdayMismatch):
            continue
        wanted.new_day = resolved.date.isoformat()
        used.update(range(start, start + size))
    for start, size, span in _spans(words):
        if wanted.new_time or any(i in used for i in range(start, start + size)):
            continue
        if not re.search(r"\d|noon|midnight|mezzogiorno|mezzanotte|half|mezza", span, re.I):
            continue
        try:
            resolved = resolve_relative_time(span, _noon(request), request.venue_locale)
        except (UnsupportedRelativeTime, VagueTime):
            continue
        wanted.new_time = resolved.time
        used.update(range(start, start + size))
    wanted.names = [
        w.strip("'s").strip("’s")
        for i, w in enumerate(words)
        if i not in used and w[:1].isupper() and w.casefold().strip("'s") not in NOT_NAMES and not w[:1].isdigit()
    ]
    return wanted


def _noon(request: PlanningRequest):
    import datetime as dt

    return dt.datetime.combine(request.today, dt.time(12, 0))


class RulePlanner:
    """Plans without a language model; the default when none is configured."""

    def plan(self, request: PlanningRequest) -> PlanProposal | Clarification:
        said = [m["content"] for m in request.history if m.get("role") == "user"] + [request.message]
        text = " ".join(said)
        lang = language(text, request.venue_locale)
        known = next((m.get("booking_id") for m in reversed(request.history) if m.get("booking_id")), None)
        wanted = read_request(text, request, known)

        def ask(key: str, **values) -> Clarification:
            if request.clarifications_so_far >= request.max_clarifications:
                return rephrase_clarification(lang)
            return Clarification(question=getattr(plan_words(lang), key).format(**values))

        if wanted.wants_guest_change and wanted.new_people is None:
            return ask("how_many")
        if not wanted.changes():
            return ask("what_change")
        booking_id = wanted.booking_id
        if booking_id is None:
            if not wanted.names:
                return ask("which_booking")
            query = " ".join(wanted.names)
            results = {}
            for name in wanted.names:  # each name on its own: "Rossi" then "Luca" finds "Luca Rossi"
                found = request.lookup("search_bookings", {"restaurant_id": request.venue_id, "search_text": name})
                for r in (found.response_data or {}).get("results", []) if found.success else []:
                    results.setdefault(r["booking_id"], r)
            exact = [
                r for r in results.values() if all(n.casefold() in r["guest_name"].casefold() for n in wanted.names)
            ]
            results = exact or list(results.values())  # a name said exactly beats look-alikes
            if not results:
                return ask("no_match", query=query)
            if len(results) > 1:
                return ask("several", options="; ".join(r.get("display_label") or r["guest_name"] for r in results))
            booking_id = results[0]["booking_id"]
        parameters = {"restaurant_id": request.venue_id, "booking_id": booking_id, **wanted.changes()}
        return PlanProposal(
            intent_summary=_summary(plan_words(lang), wanted, booking_id)[:200],
            steps=[PlanStep(action_id="modify_booking", parameters=parameters)],
        )


def _summary(words: PlanWords, wanted: Wanted, booking_id: str) -> str:
    parts = []
    if wanted.new_day or wanted.new_time:
        parts.append(words.move_to.format(when=" ".join(v for v in (wanted.new_day, wanted.new_time) if v)))
    if wanted.new_people:
        parts.append(words.people.format(people=wanted.new_people))
    if wanted.phone:
        parts.append(words.phone.format(phone=wanted.phone))
    if wanted.name:
        parts.append(words.name.format(name=wanted.name))
    return words.booking.format(booking_id=booking_id) + ": " + ", ".join(parts)
