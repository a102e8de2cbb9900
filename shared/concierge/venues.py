"""The venue catalog: knowledge bases read from the store, cached in the process briefly."""

from __future__ import annotations

import threading
import time
from typing import Callable

from concierge.adapters.store import VenueStore
from concierge.domain.venue import Venue

DEFAULT_TTL_SECONDS = 30.0


class VenueCatalog:
    """Answers get(venue_id) from memory, re-reading the store after `ttl` seconds.

    A short expiry keeps tool calls to the store round-trips they need, while an imported
    knowledge base reaches every warm instance within the expiry.
    """

    def __init__(self, store: VenueStore, ttl: float = DEFAULT_TTL_SECONDS,
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        self._store = store
        self._ttl = ttl
        self._monotonic = monotonic
        self._cache: dict[str, tuple[float, Venue | None]] = {}
        self._lock = threading.Lock()

    def get(self, venue_id: str) -> Venue | None:
        now = self._monotonic()
        with self._lock:
            hit = self._cache.get(venue_id)
        if hit is not None and now - hit[0] < self._ttl:
            return hit[1]
        body = self._store.get_venue(venue_id)
        venue = Venue.model_validate(body) if body is not None else None
        with self._lock:
            self._cache[venue_id] = (now, venue)
        return venue

    def ids(self) -> list[str]:
        """Every venue id in the store (read each time: the list is for rare callers, not tool calls)."""
        return self._store.venue_ids()
