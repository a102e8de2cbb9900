"""The seam between the conversation service and the agents that decide and word each answer.

The service (state, lease, the manual's tools, persistence, HTTP) builds a `Turn` for each customer
message and hands it to an `Agent` with a `ToolRunner`. The agent answers with the reply, the turn's
structured `rdv` answer (seed 002) and the tools it called. Every effect on the world or on the
conversation (a booking, a handover, tags, a summary, the end of the conversation) happens through
the tool runner, so the service alone writes state and the same rules hold whatever the agent.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import BaseModel

from concierge.domain.conversation import ClientProfile, Conversation, Message
from concierge.domain.venue import Venue


class ToolCallRecord(BaseModel):
    name: str
    ok: bool


class ToolRunner(Protocol):
    """Runs one of the manual's tools for this conversation's customer.

    `name` is one of schedule_appointment, get_available_slots, list_events, cancel_appointment,
    request_human_support, update_client_info, update_conversation_tags, end_conversation,
    summarize_conversation; `params` uses the seed's input field names (plus the optional
    extensions the service documents). Returns the tool's output object (`success`, `message`,
    `error`, ...). Never raises for a refusal: a refused call is `{"success": false, "error": ...}`.
    """

    def __call__(self, name: str, params: dict[str, Any]) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Turn:
    venue: Venue
    now: dt.datetime  # the venue's local time
    conversation: Conversation  # as it stood before this message (memory included)
    profile: ClientProfile | None
    history: list[Message]  # bounded recent transcript, oldest first, without this message
    text: str | None  # the customer's words, or None when a UI element was pressed
    action: str | None = None
    data: dict[str, Any] | None = None
    language: str | None = None  # the customer's language as the channel knows it (a browser's), two letters


@dataclass
class AgentAnswer:
    reply: str
    rdv: dict[str, Any]  # valid against the venue's rdv schema
    tool_calls: list[ToolCallRecord] = field(default_factory=list)
    turns: int = 0  # model turns used; 0 for the offline agent
    memory: dict[str, Any] = field(default_factory=dict)  # the agent's state for the next turn
    # Token counts over the turn's model calls, for tracing: prompt_tokens, completion_tokens, total_tokens
    # (empty for the offline agent). Per-call generations reach the tracer through the LLM client's hook.
    usage: dict[str, int] = field(default_factory=dict)


class Agent(Protocol):
    def respond(self, turn: Turn, tools: ToolRunner) -> AgentAnswer: ...
