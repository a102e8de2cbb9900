"""Running a confirmed plan step by step.

Cloud Tasks delivers at least once, sometimes twice at the same time. A delivery first claims
the plan with a lease in an atomic store update: a second delivery finds it claimed and does
nothing. Each step's compensation is worked out (reading the prior state) and recorded before
the step's call goes out (`plans/compensation.py`), and every call carries the idempotency key
`{plan_id}:{step}`: a delivery resuming after a crash re-sends the call whose outcome was not
recorded, and the API answers it from its idempotency record instead of acting twice.

When the confirmed plan cannot go on by itself, the step asks its operator (`plans/step_questions.py`)
and the plan pauses (`ask`). A failure fails the plan and, when a write was done or may have landed,
queues its rollback (`plans/rollback.py`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from concierge.adapters.store import LeaseStore, PlanStore
from concierge.adapters.tracing import NoopTracer, Span, Tracer
from concierge.adapters.actions import ActionClient
from concierge.domain.plan_states import IllegalMove, move
from concierge.domain.plans import (
    ActionResult,
    AtomicAction,
    BlockingQuestion,
    ExecutionPlan,
    PlannedAction,
    utcnow,
)
from concierge.masking import mask
from concierge.plans.blocking import SessionBusy, pause
from concierge.plans.canonical_values import Reading
from concierge.plans.compensation import prepare_compensation
from concierge.plans.registry import ActionRegistry
from concierge.plans.step_guard import different_call
from concierge.plans.step_expectations import READ_BOOKING, expected_state, lookup_scope, same_booking, step_key
from concierge.plans.step_outcomes import failure_reason, possibly_applied, what_to_check
from concierge.plans.step_questions import booking_gone, booking_moved, other_times, planned_question, several_matches
from concierge.plans.templates import UnresolvedPlaceholder, fill
from concierge.speech.plan_outcomes import StepWords, step_words
from concierge.speech.plan_prompts import prompt_words

if TYPE_CHECKING:
    from concierge.plans.parameter_fixer import ParameterFixer

DEFAULT_LEASE = dt.timedelta(seconds=120)


class NotClaimable(Exception):
    """Another delivery holds the plan, it waits for an answer, or it is finished."""


def leased(plan: ExecutionPlan, now: dt.datetime, lease: dt.timedelta, held: str) -> ExecutionPlan:
    """The plan with a fresh lease from `now`, or NotClaimable(`held`) while another delivery's lease runs."""
    if plan.lease_until is not None and plan.lease_until > now:
        raise NotClaimable(held)
    return plan.model_copy(update={"lease_until": now + lease})


