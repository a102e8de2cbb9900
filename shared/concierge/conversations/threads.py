"""A channel thread's conversation: its lease, its current life, and writing a turn.

Every change to a thread (a customer's message, a tool function, an operator's reply) happens
while holding the thread's lease, so two messages of one conversation are handled one after
the other, each seeing the other's effects, and the store needs no read-modify-write of its own.
"""

from __future__ import annotations

import datetime as dt
import uuid
from contextlib import AbstractContextManager
from dataclasses import dataclass

from concierge.adapters.leases import Lease
from concierge.adapters.store.conversations import ConversationStore
from concierge.conversations.state import ConversationState
from concierge.domain.conversation import Channel, Conversation
from concierge.domain.venue import Venue

DEFAULT_RETENTION = dt.timedelta(days=180)
DEFAULT_HISTORY = 20  # messages the agent sees


@dataclass(frozen=True)
class Threads:
    store: ConversationStore
    lease: Lease
    retention: dt.timedelta = DEFAULT_RETENTION
    history_limit: int = DEFAULT_HISTORY

    def held(self, venue_id: str, thread_id: str) -> AbstractContextManager[None]:
        return self.lease(f"conversation|{venue_id}|{thread_id}")

    def open(
        self,
        venue: Venue,
        thread_id: str,
        now: dt.datetime,
        channel: Channel = "api",
        phone: str | None = None,
        name: str | None = None,
    ) -> Conversation:
        """The thread's live conversation, or a new life of it (after an archive, for the same customer).

        A phone the channel gives is the customer's verified identity and replaces any other."""
        current = self.store.current_conversation(venue.id, thread_id)
        if current is None or current.status == "archived":
            previous = current
            current = Conversation(
                venue_id=venue.id,
                thread_id=thread_id,
                conversation_key=uuid.uuid4().hex,
                channel=channel,
                customer_phone=previous.customer_phone if previous else None,
                phone_verified=previous.phone_verified if previous else False,
                customer_name=previous.customer_name if previous else None,
                created_at=now,
                updated_at=now,
            )
        if phone and (current.customer_phone != phone or not current.phone_verified):
            current.customer_phone, current.phone_verified = phone, True
        if name and not current.customer_name:
            current.customer_name = name
        return current

    def state(self, venue: Venue, conversation: Conversation, local_now: dt.datetime) -> ConversationState:
        profile = self.store.get_profile(venue.id, conversation.customer_phone) if conversation.customer_phone else None
        history = self.store.recent_messages(conversation, self.history_limit) if conversation.message_count else []
        return ConversationState(
            venue=venue, conversation=conversation, profile=profile, history=history, now=local_now
        )

    def save(self, state: ConversationState, now: dt.datetime) -> Conversation:
        """Write the turn: its messages, the conversation, and the profile when it changed."""
        expire_at = now + self.retention
        state.conversation.updated_at = now
        if state.profile is not None and state.profile_changed:
            self.store.save_profile(state.profile, expire_at)
            state.profile_changed = False
        saved = self.store.save_conversation(state.conversation, state.turn_messages, expire_at)
        state.conversation, state.turn_messages = saved, []
        return saved
