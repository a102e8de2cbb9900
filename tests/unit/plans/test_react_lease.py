"""The ReAct executor keeps its lease on the plan through slow model turns, and gives up after its turn budget."""

from __future__ import annotations

import datetime as dt

from concierge.adapters.actions import ActionClient
from concierge.adapters.llm import ChatResult
from concierge.adapters.store.sqlite import SqliteStore
from concierge.domain.plans import ActionParameter, AtomicAction, ExecutionPlan, PlannedAction
from concierge.plans.react_executor import ReactExecutor
from concierge.plans.registry import ActionRegistry

START = dt.datetime(2026, 2, 19, 17, 0, tzinfo=dt.timezone.utc)
MODIFY = AtomicAction(
    action_id="modify_booking",
    name="Modify booking",
    description="Change a booking.",
    parameters=[ActionParameter(name="booking_id", type="string", required=True, description="id")],
    safety_tier="normal",
    reversible=False,
    path="/modify_booking",
)


class SlowModel:
    """A fake of the chat model port: each answer takes `seconds` of the executor's clock, and says nothing."""

    def __init__(self, clock: list[dt.datetime], store: SqliteStore, plan_id: str, seconds: int) -> None:
        self.clock, self.store, self.plan_id, self.seconds = clock, store, plan_id, seconds
        self.leases_seen: list[dt.timedelta] = []

    def complete(self, messages, tools=None, tool_choice=None, response_format=None) -> ChatResult:
        plan = self.store.get_plan(self.plan_id)
        assert plan is not None and plan.lease_until is not None
        self.leases_seen.append(plan.lease_until - self.clock[0])
        self.clock[0] += dt.timedelta(seconds=self.seconds)
        return ChatResult(content="Let me think.")


def test_the_lease_is_renewed_before_a_turn_once_half_of_it_is_spent_and_the_budget_ends_the_plan(tmp_path):
    store = SqliteStore(tmp_path)
    plan = ExecutionPlan(
        session_id="s",
        user_id="u",
        venue_id="roma",
        intent_summary="move it",
        actions=[
            PlannedAction(
                step_number=1, action_id="modify_booking", parameters={"booking_id": "B"}, safety_tier="normal"
            )
        ],
        status="confirmed",
        confirmed_at=START,
    )
    store.create_plan(plan)
    clock = [START]
    model = SlowModel(clock, store, plan.plan_id, seconds=50)
    executor = ReactExecutor(
        store=store,
        registry=lambda: ActionRegistry([MODIFY]),
        actions=ActionClient("http://127.0.0.1:9"),  # never called: the model makes no call
        enqueue_rollback=lambda plan_id, token: None,
        clock=lambda: clock[0],
        model=model,
        max_turns=4,
        lease=dt.timedelta(seconds=120),
    )
    assert executor.execute(plan.plan_id, None) == "failed"
    # 120 s held at the start; 70 s left after one turn (kept); 20 s after two: renewed to 120 s
    assert model.leases_seen == [dt.timedelta(seconds=s) for s in (120, 70, 120, 70)]
    failed = store.get_plan(plan.plan_id)
    assert failed is not None and "after 4 turns" in (failed.failure_reason or "")
    assert failed.rollback_report is None  # nothing was written
