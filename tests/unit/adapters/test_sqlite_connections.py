"""The SQLite store closes its connections itself: those of threads that have gone, and all on close()."""

from __future__ import annotations

import os
import threading

from concierge.adapters.store.sqlite import SqliteStore


def _descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


def _use_in_a_thread(store: SqliteStore) -> None:
    thread = threading.Thread(target=store.venue_ids)
    thread.start()
    thread.join()


def test_a_thread_per_request_leaves_one_connection_not_one_per_thread(tmp_path):
    store = SqliteStore(tmp_path)
    _use_in_a_thread(store)
    before = _descriptors()
    for _ in range(200):
        _use_in_a_thread(store)
    assert store.open_connections() == 2  # this thread's and the last request thread's
    assert _descriptors() <= before + 3  # not three per connection for 200 connections
    store.close()


def test_close_closes_every_connection_and_a_later_call_reopens_its_own(tmp_path):
    store = SqliteStore(tmp_path)
    before_any = _descriptors()
    threads = [threading.Thread(target=store.venue_ids) for _ in range(4)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    store.close()
    assert store.open_connections() == 0
    assert store.venue_ids() == []
    assert store.open_connections() == 1
    store.close()
    assert _descriptors() < before_any  # the store's first connection, opened in __init__, is closed too
