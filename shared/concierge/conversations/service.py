"""The chat receptionist's service: one customer message in, one answer out.

Validate, answer a repeated message id from its record, take the thread's lease, load the
conversation (a new life after an archive), its client profile and bounded history; while a
person has the conversation, store the message and answer `reply: null`; else let the agent
answer with a tool runner bound to the conversation, and write the turn (messages, tool effects,
profile) and its answer together. One trace per turn, the conversation as its session.

Refusals are ToolErrors with codes (VALIDATION_ERROR, RESTAURANT_NOT_FOUND, CONVERSATION_BUSY,
AGENT_UNAVAILABLE); the HTTP layer gives them their statuses.
"""

from __future__ import annotations

import copy
import datetime as dt
import logging
from dataclasses import dataclass
from typing import Any, Callable

from concierge.adapters.store import StoreBusy
from concierge.adapters.tracing import Tracer, new_trace_id
from concierge.conversations.agent import Agent, Turn
from concierge.conversations.requests import MessageRequest, ToolCallRequest
from concierge.conversations.threads import Threads
from concierge.conversations.toolbox import ConversationTools
from concierge.domain.conversation import Conversation, Message
from concierge.domain.errors import ToolError, validation_error
from concierge.domain.phone import InvalidPhone, to_e164
from concierge.domain.venue import Venue
from concierge.tools.context import ToolContext

log = logging.getLogger("concierge.conversations")


def busy() -> ToolError:
    return ToolError(
        "CONVERSATION_BUSY",
        "Another message of this conversation is still being answered; send this one again in a moment.",
    )


@dataclass
class ConversationService:
    ctx: ToolContext
    threads: Threads
    agent_for: Callable[[Venue], Agent]
    tracer: Tracer | None = None  # the context's tracer unless another is given

    def __post_init__(self) -> None:
        if self.tracer is None:
            self.tracer = self.ctx.tracer

    def _utc_now(self) -> dt.datetime:
        return self.ctx.clock.now().astimezone(dt.timezone.utc)

    def message(self, req: MessageRequest) -> dict[str, Any]:
        venue = self.ctx.venue(req.venue_id)
        phone = None
        if req.customer and req.customer.phone:
            try:
                phone = to_e164(req.customer.phone, venue.country)
            except InvalidPhone as exc:
                raise validation_error("customer.phone", str(exc)) from None
        store = self.threads.store
        try:
            with self.threads.held(venue.id, req.conversation_id):
                if req.message_id and (recorded := store.answered(venue.id, req.conversation_id, req.message_id)):
                    return recorded
                answer, key = self._turn(venue, req, phone)
                if req.message_id:
                    store.record_answer(
                        venue.id,
                        req.conversation_id,
                        req.message_id,
                        key,
                        answer,
                        self._utc_now() + self.threads.retention,
                    )
                return answer
        except StoreBusy:
            raise busy() from None

    def _turn(self, venue: Venue, req: MessageRequest, phone: str | None) -> tuple[dict[str, Any], str]:
        now = self._utc_now()
        conversation = self.threads.open(
            venue, req.conversation_id, now, req.channel, phone, req.customer.name if req.customer else None
        )
        state = self.threads.state(venue, conversation, self.ctx.local_now(venue))
        state.ensure_profile()
        state.turn_messages.append(
            Message(
                role="customer",
                text=(req.text or "").strip(),
                at=now,
                message_id=req.message_id,
                action=req.action,
                data=req.data,
            )
        )
        assert self.tracer is not None
        with self.tracer.span(
            "conversation:turn",
            trace_id=new_trace_id(),
            trace_name="conversation:turn",
            session_id=conversation.conversation_key,
            venue=venue.id,
            channel=req.channel,
            input=self._traced_input(req, conversation, None),
        ) as span:
            if not conversation.ai_active or conversation.status == "human_support":
                self.threads.save(state, now)
                answer = self._answer(state.conversation, None, None, [], 0)
                span.set(output=answer, handled_by="person")
                return answer, state.conversation.conversation_key
            tools = ConversationTools(self.ctx, state, self.tracer)
            turn = Turn(
                venue=venue,
                now=state.now,
                conversation=copy.deepcopy(conversation),
                profile=copy.deepcopy(state.profile),
                history=list(state.history),
                text=req.text,
                action=req.action,
                data=req.data,
                language=(req.language or "")[:2].lower() or None,
            )
            try:
                result = self.agent_for(venue).respond(turn, tools)
            except Exception as exc:  # the message and the tools' effects are kept; the agent's words are not
                log.exception("the agent failed on a turn of conversation %s", conversation.conversation_key)
                self.threads.save(state, now)
                span.set(error=type(exc).__name__)
                raise ToolError(
                    "AGENT_UNAVAILABLE", "The assistant could not answer; send the message again."
                ) from None
            state.conversation.memory = result.memory
            state.turn_messages.append(
                Message(role="assistant", text=result.reply, at=now, data={"rdv": result.rdv} if result.rdv else None)
            )
            self.threads.save(state, now)
            answer = self._answer(
                state.conversation, result.reply, result.rdv, [c.model_dump() for c in tools.calls], result.turns
            )
            patient = (result.rdv or {}).get("patient") or {}
            span.set(
                input=self._traced_input(req, state.conversation, patient.get("name")),
                output=answer,
                turns=result.turns,
                tool_calls=[c.name for c in tools.calls],
            )
        return answer, state.conversation.conversation_key

    @staticmethod
    def _traced_input(req: MessageRequest, conversation: Conversation, said_name: str | None) -> dict[str, Any]:
        """The turn's input beside the names known by its end, so the tracer masks them in the free text too."""
        names = sorted({n for n in (conversation.customer_name, said_name) if n})
        return {
            "text": req.text,
            "action": req.action,
            "data": req.data,
            "customer": {"name": names, "phone": conversation.customer_phone},
        }

    @staticmethod
    def _answer(
        conversation: Conversation, reply: str | None, rdv: dict | None, calls: list[dict], turns: int
    ) -> dict[str, Any]:
        return {
            "ok": True,
            "conversation_id": conversation.thread_id,
            "status": conversation.status,
            "ai_active": conversation.ai_active,
            "reply": reply,
            "rdv": rdv,
            "tool_calls": calls,
            "turns": turns,
        }

    def call_tool(self, name: str, req: ToolCallRequest) -> dict[str, Any]:
        """One of the manual's tools called directly (/api/<tool>) for a thread's conversation."""
        venue = self.ctx.venue(req.venue_id)
        try:
            with self.threads.held(venue.id, req.conversation_id):
                now = self._utc_now()
                conversation = self.threads.open(venue, req.conversation_id, now)
                state = self.threads.state(venue, conversation, self.ctx.local_now(venue))
                assert self.tracer is not None
                with self.tracer.span(
                    f"conversation:{name}",
                    trace_id=new_trace_id(),
                    session_id=conversation.conversation_key,
                    venue=venue.id,
                ):
                    result = ConversationTools(self.ctx, state, self.tracer)(name, req.params())
                self.threads.save(state, now)
        except StoreBusy:
            raise busy() from None
        return {**result, "conversation_id": req.conversation_id, "status": state.conversation.status}
