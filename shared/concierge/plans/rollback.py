"""Rollback of a failed plan (the `plan_rollback` task): its completed writes compensated in reverse order.

A delivery claims the failed plan with the executor's lease (a second delivery does nothing), then
compensates each completed write, going on past a compensation that fails, and writes a
RollbackReport: what was reversed, what could not be, what was irreversible, what may have landed,
and the steps to check or undo by hand. The plan ends `rolled_back` only when every write was undone
and nothing is left in doubt; otherwise it stays `failed` with its report.

A rollback concerns writes only: a lookup changed nothing, so it is neither reversed nor reported.
A write that timed out may have landed: it is reported as such, with what to check, and a plan
with one cannot end `rolled_back`.
"""

from __future__ import annotations

from dataclasses import dataclass

from concierge.domain.plan_states import move
from concierge.domain.plans import ExecutionPlan, PlannedAction, ReversalFailure, RollbackReport
from concierge.plans.compensation import compensate
from concierge.plans.executor import Executor, NotClaimable, leased
from concierge.plans.step_outcomes import possibly_applied, what_to_check
from concierge.plans.templates import UnresolvedPlaceholder, fill
from concierge.speech.plan_outcomes import step_words


@dataclass
class Rollback:
    executor: Executor

    def rollback(self, plan_id: str, token: str | None) -> str:
        """Compensate completed steps in reverse order, going on past a failed compensation."""
        ex = self.executor
        plan = ex.take(plan_id, self._claim)
        if isinstance(plan, str):
            return plan
        registry = ex.registry()
        locale = ex.locale_of(plan.venue_id)
        words = step_words(locale)
        failed_step = next((s.step_number for s in plan.actions if s.result and not s.result.success), 0)
        report = RollbackReport(triggered_by_step=failed_step)
        with ex.tracer.span(
            "rollback",
            trace_id=plan.plan_id,
            plan_id=plan.plan_id,
            session_id=plan.session_id,
            user_id=plan.user_id,
            triggered_by_step=failed_step,
        ) as rollback_span:
            for step in sorted(plan.actions, key=lambda s: -s.step_number):
                action = registry.get(step.action_id)
                name = action.name if action else step.action_id
                if step.may_have_applied:
                    report.actions_possibly_applied.append(step.step_number)
                    report.manual_recovery_steps.append(
                        f"{possibly_applied(step, what_to_check(_parameters_of(plan, step), locale), locale)} "
                        f"{words.timed_out.format(action=name)}"
                    )
                    continue
                if not step.executed or not ex.is_write(step):  # not done, or a lookup: nothing to undo
                    continue
                if action is None or not action.reversible or step.compensation_call is None:
                    report.irreversible_actions_completed.append(step.step_number)
                    report.manual_recovery_steps.append(words.irreversible.format(number=step.step_number, action=name))
                    continue
                problem = compensate(ex.actions, ex.tracer, plan, step, registry, token, words)
                if problem is None:
                    report.actions_reversed.append(step.step_number)
                else:
                    report.actions_failed_to_reverse.append(
                        ReversalFailure(step_number=step.step_number, reason=problem)
                    )
                    report.manual_recovery_steps.append(
                        words.undo_by_hand.format(number=step.step_number, action=name, problem=problem)
                    )
            complete = not (
                report.actions_failed_to_reverse
                or report.irreversible_actions_completed
                or report.actions_possibly_applied
            )
            rollback_span.set(
                reversed=len(report.actions_reversed),
                failed_to_reverse=len(report.actions_failed_to_reverse),
                irreversible=len(report.irreversible_actions_completed),
                possibly_applied=len(report.actions_possibly_applied),
                outcome="rolled_back" if complete else "partial",
            )

        def finish(p: ExecutionPlan) -> ExecutionPlan:
            done = complete  # the contract's rolled_back: every write undone, nothing left in doubt
            p = p.model_copy(update={"rollback_report": report, "lease_until": None})
            return move(p, "rolled_back", ex.clock()) if done else p

        return ex.store.update_plan(plan_id, finish).status

    def _claim(self, plan: ExecutionPlan) -> ExecutionPlan:
        now = self.executor.clock()
        if plan.status != "failed" or plan.rollback_report is not None:
            raise NotClaimable(f"plan is {plan.status}, rollback {'done' if plan.rollback_report else 'not needed'}")
        return leased(plan, now, self.executor.lease, "another delivery is rolling the plan back")


def _parameters_of(plan: ExecutionPlan, step: PlannedAction) -> dict:
    """The step's parameters with earlier answers filled in, as far as they can be."""
    scopes = {f"step_{s.step_number}": (s.result.response_data or {}) for s in plan.actions if s.executed and s.result}
    try:
        return fill(step.parameters, scopes)
    except UnresolvedPlaceholder:
        return step.parameters
