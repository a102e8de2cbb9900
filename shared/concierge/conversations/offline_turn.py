"""What every flow of the offline agent shares: one turn, its tools, its memory, what it knows of the customer,
how the day said is read against the one under way, and the answers that end or reset a flow (welcome, goodbye,
FAQ, not understood, handover)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from concierge.conversations.agent import AgentAnswer, ToolCallRecord, ToolRunner, Turn
from concierge.conversations.days_and_times import A_DATE
from concierge.conversations.message_words import MONTH_WORDS, WEEKDAY_WORDS, time_tokens
from concierge.conversations.out_of_scope import hand_over
from concierge.conversations.rdv import Details, Disposition, Patient, RdvBuilder, Session
from concierge.conversations.readings import Reading
from concierge.domain.openings import is_open_at
from concierge.domain.venue import hhmm
from concierge.parsing.day_parts import part_window, range_in_part
from concierge.speech import phrases_for
from concierge.speech.receptionist import agent_words
from concierge.tools.faq import THRESHOLD, best_match, normalise

MISUNDERSTANDINGS_BEFORE_HANDOVER = 2
EVENING = 18  # from this hour the welcome says good evening


def ddmmyyyy(day: dt.date) -> str:
    """A day as the chat tools take it."""
    return day.strftime("%d/%m/%Y")


class OfflineTurn:
    """One turn of the offline agent: the turn, its tools, the memory it updates, the calls it makes."""

    def __init__(self, turn: Turn, tools: ToolRunner) -> None:
        self.turn, self.venue, self.now = turn, turn.venue, turn.now
        self._tools = tools
        self.calls: list[ToolCallRecord] = []
        self._free: dict[str, list[str]] = {}  # free times by day, read once per turn
        self.mem: dict[str, Any] = {
            "slots": {},
            "misunderstood": 0,
            "attempts": 0,
            "name_attempts": 0,
            "phone_attempts": 0,
            **turn.conversation.memory,
        }
        self.mem["slots"] = dict(self.mem.get("slots") or {})
        self.mem["attempts"] += 1
        self.words = agent_words(self.venue.locale, self.venue.kind)
        self.phrases = phrases_for(self.venue.locale, self.venue.kind)

    @property
    def folded(self) -> str:
        """The message as the vocabulary reads it (normalised); of the text under way, which a message of two
        requests changes."""
        return normalise(self.turn.text or "")

    # --- plumbing

    def tool(self, name: str, params: dict[str, Any]) -> dict[str, Any]:
        result = self._tools(name, params)
        self.calls.append(ToolCallRecord(name=name, ok=bool(result.get("success"))))
        return result

    @property
    def rdv(self) -> RdvBuilder:
        return RdvBuilder(
            self.venue,
            self.now,
            Session(
                attempt_count=self.mem["attempts"],
                last_bot_message=self.mem.get("last_bot_message"),
                has_name=bool(self.name),
                has_phone=bool(self.phone),
                name_attempts=self.mem["name_attempts"],
                phone_attempts=self.mem["phone_attempts"],
            ),
        )

    def answer(self, message: str, rdv: dict[str, Any]) -> AgentAnswer:
        self.mem["last_bot_message"] = message
        return AgentAnswer(reply=message, rdv=rdv, tool_calls=self.calls, turns=0, memory=self.mem)

    def day_words(self, day: dt.date) -> str:
        return self.phrases.day_label_from(day, self.now.date())

    def time_words(self, at: str) -> str:
        return self.phrases.time_human(at)

    # --- what we know of the customer

    @property
    def slots(self) -> dict[str, Any]:
        return self.mem["slots"]

    @property
    def name(self) -> str | None:
        if self.slots.get("for_someone") and self.venue.is_clinic:
            return self.slots.get("name")  # "pour mon fils": the patient's name, never the one writing's
        profile = self.turn.profile
        return (
            self.slots.get("name")
            or self.turn.conversation.customer_name
            or (profile.preferred_name if profile else None)
        )

    @property
    def phone(self) -> str | None:
        conversation = self.turn.conversation
        verified = conversation.customer_phone if conversation.phone_verified else None
        return self.slots.get("phone") or verified or (self.turn.profile.phone if self.turn.profile else None)

    @property
    def patient(self) -> Patient:
        return Patient(self.name, self.phone)

    @property
    def details(self) -> Details:
        return Details(
            reason=self.slots.get("reason"), care_type=self.slots.get("care_type"), party_size=self.slots.get("people")
        )

    # --- answers that end or reset a flow

    def welcome(self) -> AgentAnswer:
        self.mem["misunderstood"] = 0
        profile_name = self.turn.profile.preferred_name if self.turn.profile else None
        message = (
            self.words.say("welcome_back", name=profile_name, venue=self.venue.name)
            if profile_name
            else self.words.say("welcome.evening" if self.now.hour >= EVENING else "welcome", venue=self.venue.name)
        )
        return self.answer(message, self.rdv.welcome(message))

    def goodbye(self, thanked: bool) -> AgentAnswer:
        """Thanks or goodbye with nothing under way: the goal is met, the conversation is archived. "You're
        welcome" answers a thanks only; a bare "bye" or "no, that's all" is thanked."""
        self.tool("end_conversation", {"reason": "The customer said goodbye"})
        self.mem.update(misunderstood=0, pending=None, flow=None, slots={})
        return self.understood(self.words.say("goodbye" if thanked else "goodbye.unthanked"))

    def understood(self, message: str) -> AgentAnswer:
        self.mem["misunderstood"] = 0
        return self.answer(message, self.rdv.welcome(message))

    @property
    def asked_a_question(self) -> bool:
        """Whether the message is a question (one the FAQ did not answer, when it comes to be asked); "???" alone
        asks nothing."""
        text = (self.turn.text or "").strip()
        return text.endswith("?") and any(c.isalnum() for c in text)

    def not_understood(self) -> AgentAnswer:
        self.mem["misunderstood"] += 1
        if self.mem["misunderstood"] >= MISUNDERSTANDINGS_BEFORE_HANDOVER:
            return self.handover("The customer was not understood twice")
        message = self.words.say("no_answer" if self.asked_a_question else "not_understood")
        return self.answer(message, self.rdv.welcome(message))

    def handover(self, reason: str, first: str | None = None) -> AgentAnswer:
        """The conversation passed to the team, for `reason`; `first` is said before the usual words."""
        self.mem.update(pending=None, flow=None, misunderstood=0)
        said = " ".join(filter(None, (first, self.words.say("handover"))))
        answer = hand_over(self.turn, self._tools, Disposition("IN_SCOPE", reason), said, self.rdv.session)
        answer.tool_calls = self.calls + answer.tool_calls
        self.mem["last_bot_message"] = answer.reply
        answer.memory = self.mem
        return answer

    def party_not_hour(self, reading: Reading, day: dt.date | None) -> None:
        """ "Can we make it 3?" read as 3 pm, when `day` has no opening then: a party of 3, at a restaurant."""
        number = reading.made_it
        if number is None or reading.time is None or day is None or self.venue.is_clinic:
            return
        if number <= self.venue.max_people and not self.open_then(day, reading.time):
            reading.people, reading.time = number, None

    def part_of_the_day_under_way(self, reading: Reading, day_under_way: str | None) -> bool:
        """A part of the day said alone ("evening", "plutôt le matin") is that part of the day under way: the
        day of the times offered, or of the booking asked for. True when it is one."""
        if reading.part_named and not (reading.day or reading.time or reading.time_near) and day_under_way:
            day = dt.date.fromisoformat(day_under_way)
            start, end = part_window(reading.part_named, range_in_part(self.venue.ranges_on(day), reading.part_named))
            reading.day, reading.part = day, (hhmm(start), hhmm(end))
            return True
        return False

    @property
    def confirming(self) -> bool:
        """Whether the message answers a booking's "Shall I book…?" (as the turn found it)."""
        return (self.turn.conversation.memory.get("pending") or {}).get("kind") == "create"

    def weekday_alone(self) -> bool:
        """Whether the message names its day by a weekday alone ("Friday at 8", not "tomorrow" or "Friday
        the 4th")."""
        words = time_tokens(self.turn.text or "")
        dated = A_DATE.search(" ".join(words)) or MONTH_WORDS.intersection(words)
        return bool(WEEKDAY_WORDS.intersection(words)) and not dated

    def open_then(self, day: dt.date, time: str) -> bool:
        """Whether the venue is open on `day` at `time` ("HH:MM"), by its hours: no store read."""
        return is_open_at(self.venue, dt.datetime.combine(day, dt.time.fromisoformat(time)))

    def faq(self, text: str) -> str | None:
        if len(text.split()) < 2:
            return None  # "não", "sì": too short to be a question, and fuzzy matching would find one
        match = best_match(text, [entry.question for entry in self.venue.faq])
        if match is None or match[1] < THRESHOLD:
            return None
        return self.venue.faq[match[0]].answer
