"""The deterministic planner: reschedule, guest count, contact details and cancellation, read in en, it, fr and pt.

It follows the planning rules without a language model: the booking comes from the conversation
first (a booking reference said, or the one the session already settled on), then from a fuzzy
search on the guests' names narrowed by the booking's current day or time when said; it never
guesses which booking, how many guests or which contact details, and asks one question at a time.
Every value in a plan is one the operator said (`request_reading`); dates and times use the
project's own parsers ("Saturday" is the next Saturday).

A conversation is replayed from its first request on every turn: each later message answers the
question asked before it (the session keeps the question's kind and the bookings it offered), so a
bare "6" answers "how many guests?" and "Luca" answers "which Rossi?". Questions are asked in the
language of the request, or the venue's when the request does not tell (`speech.plans`).
"""

from __future__ import annotations

from dataclasses import dataclass

from concierge.domain.plans import Clarification, PlanProposal, PlanStep
from concierge.parsing.text import fold
from concierge.plans import request_words as W
from concierge.plans.booking_finding import Candidate, booking_by_id, find, pick
from concierge.plans.planning import REPHRASE, PlanningRequest, rephrase_clarification
from concierge.plans.request_reading import Change, merged, read_count, read_phone, read_request
from concierge.speech.plans import PlanWords, language_of, plan_words


def language(text: str, locale: str) -> str:
    """The language most of the request's words belong to; the venue's on a tie."""
    words = fold(text).split()
    scores = {lang: sum(w in markers for w in words) for lang, markers in W.LANGUAGE_MARKERS.items()}
    venue = language_of(locale)
    best = max(scores.values())
    if best == 0 or scores.get(venue) == best:
        return venue
    return max(scores, key=lambda lang: scores[lang])


MAX_SUMMARY = 200  # ExecutionPlan.intent_summary's limit


class Ask(Exception):
    """Raised inside planning to ask the operator one question."""

    def __init__(self, kind: str, options: list[Candidate] | None = None, **values: str) -> None:
        super().__init__(kind)
        self.kind, self.options, self.values = kind, options or [], values


@dataclass
class Conversation:
    """The request that opened the conversation, and the answers given to the questions asked since."""

    request: str
    answers: list[str]
    known_booking: str | None  # the booking the session settled on in an earlier plan
    position: int = 0

    asked: int = 0  # questions asked so far in this conversation

    @classmethod
    def of(cls, request: PlanningRequest) -> Conversation:
        """The conversation since the last plan, or since the last prompt to rephrase (which starts afresh)."""
        turns = request.history
        restart = [i for i, t in enumerate(turns) if t.get("role") == "assistant" and t.get("asked") == REPHRASE]
        asked = request.clarifications_so_far
        if restart:
            turns = turns[restart[-1] + 1 :]
            asked = sum(t.get("role") == "assistant" for t in turns)
        said = [t["content"] for t in turns if t.get("role") == "user"] + [request.message]
        known = next((t.get("booking_id") for t in reversed(request.history) if t.get("booking_id")), None)
        return cls(request=said[0], answers=said[1:], known_booking=known, asked=asked)

    def answer(self, kind: str, options: list[Candidate] | None = None, **values: str) -> str:
        """The next answer, or the question (raised) when the operator has not answered it yet."""
        if self.position >= len(self.answers):
            raise Ask(kind, options, **values)
        self.position += 1
        return self.answers[self.position - 1]


class RulePlanner:
    """Plans without a language model; the default when none is configured."""

    def plan(self, request: PlanningRequest) -> PlanProposal | Clarification:
        conversation = Conversation.of(request)
        lang = language(" ".join([conversation.request, *conversation.answers]), request.venue_locale)
        try:
            steps = _Planning(request, conversation, lang).steps()
        except Ask as ask:
            if conversation.asked >= request.max_clarifications:
                return rephrase_clarification(lang)
            words = plan_words(lang)
            values = dict(ask.values)
            if ask.options:
                values["options"] = "; ".join(c.label for c in ask.options)
            return Clarification(
                question=getattr(words, ask.kind).format(**values),
                kind=ask.kind,
                options=[c.booking_id for c in ask.options],
            )
        words = plan_words(lang)
        summary = "; ".join(_summary(words, step, booking.label) for step, booking in steps)
        if len(summary) > MAX_SUMMARY:  # the guests' names and days left out rather than cut off
            summary = "; ".join(_summary(words, step, None) for step, _ in steps)
        return PlanProposal(intent_summary=summary[:MAX_SUMMARY], steps=[step for step, _ in steps])


