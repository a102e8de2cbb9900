"""The tracer port: spans of the plan lifecycle and of tool calls. No-op unless an adapter is wired.

A trace is identified by a string (the plan id once a plan exists), so planning, confirmation,
execution and rollback of one plan read as one story.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator


@dataclass
class Span:
    name: str
    trace_id: str
    attributes: dict[str, Any] = field(default_factory=dict)
    parent: "Span | None" = None

    def set(self, **attributes: Any) -> None:
        self.attributes.update(attributes)


class Tracer:
    """No-op by default: spans are made and dropped."""

    @contextmanager
    def span(self, name: str, trace_id: str, **attributes: Any) -> Iterator[Span]:
        yield Span(name, trace_id, dict(attributes))

    def flush(self) -> None:
        """Send what is buffered; serverless functions call it before they return."""


NoopTracer = Tracer


class InMemoryTracer(Tracer):
    """Keeps every finished span in memory, with its parent: for tests and local debugging."""

    def __init__(self) -> None:
        self.spans: list[Span] = []
        self._local = threading.local()
        self._lock = threading.Lock()

    @contextmanager
    def span(self, name: str, trace_id: str, **attributes: Any) -> Iterator[Span]:
        parent = getattr(self._local, "current", None)
        span = Span(name, trace_id, dict(attributes), parent if parent and parent.trace_id == trace_id else None)
        self._local.current = span
        try:
            yield span
        finally:
            self._local.current = parent
            with self._lock:
                self.spans.append(span)

    def names(self, trace_id: str) -> list[str]:
        return [s.name for s in self.spans if s.trace_id == trace_id]
