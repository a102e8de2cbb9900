"""The replay key of the write in progress, so a store can make the write and its replay record one.

A writing tool call with an idempotency key runs inside `replaying(key)`. A store that creates a
booking derives the booking's id from that key: the booking itself says which call made it, so
a replay after a crash between the write and the replay record finds the booking instead of
writing a duplicate (or answering DUPLICATE_BOOKING for its own booking).
"""

from __future__ import annotations

import hashlib
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

_current: ContextVar[str | None] = ContextVar("replay_key", default=None)


def current_replay_key() -> str | None:
    return _current.get()


@contextmanager
def replaying(key: str) -> Iterator[None]:
    token = _current.set(key)
    try:
        yield
    finally:
        _current.reset(token)


def booking_id_for(replay_key: str) -> str:
    """The id of the booking a keyed create writes: the same for every replay of that call."""
    return hashlib.sha256(f"booking|{replay_key}".encode()).hexdigest()[:12]
