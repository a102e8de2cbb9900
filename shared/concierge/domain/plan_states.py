"""The plan state machine: which moves are allowed, and what each sets.

    pending_confirmation -> confirmed      only after the execution task was enqueued
    pending_confirmation -> failed         expiry: a plan nobody confirmed in time (at confirm, or by the sweep)
    confirmed            -> executing      a delivery of the execution task claims the plan
    executing            -> completed | failed
    failed               -> rolled_back    every executed step was compensated
    completed            -> rolled_back    undo: the operator undid the plan, every write was compensated
    completed            -> failed         undo: a compensation failed; the rollback report says which

Status never moves back. Every change of status goes through `move`, so what a terminal status
clears (the executor's lease, a blocking prompt) is cleared the same way whoever makes the move.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from concierge.domain.plans import TERMINAL, ExecutionPlan, PlanStatus

MOVES: dict[PlanStatus, frozenset[PlanStatus]] = {
    "pending_confirmation": frozenset({"confirmed", "failed"}),
    "confirmed": frozenset({"executing"}),
    "executing": frozenset({"completed", "failed"}),
    "failed": frozenset({"rolled_back"}),
    "completed": frozenset({"rolled_back", "failed"}),  # undo (plans/undo.py), beyond the contract
    "rolled_back": frozenset(),
}


class IllegalMove(Exception):
    pass


def move(plan: ExecutionPlan, status: PlanStatus, now: dt.datetime, **changes: Any) -> ExecutionPlan:
    if status not in MOVES[plan.status]:
        raise IllegalMove(f"plan {plan.plan_id} cannot go from {plan.status} to {status}")
    update: dict[str, Any] = {"status": status, **changes}
    if status == "confirmed":
        update["confirmed_at"] = now
    if status in TERMINAL:
        update.setdefault("completed_at", now)
        update["lease_until"] = None
        update["blocking_prompt"] = None
        update["question"] = None
    return plan.model_copy(update=update)


EXPIRED_REASON = "The plan expired before it was confirmed."


def is_expired(plan: ExecutionPlan) -> bool:
    """Whether the plan failed because it was not confirmed in time."""
    return plan.status == "failed" and plan.failure_reason == EXPIRED_REASON


def past_expiry(plan: ExecutionPlan, now: dt.datetime, wait: dt.timedelta) -> bool:
    """A plan still waiting for its confirmation after `wait` has expired, whether or not it was moved yet."""
    return plan.status == "pending_confirmation" and now - plan.created_at > wait


def expire(plan: ExecutionPlan, now: dt.datetime) -> ExecutionPlan:
    """A plan left unconfirmed too long fails; IllegalMove when it was confirmed meanwhile."""
    if plan.status != "pending_confirmation":
        raise IllegalMove(f"plan {plan.plan_id} is {plan.status}, not waiting for confirmation")
    return move(plan, "failed", now, failure_reason=EXPIRED_REASON)
