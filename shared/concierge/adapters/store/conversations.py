"""The conversation store role: conversations, their messages, client profiles and answered message ids.

A thread (a WhatsApp number, a web session) points at its current conversation; `end_conversation`
archives that conversation and the thread's next message opens a new one. Every write of one
thread happens under the thread's lease (the conversation service takes it), so these methods
need no atomic read-modify-write of their own. Messages are numbered from 0 in the order stored.
"""

from __future__ import annotations

import datetime as dt
from abc import abstractmethod
from typing import Protocol

from concierge.domain.conversation import ClientProfile, Conversation, ConversationStatus, Message


class ConversationStore(Protocol):
    @abstractmethod
    def current_conversation(self, venue_id: str, thread_id: str) -> Conversation | None:
        """The conversation the thread points at (archived ones included), or None."""

    @abstractmethod
    def get_conversation(self, venue_id: str, conversation_key: str) -> Conversation | None: ...

    @abstractmethod
    def save_conversation(
        self, conversation: Conversation, new_messages: list[Message], expire_at: dt.datetime
    ) -> Conversation:
        """Write the conversation, append `new_messages` after its `message_count` stored ones, point
        its thread at it, and return it with the new count. `expire_at` is the retention deadline."""

    @abstractmethod
    def messages(self, venue_id: str, conversation_key: str, since: int = 0) -> list[Message]:
        """Messages numbered `since` and later, oldest first."""

    @abstractmethod
    def recent_messages(self, conversation: Conversation, limit: int) -> list[Message]:
        """The last `limit` messages of a conversation read from this store (so already known to be its
        venue's: nothing is read to check it again), oldest first."""

    @abstractmethod
    def conversations_in_status(self, venue_id: str, status: ConversationStatus) -> list[Conversation]:
        """The venue's conversations in a status, most recently updated first."""

    @abstractmethod
    def get_profile(self, venue_id: str, phone: str) -> ClientProfile | None: ...

    @abstractmethod
    def save_profile(self, profile: ClientProfile, expire_at: dt.datetime) -> None: ...

    @abstractmethod
    def answered(self, venue_id: str, thread_id: str, message_id: str) -> dict | None:
        """The answer recorded for a channel's message id on this thread, or None."""

    @abstractmethod
    def record_answer(
        self,
        venue_id: str,
        thread_id: str,
        message_id: str,
        conversation_key: str,
        answer: dict,
        expire_at: dt.datetime,
    ) -> None: ...

    @abstractmethod
    def client_threads(self, venue_id: str, phone: str) -> list[str]:
        """The threads of the venue's conversations with that phone, sorted."""

    @abstractmethod
    def purge_conversations(self, now: dt.datetime) -> int:
        """Delete conversations, their messages, answers and profiles past their `expire_at`; how many
        conversations (Firestore's TTL policy does it there: 0)."""

    @abstractmethod
    def forget_client(self, venue_id: str, phone: str) -> int:
        """Erase the client's profile and every conversation of that phone at the venue (messages and
        recorded answers included); how many conversations were erased."""
