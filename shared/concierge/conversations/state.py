"""What one turn may change: the conversation, the client's profile, and who the customer is.

The tools change this in memory; the conversation service writes it once the turn is over, so a
turn's effects on the conversation land together with its messages.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from concierge.domain.conversation import ClientProfile, Conversation, Message
from concierge.domain.venue import Venue

MAX_SUMMARIES = 10  # kept on a profile, latest last


@dataclass
class ConversationState:
    venue: Venue
    conversation: Conversation
    profile: ClientProfile | None
    history: list[Message]  # the bounded recent transcript, oldest first
    now: dt.datetime  # the venue's local time
    turn_messages: list[Message] = field(default_factory=list)  # stored with the turn, after the history
    profile_changed: bool = False
    summarized: bool = False

    @property
    def phone(self) -> str | None:
        return self.conversation.customer_phone

    def client_name(self) -> str | None:
        if self.profile is not None and self.profile.preferred_name:
            return self.profile.preferred_name
        return self.conversation.customer_name

    def know_phone(self, phone: str) -> None:
        """The customer gave a phone (not verified by the channel): their profile is that phone's."""
        if self.conversation.phone_verified or self.conversation.customer_phone == phone:
            return
        self.conversation.customer_phone = phone
        self.profile = None
        self.ensure_profile()

    def ensure_profile(self) -> ClientProfile | None:
        if self.profile is None and self.phone:
            self.profile = ClientProfile(
                venue_id=self.venue.id, phone=self.phone, preferred_name=self.conversation.customer_name
            )
            self.profile_changed = True
        return self.profile

    def add_summary(self, summary: str) -> None:
        self.conversation.summary = summary
        self.summarized = True
        profile = self.ensure_profile()
        if profile is not None:
            profile.summaries = (profile.summaries + [summary])[-MAX_SUMMARIES:]
            self.profile_changed = True
