"""Undo of a completed plan, asked by its operator: the completed writes compensated in reverse order.

It runs inline, inside the operator's call, so the answer is the outcome (the plan with its
RollbackReport), like a rollback's but with `triggered_by_step` 0: no step failed, the operator asked.
Before anything is written it checks that every booking the plan wrote is still as the plan left it
(day, time, party, name, phone): a booking changed or cancelled since is refused with
`BookingChangedSince` and nothing is touched, because compensating would overwrite someone else's
change. A plan with an irreversible write (a cancellation) is refused the same way: an undo either
reverses every write or changes nothing, apart from a compensation that fails on the way, which is
reported. Two undo calls at once: one claims the plan with the executor's lease, the other is refused.
A compensation carries the idempotency key `{plan_id}:undo:{step}` and each reversed step is recorded
as soon as it is, so an undo cut short is finished by calling it again.
"""

from __future__ import annotations

from dataclasses import dataclass

from concierge.domain.plan_states import move
from concierge.domain.plans import ExecutionPlan, PlannedAction, ReversalFailure, RollbackReport
from concierge.plans.compensation import compensate
from concierge.plans.executor import Executor, NotClaimable, leased
from concierge.plans.step_expectations import READ_BOOKING
from concierge.plans.step_outcomes import describe
from concierge.plans.registry import ActionRegistry
from concierge.speech.plan_outcomes import step_words
from concierge.speech.plan_prompts import undo_words

COMPARED = ("day", "time", "people", "name", "phone")


class UndoRefused(Exception):
    """The plan cannot be undone; `reason` names why (`wrong_state`, `booking_changed`, `unavailable`), `message`
    says it."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message


@dataclass
class Undo:
    executor: Executor

    def undo(self, plan: ExecutionPlan, token: str | None) -> ExecutionPlan:
        """Undo the completed `plan`; UndoRefused when it cannot be, with nothing changed."""
        ex = self.executor
        locale = ex.locale_of(plan.venue_id)
        words = undo_words(locale)
        if plan.status != "completed":
            raise UndoRefused("wrong_state", words.not_completed.format(status=plan.status))
        registry = ex.registry()
        writes = [s for s in plan.actions if s.executed and ex.is_write(s)]
        done = set(plan.rollback_report.actions_reversed) if plan.rollback_report else set()
        for step in writes:
            action = registry.get(step.action_id)
            if action is None or not action.reversible or step.compensation_call is None:
                name = action.name if action else step.action_id
                raise UndoRefused("wrong_state", words.irreversible.format(number=step.step_number, action=name))
        self._refuse_if_changed([s for s in writes if s.step_number not in done], registry, plan, token)
        try:
            plan = ex.store.update_plan(plan.plan_id, self._claim)
        except NotClaimable:
            raise UndoRefused("wrong_state", words.undoing) from None
        report = plan.rollback_report or RollbackReport(triggered_by_step=0)
        with ex.tracer.span(
            "undo", trace_id=plan.plan_id, plan_id=plan.plan_id, user_id=plan.user_id, writes=len(writes)
        ) as span:
            for step in sorted(writes, key=lambda s: -s.step_number):
                if step.step_number in report.actions_reversed:
                    continue
                problem = compensate(ex.actions, ex.tracer, plan, step, registry, token, step_words(locale))
                if problem is None:
                    report.actions_reversed.append(step.step_number)
                else:
                    name = registry.get(step.action_id).name  # type: ignore[union-attr]  # checked above
                    report.actions_failed_to_reverse.append(
                        ReversalFailure(step_number=step.step_number, reason=problem)
                    )
                    report.manual_recovery_steps.append(
                        step_words(locale).undo_by_hand.format(number=step.step_number, action=name, problem=problem)
                    )
                ex.store.update_plan(plan.plan_id, lambda p: p.model_copy(update={"rollback_report": report}))
            complete = not report.actions_failed_to_reverse
            span.set(reversed=len(report.actions_reversed), failed=len(report.actions_failed_to_reverse))

        def finish(p: ExecutionPlan) -> ExecutionPlan:
            p = p.model_copy(update={"rollback_report": report})
            if complete:
                return move(p, "rolled_back", ex.clock())
            return move(p, "failed", ex.clock(), failure_reason=words.incomplete)

        return ex.store.update_plan(plan.plan_id, finish)

    def _claim(self, plan: ExecutionPlan) -> ExecutionPlan:
        now = self.executor.clock()
        if plan.status != "completed":
            raise NotClaimable(f"plan is {plan.status}")
        return leased(plan, now, self.executor.lease, "another call is undoing the plan")

    def _refuse_if_changed(
        self, writes: list[PlannedAction], registry: ActionRegistry, plan: ExecutionPlan, token: str | None
    ) -> None:
        """UndoRefused when a booking the plan wrote no longer looks as the plan's last write to it left it."""
        reader = registry.get(READ_BOOKING)
        left: dict[str, dict] = {}
        for step in sorted(writes, key=lambda s: s.step_number):
            data = (step.result.response_data or {}) if step.result else {}
            if isinstance(data.get("booking_id"), str):
                left[data["booking_id"]] = data
        if reader is None:
            return
        locale = self.executor.locale_of(plan.venue_id)
        words = undo_words(locale)
        for booking_id, after in left.items():
            read = self.executor.actions.call(reader, {"restaurant_id": plan.venue_id, "booking_id": booking_id}, token)
            if not read.success and read.error_type == "not_found":
                raise UndoRefused("booking_changed", words.gone_since.format(booking_id=booking_id))
            if not read.success:
                raise UndoRefused("unavailable", words.unverifiable)
            current = read.response_data or {}
            if any(str(after.get(k)) != str(current.get(k)) for k in COMPARED if k in after):
                what = describe(current, locale)
                raise UndoRefused("booking_changed", words.changed_since.format(booking_id=booking_id, what=what))
