"""The LLM port's adapter: an OpenAI-compatible chat-completions client over httpx (OpenAI, Gemini's
OpenAI endpoint, local servers).

Every failure to get a chat completion (connection, timeout, non-2xx, a body of another shape)
raises LLMUnavailable, whose message never contains the API key. Tool-call arguments that are
not a JSON object are reported on the ToolCall (`error`), not raised: the caller decides.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

import httpx

from concierge.adapters.llm import ChatModel, ChatResult, GenerationHook, LLMUnavailable, ToolCall, Usage

log = logging.getLogger(__name__)


class ChatClient(ChatModel):
    def __init__(
        self,
        base_url: str,
        api_key: str,
        model: str,
        timeout: float = 30,
        transport: httpx.BaseTransport | None = None,
        on_generation: GenerationHook | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.on_generation = on_generation
        self._api_key = api_key
        self._http = httpx.Client(timeout=timeout, transport=transport)

    def __repr__(self) -> str:  # never the key
        return f"ChatClient(base_url={self.base_url!r}, model={self.model!r})"

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> "ChatClient":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def complete(
        self,
        messages: list[dict],
        tools: list[dict] | None = None,
        tool_choice: str | None = None,
        response_format: dict | None = None,
    ) -> ChatResult:
        body: dict[str, Any] = {"model": self.model, "messages": messages}
        if response_format:
            body["response_format"] = response_format
        if tools:
            body["tools"] = tools
            if tool_choice:
                body["tool_choice"] = tool_choice
        headers = {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}
        started = time.perf_counter()
        try:
            response = self._http.post(f"{self.base_url}/chat/completions", json=body, headers=headers)
        except httpx.TimeoutException as exc:
            raise self._unavailable(f"the model did not answer in time ({type(exc).__name__})") from None
        except httpx.HTTPError as exc:
            raise self._unavailable(f"cannot reach the model: {type(exc).__name__}: {exc}") from None
        latency_ms = round((time.perf_counter() - started) * 1000, 1)
        if not response.is_success:
            raise self._unavailable(f"the model answered HTTP {response.status_code}: {response.text[:300]}")
        try:
            result = _parse(response.json(), latency_ms)
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise self._unavailable(f"the answer is not a chat completion ({exc}): {response.text[:200]}") from None
        self._report(messages, result)
        return result

    def _unavailable(self, message: str) -> LLMUnavailable:
        if self._api_key:
            message = message.replace(self._api_key, "***")
        return LLMUnavailable(message)

    def _report(self, messages: list[dict], result: ChatResult) -> None:
        """Tell the tracer hook; a broken tracer must not break planning."""
        if self.on_generation is None:
            return
        generation = {
            "model": result.model or self.model,
            "messages": messages,
            "content": result.content,
            "tool_calls": [{"id": c.id, "name": c.name, "arguments": c.raw_arguments} for c in result.tool_calls],
            "latency_ms": result.latency_ms,
            "usage": vars(result.usage) if result.usage else None,
        }
        try:
            self.on_generation(generation)
        except Exception:  # noqa: BLE001 - tracing is best effort
            log.warning("the on_generation hook failed", exc_info=True)


def _parse(body: Any, latency_ms: float) -> ChatResult:
    if not isinstance(body, dict) or not isinstance(body.get("choices"), list) or not body["choices"]:
        raise ValueError("no choices")
    message = body["choices"][0]["message"]
    if not isinstance(message, dict):
        raise ValueError("no message")
    content = message.get("content")
    if content is not None and not isinstance(content, str):
        raise ValueError("content is not text")
    calls = [_tool_call(raw, i) for i, raw in enumerate(message.get("tool_calls") or [])]
    return ChatResult(
        content=content,
        tool_calls=calls,
        model=body.get("model"),
        usage=_usage(body.get("usage")),
        latency_ms=latency_ms,
    )


def _tool_call(raw: dict, index: int) -> ToolCall:
    function = raw["function"]
    name = function["name"]
    if not isinstance(name, str):
        raise ValueError("a tool call without a name")
    arguments = function.get("arguments")
    parsed: dict | None
    error: str | None
    if isinstance(arguments, dict):  # some compatible servers send an object, not a string
        raw_arguments, parsed, error = json.dumps(arguments), arguments, None
    else:
        raw_arguments = arguments if isinstance(arguments, str) else json.dumps(arguments)
        parsed, error = _arguments(raw_arguments)
    return ToolCall(
        id=raw.get("id") or f"call_{index}", name=name, arguments=parsed, raw_arguments=raw_arguments, error=error
    )


def _arguments(raw: str) -> tuple[dict | None, str | None]:
    if not raw.strip():
        return {}, None  # no arguments at all
    try:
        value = json.loads(raw)
    except ValueError as exc:
        return None, f"the arguments are not valid JSON ({exc})"
    if not isinstance(value, dict):
        return None, f"the arguments are a JSON {type(value).__name__}, not an object"
    return value, None


def _usage(raw: Any) -> Usage | None:
    if not isinstance(raw, dict):
        return None

    def count(key: str) -> int | None:
        value = raw.get(key)
        return value if isinstance(value, int) else None

    return Usage(count("prompt_tokens"), count("completion_tokens"), count("total_tokens"))
