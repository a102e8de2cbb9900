"""What the venue's staff do with conversations, and what a web customer polls.

A person replying takes the conversation over (`human_support`, the AI silent); handing back
gives it to the AI again; closing archives it. Every change goes through the thread's lease.
`client_forget` erases a client's profile and conversations (the right to erasure), holding the
leases of the client's threads (in thread order, so two erasures cannot deadlock).
"""

from __future__ import annotations

import datetime as dt
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

from concierge.adapters.store import StoreBusy
from concierge.conversations.requests import ForgetRequest, ListRequest, PollRequest, ReadRequest, ReplyRequest
from concierge.conversations.threads import Threads
from concierge.domain.conversation import Conversation, ConversationStatus, Message
from concierge.domain.errors import ToolError, validation_error
from concierge.domain.operators import Operator
from concierge.domain.phone import InvalidPhone, to_e164
from concierge.tools.context import ToolContext

SHOWN_TO_CUSTOMER = ("customer", "assistant", "staff")


def not_found(conversation_id: str) -> ToolError:
    return ToolError("CONVERSATION_NOT_FOUND", f'No conversation "{conversation_id}" at this venue.')


def summary_of(conversation: Conversation) -> dict[str, Any]:
    return {
        "conversation_id": conversation.thread_id,
        "conversation_key": conversation.conversation_key,
        "status": conversation.status,
        "ai_active": conversation.ai_active,
        "channel": conversation.channel,
        "customer_phone": conversation.customer_phone,
        "phone_verified": conversation.phone_verified,
        "customer_name": conversation.customer_name,
        "tags": conversation.tags,
        "summary": conversation.summary,
        "booking_ids": conversation.booking_ids,
        "messages": conversation.message_count,
        "created_at": conversation.created_at.isoformat(),
        "updated_at": conversation.updated_at.isoformat(),
    }


def _shown(messages: list[Message], first: int, everything: bool) -> list[dict[str, Any]]:
    return [
        {"seq": first + i, **m.model_dump(mode="json", exclude_none=True)}
        for i, m in enumerate(messages)
        if everything or m.role in SHOWN_TO_CUSTOMER
    ]


@dataclass
class Handover:
    ctx: ToolContext
    threads: Threads

    def _now(self) -> dt.datetime:
        return self.ctx.clock.now().astimezone(dt.timezone.utc)

    def _current(self, venue_id: str, conversation_id: str) -> Conversation:
        found = self.threads.store.current_conversation(venue_id, conversation_id)
        if found is None:
            raise not_found(conversation_id)
        return found

    def poll(self, req: PollRequest) -> dict[str, Any]:
        """The customer's side of the thread since message `since`: what a web widget shows."""
        venue = self.ctx.venue(req.venue_id)
        conversation = self._current(venue.id, req.conversation_id)
        messages = self.threads.store.messages(venue.id, conversation.conversation_key, req.since)
        return {
            "ok": True,
            "conversation_id": req.conversation_id,
            "status": conversation.status,
            "ai_active": conversation.ai_active,
            "messages": _shown(messages, req.since, everything=False),
            "next": req.since + len(messages),
        }

    def list(self, req: ListRequest) -> dict[str, Any]:
        venue = self.ctx.venue(req.venue_id)
        found = self.threads.store.conversations_in_status(venue.id, req.status)
        return {"ok": True, "status": req.status, "conversations": [summary_of(c) for c in found]}

    def read(self, req: ReadRequest) -> dict[str, Any]:
        venue = self.ctx.venue(req.venue_id)
        store = self.threads.store
        conversation = (
            store.get_conversation(venue.id, req.conversation_key)
            if req.conversation_key
            else store.current_conversation(venue.id, req.conversation_id)
        )
        if conversation is None or conversation.thread_id != req.conversation_id:
            raise not_found(req.conversation_id)
        profile = store.get_profile(venue.id, conversation.customer_phone) if conversation.customer_phone else None
        return {
            "ok": True,
            "conversation": summary_of(conversation),
            "transcript": _shown(store.messages(venue.id, conversation.conversation_key), 0, everything=True),
            "profile": profile.model_dump(mode="json") if profile else None,
        }

    def _change(
        self,
        venue_id: str,
        conversation_id: str,
        status: ConversationStatus,
        ai_active: bool,
        message: Message | None = None,
    ) -> dict[str, Any]:
        venue = self.ctx.venue(venue_id)
        try:
            with self.threads.held(venue.id, conversation_id):
                conversation = self._current(venue.id, conversation_id)
                if conversation.status == "archived":
                    raise ToolError(
                        "CONVERSATION_ARCHIVED",
                        "This conversation is closed; the customer's next message opens a new one.",
                    )
                state = self.threads.state(venue, conversation, self.ctx.local_now(venue))
                state.conversation.status, state.conversation.ai_active = status, ai_active
                if message is not None:
                    state.turn_messages.append(message)
                saved = self.threads.save(state, self._now())
        except StoreBusy:
            raise ToolError("CONVERSATION_BUSY", "The conversation is busy; try again in a moment.") from None
        return {"ok": True, "conversation": summary_of(saved)}

    def reply(self, req: ReplyRequest, operator: Operator) -> dict[str, Any]:
        """A person answers: stored in the transcript (a web customer sees it by polling); the AI stays silent."""
        said = Message(role="staff", text=req.text.strip(), at=self._now(), data={"operator_id": operator.operator_id})
        return self._change(req.venue_id, req.conversation_id, "human_support", False, said)

    def hand_back(self, req: ReadRequest) -> dict[str, Any]:
        return self._change(req.venue_id, req.conversation_id, "active", True)

    def close(self, req: ReadRequest) -> dict[str, Any]:
        return self._change(req.venue_id, req.conversation_id, "archived", False)

    def forget(self, req: ForgetRequest) -> dict[str, Any]:
        venue = self.ctx.venue(req.venue_id)
        try:
            phone = to_e164(req.phone, venue.country)
        except InvalidPhone as exc:
            raise validation_error("phone", str(exc)) from None
        store = self.threads.store
        try:
            with ExitStack() as held:  # no message of these threads is being answered while they are erased
                for thread in store.client_threads(venue.id, phone):
                    held.enter_context(self.threads.held(venue.id, thread))
                erased = store.forget_client(venue.id, phone)
        except StoreBusy:
            raise ToolError(
                "CONVERSATION_BUSY", "A conversation of this client is busy; try again in a moment."
            ) from None
        return {"ok": True, "phone": phone, "conversations_erased": erased}
