"""The chat receptionist's requests: the message contract, the tool functions and the operators' ones."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from concierge.domain.conversation import Channel, ConversationStatus

MAX_TEXT = 4000
Id = Field(min_length=1, max_length=200, pattern=r"^\S(.*\S)?$")


class Request(BaseModel):
    model_config = ConfigDict(extra="ignore")


class Customer(Request):
    phone: str | None = Field(default=None, max_length=40)  # given by the channel: the customer's verified identity
    name: str | None = Field(default=None, max_length=100)


class MessageRequest(Request):
    venue_id: str = Id
    conversation_id: str = Id  # the channel's thread: a WhatsApp number, a web session
    text: str | None = Field(default=None, max_length=MAX_TEXT)
    action: str | None = Field(default=None, max_length=100)  # a pressed UI element
    data: dict[str, Any] | None = None
    message_id: str | None = Field(default=None, min_length=1, max_length=200)
    channel: Channel = "api"
    customer: Customer | None = None
    language: str | None = Field(default=None, max_length=35)  # the customer's, as the channel knows it ("en-GB")

    @model_validator(mode="after")
    def _something_said(self) -> "MessageRequest":
        if not (self.text or "").strip() and not self.action:
            raise ValueError("text (or action) is required")
        return self


class ToolCallRequest(Request):
    """/api/<tool>: the tool's own parameters beside the conversation they act for."""

    model_config = ConfigDict(extra="allow")
    venue_id: str = Id
    conversation_id: str = Id

    def params(self) -> dict[str, Any]:
        return dict(self.model_extra or {})


class ThreadRequest(Request):
    venue_id: str = Id
    conversation_id: str = Id


class PollRequest(ThreadRequest):
    since: int = Field(default=0, ge=0)


class ListRequest(Request):
    venue_id: str = Id
    status: ConversationStatus = "human_support"


class ReadRequest(ThreadRequest):
    conversation_key: str | None = None  # an archived life of the thread; the current one by default


class ReplyRequest(ThreadRequest):
    text: str = Field(min_length=1, max_length=MAX_TEXT)


class ForgetRequest(Request):
    venue_id: str = Id
    phone: str = Field(min_length=3, max_length=40)
