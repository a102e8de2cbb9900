"""Build agent turns for unit tests."""

from __future__ import annotations

import datetime as dt
from typing import Any

from concierge.conversations.agent import Turn
from concierge.domain.conversation import ClientProfile, Conversation, Message
from concierge.domain.venue import Venue


def conversation(
    venue: Venue, phone: str | None = None, memory: dict[str, Any] | None = None, now: dt.datetime | None = None
) -> Conversation:
    at = now or dt.datetime(2026, 11, 23, 10, 0, tzinfo=venue.tz)
    return Conversation(
        venue_id=venue.id,
        thread_id="t1",
        conversation_key="c1",
        customer_phone=phone,
        phone_verified=phone is not None,
        memory=memory or {},
        created_at=at,
        updated_at=at,
    )


def turn(
    venue: Venue,
    text: str | None,
    now: dt.datetime,
    phone: str | None = None,
    memory: dict[str, Any] | None = None,
    profile: ClientProfile | None = None,
    history: list[Message] | None = None,
    action: str | None = None,
    data: dict[str, Any] | None = None,
) -> Turn:
    return Turn(
        venue=venue,
        now=now,
        conversation=conversation(venue, phone, memory, now),
        profile=profile,
        history=history or [],
        text=text,
        action=action,
        data=data,
    )
