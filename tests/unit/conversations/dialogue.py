"""Drive an agent through a conversation, turn by turn, as the service would, checking every rdv."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from concierge.conversations.agent import Agent, AgentAnswer, Turn
from concierge.domain.conversation import ClientProfile, Conversation, Message
from concierge.domain.venue import Venue

from tests.support.rdv import assert_valid_rdv
from tests.unit.conversations.fakes import FakeTools


@dataclass
class Dialogue:
    agent: Agent
    venue: Venue
    now: dt.datetime
    phone: str | None = None  # channel-verified
    profile: ClientProfile | None = None
    language: str | None = None  # the channel's word for the customer's language
    tools: FakeTools | None = None
    memory: dict[str, Any] = field(default_factory=dict)
    history: list[Message] = field(default_factory=list)
    answers: list[AgentAnswer] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.tools is None:
            self.tools = FakeTools(self.venue, phone=self.phone)

    def say(self, text: str | None, action: str | None = None, data: dict[str, Any] | None = None) -> AgentAnswer:
        conversation = Conversation(
            venue_id=self.venue.id,
            thread_id="t1",
            conversation_key="c1",
            customer_phone=self.phone,
            phone_verified=self.phone is not None,
            memory=self.memory,
            created_at=self.now,
            updated_at=self.now,
        )
        turn = Turn(
            venue=self.venue,
            now=self.now,
            conversation=conversation,
            profile=self.profile,
            history=list(self.history),
            text=text,
            action=action,
            data=data,
            language=self.language,
        )
        answer = self.agent.respond(turn, self.tools)
        assert_valid_rdv(answer.rdv, self.venue)
        assert answer.reply == answer.rdv["message"] or answer.rdv["action"] == "ROUTE_TO_HUMAN"
        self.memory = answer.memory
        self.history += [
            Message(role="customer", text=text or action or "", at=self.now),
            Message(role="assistant", text=answer.reply, at=self.now),
        ]
        self.answers.append(answer)
        return answer

    def press(self, element: dict[str, Any]) -> AgentAnswer:
        return self.say(None, element["action"], element.get("data"))
