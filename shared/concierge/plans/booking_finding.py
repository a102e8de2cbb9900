"""Finding the booking a request means: a fuzzy search by each name said, then the closest names, the day, the time.

A name said exactly beats a plural or possessive of it ("the Rossis" for Rossi), which beats a
close spelling (rapidfuzz ratio of at least `TYPO_RATIO`: "Rosi" for Rossi). An answer to "which
one?" picks among the offered bookings by a name (often just the first name), the booking's day or
time, its reference, or its place in the list ("the second").
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from rapidfuzz import fuzz

from concierge.parsing.text import fold
from concierge.plans import request_words as W
from concierge.plans.planning import PlanningRequest
from concierge.plans.request_reading import Change
from concierge.plans.request_values import BOOKING_ID, find_values, tokens_of

TYPO_RATIO = 80


@dataclass(frozen=True)
class Candidate:
    booking_id: str
    guest_name: str
    day: str
    time: str | None
    people: int | None
    label: str

    @classmethod
    def of(cls, found: dict) -> Candidate:
        return cls(
            booking_id=found["booking_id"],
            guest_name=found.get("guest_name", ""),
            day=str(found.get("booking_date", "")),
            time=found.get("booking_time"),
            people=found.get("party_size"),
            label=found.get("display_label") or found.get("guest_name", found["booking_id"]),
        )


def _search(request: PlanningRequest, text: str) -> list[Candidate]:
    found = request.lookup("search_bookings", {"restaurant_id": request.venue_id, "search_text": text})
    rows = (found.response_data or {}).get("results", []) if found.success else []
    return [Candidate.of(row) for row in rows]


def booking_by_id(request: PlanningRequest, booking_id: str) -> Candidate | None:
    found = request.lookup("get_booking", {"restaurant_id": request.venue_id, "booking_id": booking_id})
    data = found.response_data or {}
    if not found.success or "day" not in data:
        return None
    name = data.get("name") or ""
    return Candidate(booking_id, name, data["day"], data.get("time"), data.get("people"), name or booking_id)


def name_tier(said: str, guest_name: str) -> int:
    """3 the same word, 2 its plural or a possessive left on it, 1 a close spelling, 0 another name."""
    word = fold(said)
    best = 0
    for part in fold(guest_name).split():
        if word == part:
            return 3
        if word in (part + "s", part + "es") or part in (word + "s", word + "es"):
            best = max(best, 2)
        elif fuzz.ratio(word, part) >= TYPO_RATIO:
            best = max(best, 1)
    return best


def by_names(candidates: list[Candidate], names: list[str]) -> list[Candidate]:
    """The candidates whose name matches every name said, at the best tier any of them reaches."""
    tiers = {c.booking_id: min((name_tier(n, c.guest_name) for n in names), default=0) for c in candidates}
    best = max(tiers.values(), default=0)
    return [c for c in candidates if best and tiers[c.booking_id] == best]


def find(request: PlanningRequest, change: Change) -> list[Candidate]:
    """The bookings `change` may mean, best first ([] when none)."""
    hits: dict[str, list[Candidate]] = {name: _search(request, name) for name in change.names}
    names = [n for n in change.names if hits[n]] or change.names  # a word no booking has is not a name
    union: dict[str, Candidate] = {}
    for name in names:
        for candidate in hits[name]:
            union.setdefault(candidate.booking_id, candidate)
    candidates = by_names(list(union.values()), names) or list(union.values())
    if change.current_days:
        candidates = [c for c in candidates if c.day in change.current_days]
    if change.current_time:
        candidates = [c for c in candidates if c.time == change.current_time]
    return candidates


def pick(candidates: list[Candidate], answer: str, today: dt.date, locale: str) -> list[Candidate]:
    """The offered bookings an answer to "which one?" points at ([] when it points at none of them)."""
    if ids := BOOKING_ID.findall(answer):
        return [c for c in candidates if c.booking_id in ids]
    tokens = tokens_of(answer)
    said = [t.folded for t in tokens if t.kind == "word"]
    places = [n for w in said for n, ordinal in W.ORDINALS.items() if w in ordinal]
    if places and all(w in W.NOT_NAMES or any(w in o for o in W.ORDINALS.values()) for w in said):
        return [candidates[places[0] - 1]] if places[0] <= len(candidates) else []  # "the second one"
    values = find_values(tokens, today, locale)
    chosen = candidates
    for value in values:
        if value.kind == "day":
            chosen = [c for c in chosen if c.day in (value.candidates or (value.value,))]
        elif value.kind == "time":
            chosen = [c for c in chosen if c.time == value.value]
    used = {i for v in values for i in range(v.start, v.end)}
    words = [t for i, t in enumerate(tokens) if i not in used and t.kind == "word"]
    names = [t.text for t in words if t.folded not in W.NOT_NAMES and not t.text[:1].isdigit() and len(t.folded) > 1]
    if names:
        chosen = by_names(chosen, names)
    return chosen if chosen != candidates or len(candidates) == 1 else []