@dataclass
class Executor:
    store: PlanStore
    registry: Callable[[], ActionRegistry]
    actions: ActionClient
    enqueue_rollback: Callable[[str, str | None], None]
    tracer: Tracer = field(default_factory=NoopTracer)
    fixer: ParameterFixer | None = None  # when an LLM is configured
    read_only: Callable[[], set[str]] = set  # the lookups' action ids (the overlay's read_only)
    lease: dt.timedelta = DEFAULT_LEASE
    clock: Callable[[], dt.datetime] = utcnow
    # The language of what the plan's operator reads (failures, reports), by venue id.
    locale_of: Callable[[str], str] = lambda _venue_id: "en"
    # The sessions' answer slots (one plan per session waits for an answer); None in unit tests' fakes.
    leases: LeaseStore | None = None
    # How the guard reads a venue's values (wall clock, language, phone region), by venue id.
    reading_of: Callable[[str], Reading] = lambda _venue_id: Reading(now=utcnow().replace(tzinfo=None))

    def _words(self, plan: ExecutionPlan) -> StepWords:
        return step_words(self.locale_of(plan.venue_id))

    # --- execution ----------------------------------------------------------------------------------
    def execute(self, plan_id: str, token: str | None) -> str:
        """Run what is left of the plan; the outcome word says what happened to this delivery."""
        plan = self.take(plan_id, self._claim)
        if isinstance(plan, str):
            return plan
        registry = self.registry()
        with self._execution_span(plan) as span:
            return self._run_steps(plan, registry, token, span)

    def _execution_span(self, plan: ExecutionPlan, **attributes: Any):
        return self.tracer.span(
            "execution",
            trace_id=plan.plan_id,
            plan_id=plan.plan_id,
            session_id=plan.session_id,
            user_id=plan.user_id,
            venue_id=plan.venue_id,
            action_count=len(plan.actions),
            resumed=any(s.executed for s in plan.actions),
            **attributes,
        )

    def _run_steps(self, plan: ExecutionPlan, registry: ActionRegistry, token: str | None, span: Span) -> str:
        """The steps not done yet, one after the other as confirmed; the plan completed when all are."""
        plan_id = plan.plan_id
        for step in plan.actions:
            if step.executed:
                continue
            outcome = self._run_step(plan, step, registry, token)
            if outcome != "done":
                span.set(outcome=outcome, stopped_at_step=step.step_number, stopped_at_action=step.action_id)
                if outcome == "failed" and self.tracer.enabled:  # also failures before the call went out
                    failed = next(
                        (s.result for s in self.store.get_plan(plan_id).actions if s.step_number == step.step_number),
                        None,
                    )
                    span.set(error_type=failed.error_type if failed else None)
                return outcome
            plan = self.store.get_plan(plan_id)
        self._complete(plan_id)
        span.set(outcome="completed")
        return "completed"

    def _complete(self, plan_id: str) -> None:
        self.store.update_plan(plan_id, lambda p: move(p, "completed", self.clock(), summary=self._summary(p)))

    def take(self, plan_id: str, claim: Callable[[ExecutionPlan], ExecutionPlan]) -> ExecutionPlan | str:
        """The plan claimed for this delivery (`claim` raises NotClaimable when it cannot be), or the word
        saying why this delivery does nothing."""
        try:
            return self.store.update_plan(plan_id, claim)
        except NotClaimable as exc:
            return f"ignored: {exc}"
        except LookupError:
            return "ignored: no such plan"

    def _claim(self, plan: ExecutionPlan) -> ExecutionPlan:
        now = self.clock()
        if plan.status == "confirmed":
            return move(plan, "executing", now, lease_until=now + self.lease)
        if plan.status != "executing":
            raise NotClaimable(f"plan is {plan.status}")
        if plan.blocking_prompt is not None:
            raise NotClaimable("plan waits for an answer")
        return leased(plan, now, self.lease, "another delivery holds the plan")

    def _run_step(self, plan: ExecutionPlan, step: PlannedAction, registry: ActionRegistry, token: str | None) -> str:
        action = registry.get(step.action_id)
        if action is None:
            return self._fail(
                plan,
                step,
                step.action_id,
                ActionResult(
                    success=False, error_type="bad_request", error_message=self._words(plan).no_longer_available
                ),
                token,
            )
        asked = planned_question(step)
        if asked is not None:
            return self.ask(plan, step, *asked, token)
        scopes = {f"step_{s.step_number}": lookup_scope(s.result.response_data) for s in plan.actions if s.executed}
        try:
            parameters = fill(step.parameters, scopes)
        except UnresolvedPlaceholder as missing:
            several = several_matches(plan, step, missing, self.locale_of(plan.venue_id))
            if several is not None:
                return self.ask(plan, step, *several, token)
            return self._fail(
                plan,
                step,
                action.name,
                ActionResult(
                    success=False,
                    error_type="bad_request",
                    error_message=self._words(plan).value_missing.format(missing=missing),
                ),
                token,
            )
        if self.is_write(step) and plan.pending_step != step.step_number:
            changed = self._changed_since_planned(plan, step, action, parameters, registry, token)
            if changed is not None:
                return changed

        failed = self._record_compensation(plan, step, action, parameters, registry, token)
        if failed is not None:
            return failed

        self._record(plan.plan_id, step.step_number, pending=True)
        with self.tracer.span(
            f"tool_call:{action.action_id}",
            trace_id=plan.plan_id,
            plan_id=plan.plan_id,
            action_id=action.action_id,
            step=step.step_number,
            safety_tier=str(step.safety_tier),
            reversible=action.reversible,
            parameters=parameters,
        ) as span:
            first = result = self.actions.call(action, parameters, token, idempotency_key=step_key(plan, step))
            if not result.success and result.error_type == "bad_request" and self.fixer is not None:
                result = self._self_correct(plan, step, action, parameters, result, token)
            span.set(
                success=result.success,
                error_type=result.error_type,
                output=mask(result.response_data) if result.response_data else None,
                self_correction_tried=result is not first,
                self_corrected=result is not first and result.success,
            )
        if not result.success:
            alternatives = other_times(step, parameters, result, self.locale_of(plan.venue_id))
            if alternatives is not None:
                return self.ask(plan, step, *alternatives, token)
            return self._fail(plan, step, action.name, result, token, sent=parameters)
        self._record(plan.plan_id, step.step_number, result=result)
        return "done"

    # --- asking the operator ------------------------------------------------------------------------
    def ask(self, plan: ExecutionPlan, step: PlannedAction, prompt: str, question: BlockingQuestion, token) -> str:
        """Pause the plan at `step` with `prompt` ("paused"), or fail it when its session already waits."""
        try:
            pause(self.store, self.leases, plan.plan_id, prompt, question, self.clock())
        except SessionBusy:
            busy = prompt_words(self.locale_of(plan.venue_id)).session_busy
            return self._fail(plan, step, step.action_id, ActionResult(success=False), token, reason=busy)
        except IllegalMove:
            return "ignored: plan no longer executing"
        with self.tracer.span(
            "blocking_prompt",
            trace_id=plan.plan_id,
            plan_id=plan.plan_id,
            step=step.step_number,
            kind=question.kind,
            options=len(question.options),
        ):
            pass
        return "paused"

    def _record_compensation(
        self,
        plan: ExecutionPlan,
        step: PlannedAction,
        action: AtomicAction,
        parameters: dict,
        registry: ActionRegistry,
        token: str | None,
    ) -> str | None:
        """Before a reversible write goes out: record what undoes it (`plans/compensation.py`), once. The step's
        failure when the prior state it needs cannot be read, else None."""
        if not action.reversible or step.compensation_call is not None:
            return None
        compensation = prepare_compensation(self.actions, action, parameters, registry, token, self._words(plan))
        if isinstance(compensation, ActionResult):  # the prior state could not be read
            return self._fail(plan, step, action.name, compensation, token)
        self._record(plan.plan_id, step.step_number, compensation_call=compensation)
        return None

    def _changed_since_planned(
        self,
        plan: ExecutionPlan,
        step: PlannedAction,
        action: AtomicAction,
        parameters: dict,
        registry: ActionRegistry,
        token: str | None,
    ) -> str | None:
        """Before a write to a booking: pause when it was moved since the plan saw it, fail when it is gone."""
        expected = expected_state(plan, step, parameters)
        reader = registry.get(READ_BOOKING)
        if expected is None or reader is None:
            return None
        now = self.actions.call(
            reader, {"restaurant_id": parameters.get("restaurant_id"), "booking_id": parameters["booking_id"]}, token
        )
        locale = self.locale_of(plan.venue_id)
        if not now.success and now.error_type == "not_found":
            return self._fail(plan, step, action.name, now, token, reason=booking_gone(step, action, locale))
        current = now.response_data or {}
        if not now.success or same_booking(expected, current):
            return None  # a read that failed is not a change: the write itself reports what is wrong
        return self.ask(plan, step, *booking_moved(step, action, parameters, expected, current, locale), token)

    def _self_correct(self, plan, step, action, parameters, failed: ActionResult, token) -> ActionResult:
        corrected = self.fixer.fix(action, parameters, failed.error_message or "")
        if not corrected or corrected == parameters:
            return failed
        problem = different_call(action, parameters, corrected, self.reading_of(plan.venue_id))
        with self.tracer.span(
            "guard",
            trace_id=plan.plan_id,
            step=step.step_number,
            action_id=action.action_id,
            proposed=corrected,
            allowed=problem is None,
            reason=problem or "a format fix of the confirmed step",
        ):
            pass
        if problem:
            return ActionResult(
                success=False, error_type="bad_request", error_message=self._words(plan).correction_changes_plan
            )
        return self.actions.call(action, corrected, token, idempotency_key=f"{plan.plan_id}:{step.step_number}:fixed")

    def _record(
        self,
        plan_id: str,
        step_number: int,
        pending: bool = False,
        result: ActionResult | None = None,
        compensation_call: dict | None = None,
    ) -> None:
        def change(plan: ExecutionPlan) -> ExecutionPlan:
            steps = []
            for s in plan.actions:
                if s.step_number == step_number:
                    update: dict = {}
                    if compensation_call is not None:
                        update["compensation_call"] = compensation_call
                    if result is not None:
                        update.update(executed=result.success, result=result)
                    s = s.model_copy(update=update)
                steps.append(s)
            return plan.model_copy(
                update={
                    "actions": steps,
                    "lease_until": self.clock() + self.lease,
                    "pending_step": step_number if pending else None,
                }
            )

        self.store.update_plan(plan_id, change)

    def is_write(self, step: PlannedAction) -> bool:
        return step.action_id not in self.read_only()

    def needs_rollback(self, plan: ExecutionPlan) -> bool:
        """A failed plan with a completed write to undo, or a write that may have landed to report."""
        return any((s.executed and self.is_write(s)) or s.may_have_applied for s in plan.actions)

    def _fail(
        self,
        plan: ExecutionPlan,
        step: PlannedAction,
        action_name: str,
        result: ActionResult,
        token: str | None,
        sent: dict | None = None,
        reason: str | None = None,
    ) -> str:
        """Fail the plan at `step`; `sent`: the parameters of the step's call, when the call went out;
        `reason`: what to say instead of the result's classification."""
        plan_id, locale = plan.plan_id, self.locale_of(plan.venue_id)
        reason = reason or failure_reason(step, action_name, result, locale)
        in_doubt = sent is not None and result.error_type == "timeout" and self.is_write(step)
        if in_doubt:
            reason += " " + possibly_applied(step, what_to_check(sent or {}, locale), locale)

        def change(p: ExecutionPlan) -> ExecutionPlan:
            steps = [
                s.model_copy(update={"result": result, "may_have_applied": in_doubt})
                if s.step_number == step.step_number
                else s
                for s in p.actions
            ]
            return move(
                p.model_copy(update={"actions": steps, "pending_step": None}),
                "failed",
                self.clock(),
                failure_reason=reason,
            )

        plan = self.store.update_plan(plan_id, change)
        if self.needs_rollback(plan):
            self.enqueue_rollback(plan_id, token)
        return "failed"

    def _summary(self, plan: ExecutionPlan) -> str:
        messages = [
            str((s.result.response_data or {}).get("message"))
            for s in plan.actions
            if s.result and s.result.response_data and s.result.response_data.get("message")
        ]
        return " ".join(messages) or self._words(plan).done.format(summary=plan.intent_summary)
