"""The venue catalog keeps a bounded number of venues and forgets unknown ids quickly."""

from __future__ import annotations

from concierge.adapters.store.sqlite import SqliteStore
from concierge.venues import VenueCatalog


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class CountingStore(SqliteStore):
    """The real SQLite store, counting the venue reads that reach it."""

    def __init__(self, data_dir) -> None:
        super().__init__(data_dir)
        self.reads = 0

    def get_venue(self, venue_id: str) -> dict | None:
        self.reads += 1
        return super().get_venue(venue_id)


def _store(tmp_path, venues) -> CountingStore:
    store = CountingStore(tmp_path)
    store.put_venues({vid: v.model_dump(mode="json") for vid, v in venues.items()})
    return store


def test_two_thousand_made_up_ids_leave_the_cache_bounded_and_the_real_venue_cached(tmp_path, venues):
    store = _store(tmp_path, venues)
    catalog = VenueCatalog(store, ttl=30, max_unknown=100)
    real = next(iter(venues))
    assert catalog.get(real) is not None
    for n in range(2000):
        assert catalog.get(f"made-up-{n}") is None
        assert catalog.cached()[1] <= 100
    assert catalog.cached() == (1, 100)
    reads = store.reads
    assert catalog.get(real) is not None
    assert store.reads == reads  # the made-up ids did not push the real venue out
    store.close()


def test_known_venues_are_an_lru_of_the_configured_size(tmp_path, venues):
    assert len(venues) >= 2
    first, second = list(venues)[:2]
    store = _store(tmp_path, venues)
    catalog = VenueCatalog(store, max_venues=1)
    catalog.get(first)
    catalog.get(second)
    assert catalog.cached() == (1, 0)
    reads = store.reads
    catalog.get(first)  # evicted by the second: read again
    assert store.reads == reads + 1
    store.close()


def test_an_unknown_id_is_remembered_only_for_the_short_negative_expiry(tmp_path, venues):
    clock = Clock()
    store = _store(tmp_path, venues)
    catalog = VenueCatalog(store, ttl=30, negative_ttl=5, monotonic=clock)
    assert catalog.get("not-yet") is None
    clock.now = 4
    assert catalog.get("not-yet") is None
    assert store.reads == 1
    store.put_venues({"not-yet": next(iter(venues.values())).model_dump(mode="json")})
    clock.now = 6
    assert catalog.get("not-yet") is not None  # imported since: found once the negative entry expired
    assert catalog.cached() == (1, 0)
    store.close()
