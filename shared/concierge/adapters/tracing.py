"""The tracer port: spans of the plan lifecycle and of tool calls. No-op unless an adapter is wired.

A trace is identified by a string (the plan id once a plan exists), so planning, confirmation,
execution and rollback of one plan read as one story. Tool calls get a fresh id each
(`new_trace_id()`). Adapters that need W3C ids (Langfuse, Cloud Logging) use `trace_hex(id)`:
a plan id (a UUID) becomes its 32 hex digits, anything else a stable hash.

Attributes are raw here; an adapter that sends them anywhere masks them first
(`concierge.masking`). The attributes `input` and `output` are the observed call's payloads.
Adapters never raise into the traced code: a tracing failure must not fail a tool call.

Standard library only: importing this costs nothing at cold start.
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
import uuid
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Iterator

_HEX32 = re.compile(r"[0-9a-f]{32}")


@dataclass
class Span:
    name: str
    trace_id: str
    attributes: dict[str, Any] = field(default_factory=dict)
    parent: "Span | None" = None

    def set(self, **attributes: Any) -> None:
        self.attributes.update(attributes)


_current: ContextVar["Span | None"] = ContextVar("concierge_current_span", default=None)


def current_span() -> Span | None:
    """The innermost open span of this thread / task, whatever the tracer."""
    return _current.get()


def current_trace_id() -> str | None:
    span = _current.get()
    return span.trace_id if span is not None else None


def new_trace_id() -> str:
    """A fresh trace id (32 random hex digits, as W3C trace ids), e.g. for one tool call."""
    return os.urandom(16).hex()


def trace_hex(trace_id: str) -> str:
    """The W3C / Langfuse form of a trace id: 32 lowercase hex digits, stable for a given id."""
    if _HEX32.fullmatch(trace_id):
        return trace_id
    try:
        return uuid.UUID(trace_id).hex
    except (ValueError, AttributeError, TypeError):
        return hashlib.sha256(str(trace_id).encode("utf-8")).digest()[:16].hex()


class _opened:
    """A span made current for its block; its parent is the enclosing span of the same trace.

    A class rather than a generator: it opens every tool call, and costs a third of one."""

    __slots__ = ("span", "parent", "token")

    def __init__(self, name: str, trace_id: str, attributes: dict[str, Any]) -> None:
        parent = self.parent = _current.get()
        self.span = Span(
            name, trace_id, attributes, parent if parent is not None and parent.trace_id == trace_id else None
        )

    def __enter__(self) -> Span:
        self.token = _current.set(self.span)
        return self.span

    def __exit__(self, *exc: object) -> None:
        try:
            _current.reset(self.token)
        except ValueError:  # closed in another context than it was opened in
            _current.set(self.parent)


def generation_fields(call: dict) -> dict[str, Any]:
    """The arguments of Tracer.generation from an LLM adapter's `on_generation` report."""
    return dict(
        model=call.get("model"),
        input=call.get("messages"),
        output={"content": call.get("content"), "tool_calls": call.get("tool_calls") or []},
        latency_ms=call.get("latency_ms"),
        usage=call.get("usage"),
    )


class Tracer:
    """No-op by default: spans are made current (so logs know the trace id) and dropped."""

    enabled = False

    def span(self, name: str, trace_id: str, **attributes: Any):
        """Context manager yielding a Span whose `.set(**attrs)` adds attributes before it ends."""
        return _opened(name, trace_id, attributes)  # `attributes` is this call's own dict already

    def generation(
        self,
        name: str = "llm",
        *,
        model: str | None = None,
        input: Any = None,
        output: Any = None,
        latency_ms: float | None = None,
        usage: dict | None = None,
        **attributes: Any,
    ) -> None:
        """One LLM call, reported after it returned; it belongs to the current span. No-op by default."""

    def on_generation(self, call: dict) -> None:
        """The LLM adapter's `on_generation` hook: model, messages, content, tool_calls, latency_ms, usage."""
        self.generation("llm", **generation_fields(call))

    def flush(self) -> None:
        """Send what is buffered; serverless functions call it before they return."""


NoopTracer = Tracer


class InMemoryTracer(Tracer):
    """Keeps every finished span (and generation) in memory, with its parent: for tests and local debugging."""

    enabled = True

    def __init__(self) -> None:
        self.spans: list[Span] = []
        self._lock = threading.Lock()

    @contextmanager
    def span(self, name: str, trace_id: str, **attributes: Any) -> Iterator[Span]:
        with _opened(name, trace_id, dict(attributes)) as span:
            try:
                yield span
            finally:
                with self._lock:
                    self.spans.append(span)

    def generation(
        self,
        name: str = "llm",
        *,
        model: str | None = None,
        input: Any = None,
        output: Any = None,
        latency_ms: float | None = None,
        usage: dict | None = None,
        **attributes: Any,
    ) -> None:
        parent = _current.get()
        span = Span(
            f"generation:{name}",
            parent.trace_id if parent else "",
            dict(attributes, model=model, input=input, output=output, latency_ms=latency_ms, usage=usage),
            parent,
        )
        with self._lock:
            self.spans.append(span)

    def names(self, trace_id: str) -> list[str]:
        return [s.name for s in self.spans if s.trace_id == trace_id]
