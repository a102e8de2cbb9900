"""What every Firestore role shares: the client, safe references and the optimistic retry loop.

Writes are optimistic: a writer reads, decides, then commits on condition that what it read is
unchanged (a precondition on the document's update time, or a create that fails if the document
exists). Whoever commits second sees `Collision`, reads again and decides again. Collisions are
retried with jittered backoff a bounded number of times, then StoreBusy; a failed commit writes nothing.
"""

from __future__ import annotations

import random
import time
from typing import Callable, TypeVar

from google.cloud import firestore

from concierge.adapters.store import StoreBusy, is_store_key

T = TypeVar("T")


class UnsafeKey(LookupError):
    """An id that cannot be a document id: nothing can be stored under it, so nothing is found."""


class Collision(Exception):
    """Another writer got there first; read again and retry."""


class FirestoreBase:
    def __init__(
        self, client: firestore.Client, attempts: int = 12, first_backoff: float = 0.02, max_backoff: float = 0.4
    ) -> None:
        self.db = client
        self.attempts = attempts
        self.first_backoff = first_backoff
        self.max_backoff = max_backoff

    @staticmethod
    def _key(value: str) -> str:
        if not is_store_key(value):
            raise UnsafeKey(value[:80] if isinstance(value, str) else type(value).__name__)
        return value

    def _venue(self, venue_id: str):
        return self.db.collection("venues").document(self._key(venue_id))

    def _retrying(self, attempt: Callable[[], T]) -> T:
        pause = self.first_backoff
        for _ in range(self.attempts):
            try:
                return attempt()
            except Collision:
                time.sleep(pause * (0.5 + random.random()))
                pause = min(pause * 2, self.max_backoff)
        raise StoreBusy()
