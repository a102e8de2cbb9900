"""The plan state machine: every move of a plan's status, including the cleanup's expiry."""

from __future__ import annotations

import datetime as dt

import pytest

from concierge.domain.plan_states import EXPIRED_REASON, MOVES, IllegalMove, expire, is_expired, move, past_expiry
from concierge.domain.plans import ExecutionPlan, PlannedAction

NOW = dt.datetime(2026, 5, 4, 12, 0, tzinfo=dt.timezone.utc)


def plan(status: str = "pending_confirmation", **fields) -> ExecutionPlan:
    step = PlannedAction(
        step_number=1, action_id="cancel_booking", parameters={"booking_id": "b1"}, safety_tier="high_risk"
    )
    return ExecutionPlan(
        session_id="s", user_id="u", venue_id="roma", intent_summary="cancel", actions=[step], status=status, **fields
    )


def test_an_unconfirmed_plan_expires_as_failed_with_its_reason_and_end_time():
    expired = expire(plan(), NOW)
    assert (expired.status, expired.failure_reason, expired.completed_at) == ("failed", EXPIRED_REASON, NOW)


@pytest.mark.parametrize("status", ["confirmed", "executing", "completed", "failed", "rolled_back"])
def test_a_plan_confirmed_or_further_on_never_expires(status):
    with pytest.raises(IllegalMove):
        expire(plan(status), NOW)


def test_confirming_stamps_the_confirmation_time():
    assert move(plan(), "confirmed", NOW).confirmed_at == NOW


def test_a_terminal_move_frees_the_lease_and_the_blocking_prompt():
    running = plan("executing", lease_until=NOW, blocking_prompt="Which day?")
    failed = move(running, "failed", NOW, failure_reason="step 1 failed")
    assert (failed.lease_until, failed.blocking_prompt, failed.completed_at) == (None, None, NOW)


def test_every_move_outside_the_table_is_refused():
    for status, targets in MOVES.items():
        for back in set(MOVES) - set(targets):
            with pytest.raises(IllegalMove):
                move(plan(status), back, NOW)


def test_a_plan_is_past_its_expiry_only_while_it_waits_for_confirmation_longer_than_allowed():
    wait = dt.timedelta(minutes=60)
    old = NOW - dt.timedelta(minutes=61)
    assert past_expiry(plan(created_at=old), NOW, wait)
    assert not past_expiry(plan(created_at=NOW - dt.timedelta(minutes=59)), NOW, wait)
    assert not past_expiry(plan("confirmed", created_at=old), NOW, wait)


def test_only_a_plan_failed_by_expiry_counts_as_expired():
    assert is_expired(expire(plan(), NOW))
    assert not is_expired(move(plan("executing"), "failed", NOW, failure_reason="step 1 failed"))
    assert not is_expired(plan())
