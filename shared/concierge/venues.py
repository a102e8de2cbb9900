"""The venue catalog: knowledge bases read from the store, cached in the process briefly."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Callable

from concierge.adapters.store import VenueStore
from concierge.domain.venue import Venue

DEFAULT_TTL_SECONDS = 30.0
DEFAULT_MAX_VENUES = 1024
# Unknown ids are remembered briefly and few at a time: a caller inventing ids costs a store read
# each, never memory.
DEFAULT_NEGATIVE_TTL_SECONDS = 5.0
DEFAULT_MAX_UNKNOWN = 256


class VenueCatalog:
    """Answers get(venue_id) from memory, re-reading the store after `ttl` seconds.

    A short expiry keeps tool calls to the store round-trips they need, while an imported
    knowledge base reaches every warm instance within the expiry. Known venues are kept in an LRU
    of `max_venues`; ids the store does not know in a separate, smaller LRU for `negative_ttl`
    seconds, so made-up ids cannot grow the process nor push real venues out.
    """

    def __init__(
        self,
        store: VenueStore,
        ttl: float = DEFAULT_TTL_SECONDS,
        monotonic: Callable[[], float] = time.monotonic,
        max_venues: int = DEFAULT_MAX_VENUES,
        negative_ttl: float = DEFAULT_NEGATIVE_TTL_SECONDS,
        max_unknown: int = DEFAULT_MAX_UNKNOWN,
    ) -> None:
        self._store = store
        self._ttl = ttl
        self._negative_ttl = min(negative_ttl, ttl)
        self._monotonic = monotonic
        self._known: OrderedDict[str, tuple[float, Venue]] = OrderedDict()
        self._unknown: OrderedDict[str, float] = OrderedDict()
        self._max_known = max(1, max_venues)
        self._max_unknown = max(1, max_unknown)
        self._lock = threading.Lock()

    def get(self, venue_id: str) -> Venue | None:
        now = self._monotonic()
        with self._lock:
            hit = self._known.get(venue_id)
            if hit is not None and now - hit[0] < self._ttl:
                self._known.move_to_end(venue_id)
                return hit[1]
            missed_at = self._unknown.get(venue_id)
            if missed_at is not None and now - missed_at < self._negative_ttl:
                return None
        body = self._store.get_venue(venue_id)
        venue = Venue.model_validate(body) if body is not None else None
        with self._lock:
            if venue is None:
                self._known.pop(venue_id, None)
                _put(self._unknown, venue_id, now, self._max_unknown)
            else:
                self._unknown.pop(venue_id, None)
                _put(self._known, venue_id, (now, venue), self._max_known)
        return venue

    def cached(self) -> tuple[int, int]:
        """(known venues, unknown ids) held in memory now."""
        with self._lock:
            return len(self._known), len(self._unknown)

    def ids(self) -> list[str]:
        """Every venue id in the store (read each time: the list is for rare callers, not tool calls)."""
        return self._store.venue_ids()


def _put(lru: OrderedDict, key: str, value: object, limit: int) -> None:
    lru[key] = value
    lru.move_to_end(key)
    while len(lru) > limit:
        lru.popitem(last=False)
