"""The LLM port: a chat model that answers a conversation, possibly with tool calls.

The OpenAI-compatible client (`openai_compatible.ChatClient`) is its adapter; bootstrap builds it
from the settings. Every failure to get an answer raises LLMUnavailable, whose message never
contains a secret. Tool-call arguments that are not a JSON object are reported on the ToolCall
(`error`), not raised: the caller decides.
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

GenerationHook = Callable[[dict], None]


class LLMUnavailable(Exception):
    """The model could not be asked, or did not answer with a chat completion."""


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    arguments: dict[str, Any] | None  # None when `raw_arguments` is not a JSON object
    raw_arguments: str
    error: str | None = None

    def as_message_part(self) -> dict:
        """The call as it goes back to the model in the assistant message."""
        return {"id": self.id, "type": "function", "function": {"name": self.name, "arguments": self.raw_arguments}}


@dataclass(frozen=True)
class Usage:
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    total_tokens: int | None = None


@dataclass(frozen=True)
class ChatResult:
    content: str | None
    tool_calls: list[ToolCall] = field(default_factory=list)
    model: str | None = None
    usage: Usage | None = None
    latency_ms: float = 0.0

    def assistant_message(self) -> dict:
        """This answer as the assistant turn of a follow-up request."""
        message: dict[str, Any] = {"role": "assistant", "content": self.content}
        if self.tool_calls:
            message["tool_calls"] = [call.as_message_part() for call in self.tool_calls]
        return message


class ChatModel(Protocol):
    @abstractmethod
    def complete(
        self,
        messages: list[dict],
        tools: list[dict] | None = None,
        tool_choice: str | None = None,
        response_format: dict | None = None,
    ) -> ChatResult:
        """The model's answer to `messages` (OpenAI chat format), offered `tools` (function schemas).

        `response_format` asks for a shape of the message content, e.g. `{"type": "json_schema",
        "json_schema": {"name": ..., "schema": ..., "strict": true}}`; the caller still validates it."""
