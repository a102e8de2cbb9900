"""A customer's conversation with the chat receptionist, its messages, and the client's profile.

Pure data: the conversation store persists these, the conversation service changes them, the
agents read them. A conversation is one channel thread (`thread_id`: a WhatsApp number, a web
session) in one life: `end_conversation` archives it, and the next message on the same thread opens
a new conversation (a new `conversation_key`) for the same client profile.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from pydantic import BaseModel, Field

ConversationStatus = Literal["active", "human_support", "archived"]
Channel = Literal["web", "whatsapp", "sms", "api"]
Role = Literal["customer", "assistant", "staff", "tool"]


class Message(BaseModel):
    """One message of the transcript, oldest first."""

    role: Role
    text: str
    at: dt.datetime
    message_id: str | None = None  # the channel's id of a customer message (repeats are answered once)
    action: str | None = None  # a pressed UI element's action, for customer messages
    data: dict[str, Any] | None = None  # that element's data, or a tool's result for role "tool"
    tool: str | None = None  # the tool that produced a "tool" message


class ClientProfile(BaseModel):
    """What the venue knows of a client, per venue and phone (E.164), kept across conversations."""

    venue_id: str
    phone: str
    preferred_name: str | None = None
    address: str | None = None
    notes: list[str] = Field(default_factory=list)
    tags: list[str] = Field(default_factory=list)
    summaries: list[str] = Field(default_factory=list)  # latest last


class Conversation(BaseModel):
    """One life of a channel thread. `memory` is the agent's own state between turns (slots collected,
    misunderstandings counted, a proposal awaiting confirmation), JSON-serialisable and opaque to the
    service."""

    venue_id: str
    thread_id: str
    conversation_key: str  # unique per life of the thread
    channel: Channel = "api"
    status: ConversationStatus = "active"
    ai_active: bool = True
    customer_phone: str | None = None  # E.164; verified when the channel gave it
    phone_verified: bool = False
    customer_name: str | None = None
    tags: list[str] = Field(default_factory=list)
    summary: str | None = None
    memory: dict[str, Any] = Field(default_factory=dict)
    # Kept by the service (added with the conversation store):
    message_count: int = 0  # messages stored so far; a message's sequence number is its position
    booking_ids: list[str] = Field(default_factory=list)  # bookings made in this conversation
    created_at: dt.datetime
    updated_at: dt.datetime
