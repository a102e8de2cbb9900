"""What a step expects to find when it runs: its booking as planned, its call's key, a lookup's single match."""

from __future__ import annotations

from concierge.domain.plans import ExecutionPlan, PlannedAction


READ_BOOKING = "get_booking"  # the lookup that tells whether a step's booking changed since planning
WATCHED = ("day", "time", "people")  # what a change of the booking by someone else is judged on


def step_key(plan: ExecutionPlan, step: PlannedAction) -> str:
    """The idempotency key of the step's call; an answer that changed the step gives its call a new one."""
    return f"{plan.plan_id}:{step.step_number}" + (f":a{step.attempt}" if step.attempt else "")


def lookup_scope(data: dict | None) -> dict:
    """A step's answer as placeholders see it: a lookup that matched exactly one booking also lends its fields."""
    data = data or {}
    results = data.get("results")
    if isinstance(results, list) and len(results) == 1 and isinstance(results[0], dict):
        return {**results[0], **data}
    return data


def expected_state(plan: ExecutionPlan, step: PlannedAction, parameters: dict) -> dict | None:
    """How the step's booking should look now: as the operator accepted it when asked, else as the last earlier
    write left it, else as the plan saw it."""
    booking_id = parameters.get("booking_id")
    if not isinstance(booking_id, str):
        return None
    if step.expects and step.expects.get("accepted"):  # the operator said yes to the booking as it is now
        return step.expects
    for earlier in sorted(plan.actions, key=lambda s: -s.step_number):
        if earlier.step_number >= step.step_number or not earlier.executed or not earlier.result:
            continue
        data = earlier.result.response_data or {}
        if data.get("booking_id") == booking_id and all(k in data for k in WATCHED):
            return data
    return step.expects if step.expects and step.expects.get("booking_id", booking_id) == booking_id else None


def same_booking(expected: dict, current: dict) -> bool:
    return all(str(expected.get(k)) == str(current.get(k)) for k in WATCHED if k in expected)
