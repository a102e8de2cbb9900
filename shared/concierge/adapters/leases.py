"""Holding a lease from the store around a critical section, for back-ends without transactions."""

from __future__ import annotations

import datetime as dt
import random
import threading
import time
import uuid
from contextlib import contextmanager
from typing import Callable, ContextManager, Iterator

from concierge.adapters.store import LeaseStore, StoreBusy

Lease = Callable[[str], ContextManager[None]]


def store_lease(store: LeaseStore, term: dt.timedelta = dt.timedelta(seconds=15), wait: float = 10.0) -> Lease:
    """A lease factory: `with lease(name):` waits (with jitter) for the named lease, holds it for the
    block, and releases it. StoreBusy when it cannot be had within `wait` seconds.

    The term bounds how long a crashed holder blocks the others; the block must finish within it.
    """

    @contextmanager
    def held(name: str) -> Iterator[None]:
        holder = uuid.uuid4().hex
        deadline = time.monotonic() + wait
        pause = 0.005
        while True:
            now = dt.datetime.now(dt.timezone.utc)
            if store.acquire_lease(name, holder, now, now + term):
                break
            if time.monotonic() > deadline:
                raise StoreBusy()
            time.sleep(pause * (0.5 + random.random()))
            pause = min(pause * 2, 0.1)
        try:
            yield
        finally:
            store.release_lease(name, holder)

    return held


def in_process_lease() -> Lease:
    """One lock per name inside this process: enough for a single process and for tests. Several
    instances must share the store's lease (store_lease)."""
    locks: dict[str, threading.Lock] = {}
    guard = threading.Lock()

    @contextmanager
    def held(name: str) -> Iterator[None]:
        with guard:
            lock = locks.setdefault(name, threading.Lock())
        with lock:
            yield

    return held
