"""The plan state machine: which moves are allowed, and what each sets.

pending_confirmation -> confirmed (only after a successful enqueue) -> executing ->
completed | failed -> rolled_back. Status never moves back once confirmed.
"""

from __future__ import annotations

import datetime as dt

from concierge.plans.models import TERMINAL, ExecutionPlan

MOVES = {
    "pending_confirmation": {"confirmed"},
    "confirmed": {"executing"},
    "executing": {"completed", "failed"},
    "failed": {"rolled_back"},
    "completed": set(),
    "rolled_back": set(),
}


class IllegalMove(Exception):
    pass


def move(plan: ExecutionPlan, status: str, now: dt.datetime, **changes) -> ExecutionPlan:
    if status not in MOVES[plan.status]:
        raise IllegalMove(f"plan {plan.plan_id} cannot go from {plan.status} to {status}")
    update = {"status": status, **changes}
    if status == "confirmed":
        update["confirmed_at"] = now
    if status in TERMINAL:
        update.setdefault("completed_at", now)
        update["lease_until"] = None
        update["blocking_prompt"] = None
    return plan.model_copy(update=update)
