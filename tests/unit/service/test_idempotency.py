"""The idempotency rules, against a hand-written in-memory store of records."""

from __future__ import annotations

import datetime as dt

import pytest

from concierge.adapters.store import IdempotencyRecord, record_is_stale
from concierge.domain.errors import ToolError
from concierge.idempotency import Idempotency, fingerprint

NOW = dt.datetime(2026, 2, 19, 17, 0, tzinfo=dt.timezone.utc)


class Records:
    """Only the idempotency part of the store port."""

    def __init__(self):
        self.records: dict[str, IdempotencyRecord] = {}

    def claim_idempotency(self, key, fingerprint, now, lease_until, expires_at):
        held = self.records.get(key)
        if held is not None and not record_is_stale(held, now):
            return held
        self.records[key] = IdempotencyRecord(key, fingerprint, "in_progress", None, expires_at, lease_until)
        return None

    def complete_idempotency(self, key, payload, expires_at):
        old = self.records[key]
        self.records[key] = IdempotencyRecord(key, old.fingerprint, "completed", payload, expires_at, None)

    def release_idempotency(self, key):
        self.records.pop(key, None)


@pytest.fixture
def service():
    return Idempotency(Records(), wall_clock=lambda: NOW)


def test_the_fingerprint_ignores_key_order_but_not_values():
    assert fingerprint("t", {"a": 1, "b": 2}) == fingerprint("t", {"b": 2, "a": 1})
    assert fingerprint("t", {"a": 1}) != fingerprint("t", {"a": 2})
    assert fingerprint("t", {"a": 1}) != fingerprint("u", {"a": 1})


def test_a_replay_returns_the_stored_answer_without_calling_again(service):
    calls = []
    answer = lambda: calls.append(1) or {"ok": True, "n": len(calls)}  # noqa: E731
    assert service.run("k", "f", answer) == {"ok": True, "n": 1}
    assert service.run("k", "f", answer) == {"ok": True, "n": 1}
    assert calls == [1]


def test_a_call_still_in_progress_is_told_to_retry_shortly(service):
    service.store.claim_idempotency("k", "f", NOW, NOW + dt.timedelta(seconds=20), NOW + dt.timedelta(hours=1))
    with pytest.raises(ToolError) as refusal:
        service.run("k", "f", lambda: {"ok": True})
    assert refusal.value.code == "IDEMPOTENCY_IN_PROGRESS" and refusal.value.extra["retry_after_seconds"] == 20


def test_a_failure_worth_retrying_is_not_kept(service):
    assert service.run("k", "f", lambda: {"ok": False, "error_code": "PROVIDER_UNAVAILABLE"})["ok"] is False
    assert service.run("k", "f", lambda: {"ok": True}) == {"ok": True}


def test_an_exception_releases_the_key(service):
    with pytest.raises(RuntimeError):
        service.run("k", "f", lambda: (_ for _ in ()).throw(RuntimeError("boom")))
    assert service.run("k", "f", lambda: {"ok": True}) == {"ok": True}