@dataclass
class _Planning:
    request: PlanningRequest
    conversation: Conversation
    lang: str

    def read(self, text: str, lowercase_names: bool = False) -> list[Change]:
        return read_request(text, self.request.today, self.request.venue_locale, lowercase_names)

    def steps(self) -> list[tuple[PlanStep, Candidate]]:
        text = self.conversation.request
        changes = self.read(text)
        while not any(c.asks_something() for c in changes):
            text = f"{text} , {self.conversation.answer('what_change')}"
            changes = self.read(text)
        if len(changes) == 1 and not changes[0].names and not changes[0].booking_id:
            changes[0].booking_id = self.conversation.known_booking
        return [self.step(change) for change in changes]

    def step(self, change: Change) -> tuple[PlanStep, Candidate]:
        booking = self.booking(change)
        change = self.complete(change, booking)
        target = {"restaurant_id": self.request.venue_id, "booking_id": booking.booking_id}
        if change.cancel:
            return PlanStep(action_id="cancel_booking", parameters=target), booking
        parameters = {**target, **change.changes()}
        if self.phone_later(change):  # asked when the plan runs, through its blocking prompt
            parameters["phone"] = {"ask": plan_words(self.lang).which_phone}
        return PlanStep(action_id="modify_booking", parameters=parameters), booking

    def phone_later(self, change: Change) -> bool:
        """A new phone the operator says they will only have later ("Rossi will call back with it")."""
        said = f" {fold(self.conversation.request)} "
        return change.wants_phone and change.phone is None and any(f" {p} " in said for p in W.LATER_PHRASES)

    def booking(self, change: Change) -> Candidate:
        """The one booking `change` means, asking which one until it is clear."""
        while change.booking_id is None:
            if not change.names:
                self.refer(change, self.conversation.answer("which_booking"))
                continue
            candidates = find(self.request, change)
            if not candidates and change.guessed:
                change.names, change.guessed = [], False  # lower-case words, none of them a guest's name
                continue
            if not candidates:
                query = " ".join(change.names + change.reference_words)
                self.refer(change, self.conversation.answer("no_match", query=query), forget=True)
                continue
            while len(candidates) > 1:
                answer = self.conversation.answer("several", candidates)
                candidates = pick(candidates, answer, self.request.today, self.request.venue_locale) or candidates
            return candidates[0]
        return booking_by_id(self.request, change.booking_id) or Candidate(
            change.booking_id, "", "", None, None, change.booking_id
        )

    def refer(self, change: Change, answer: str, forget: bool = False) -> None:
        """Take the booking's name, reference, day or time from an answer to "which booking?"."""
        said = self.read(answer, lowercase_names=True)
        if forget:
            change.names, change.current_days, change.current_time, change.reference_words = [], (), None, []
        change.guessed = False  # a name given when asked for one is meant as a name
        for part in said:
            change.names += part.names
            change.booking_id = change.booking_id or part.booking_id
        # In an answer naming a booking, a day or time unmarked is the booking's current one.
        first = said[0]
        if first.new_day and not first.moves and not first.current_days:
            change.current_days = (first.new_day,)
        elif first.current_days:
            change.current_days = first.current_days
        if first.current_time or (first.new_time and not first.moves):
            change.current_time = first.current_time or first.new_time

    def complete(self, change: Change, booking: Candidate) -> Change:
        """Ask for what the change still lacks: the guest count, where to move, the new phone."""
        today, locale = self.request.today, self.request.venue_locale
        if change.more_people and change.new_people is None and booking.people:
            change.new_people = booking.people + change.more_people
        while change.wants_people and change.new_people is None:
            change.new_people = read_count(self.conversation.answer("how_many"), today, locale)
        while change.email and change.phone is None:
            change.phone = read_phone(self.conversation.answer("no_email"))
        while change.wants_phone and change.phone is None and not self.phone_later(change):
            change.phone = read_phone(self.conversation.answer("which_phone"))
        while not change.cancel and not change.changes() and not self.phone_later(change):
            kind = "move_when" if change.moves else "what_change"
            answer = self.conversation.answer(kind)
            change = merged(change, self.read(answer))
            if change.wants_people and change.new_people is None:
                change.new_people = read_count(answer, today, locale)
        return change


def _summary(words: PlanWords, step: PlanStep, label: str | None) -> str:
    """ "Booking <id> (<guest, day, time, party>): <change>, <change>", the guest's details when known."""
    params = step.parameters
    booking = words.booking.format(booking_id=params["booking_id"])
    if label and label != params["booking_id"]:
        booking = f"{booking} ({label})"
    if step.action_id == "cancel_booking":
        return booking + ": " + words.cancel
    parts = []
    if params.get("new_day") or params.get("new_time"):
        when = " ".join(v for v in (params.get("new_day"), params.get("new_time")) if v)
        parts.append(words.move_to.format(when=when))
    if params.get("new_people"):
        parts.append(words.people.format(people=params["new_people"]))
    if isinstance(params.get("phone"), dict):
        parts.append(words.phone.format(phone=words.asked_later))
    elif params.get("phone"):
        parts.append(words.phone.format(phone=params["phone"]))
    if params.get("name"):
        parts.append(words.named(params["name"]))
    return booking + ": " + ", ".join(parts)
