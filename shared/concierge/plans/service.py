"""The plan functions: request, confirm, status, answer, undo, and the task targets execute, rollback, cleanup,
refresh.

Each takes its typed request (`plans.requests`) and, for the operator's functions, the operator
the HTTP layer authenticated; it returns the answer's body or raises PlanRefusal. The plan's owner
is the authenticated operator, never a `user_id` in the body (a body that names someone else is
refused), and only the owner confirms, so the plan's `user_id` is the confirming operator.

Credentials for the action API: while an operator's request is in flight, its lookups may use the
operator's own pass-through token; everything queued runs as the service (`service_token`). A
task carries the plan id alone: no credential is ever queued, stored or logged.
"""

from __future__ import annotations

import datetime as dt
import logging
import uuid
from dataclasses import dataclass, field
from typing import Callable, cast

from concierge.adapters.actions import ActionClient
from concierge.adapters.queue import PlanQueue, QueueUnavailable
from concierge.adapters.store import IdempotencyStore, PlanStore
from concierge.adapters.tracing import NoopTracer, Tracer
from concierge.domain.operators import Operator
from concierge.domain.plan_states import IllegalMove, expire, is_expired, move, past_expiry
from concierge.domain.plans import (
    ActionResult,
    BlockingQuestion,
    Clarification,
    ExecutionPlan,
    PlannedAction,
    utcnow,
)
from concierge.domain.venue import Venue
from concierge.plans.blocking import ask_marker, read_answer
from concierge.plans.executor import Executor
from concierge.plans.step_expectations import READ_BOOKING, WATCHED
from concierge.plans.planning import REPHRASE, Planner, PlanningRequest, rephrase_clarification
from concierge.plans.presentation import present
from concierge.plans.proposal_validation import validate_proposal
from concierge.plans.registry import ActionRegistry
from concierge.plans.rollback import Rollback
from concierge.plans.requests import (
    Answer,
    DeliverAgain,
    NewRequest,
    PlanRef,
    PlanRefusal,
    RefusalReason,
    TaskBody,
)
from concierge.plans.undo import Undo, UndoRefused
from concierge.speech.plan_outcomes import RefusalWords, refusal_words
from concierge.speech.plan_prompts import prompt_words
from concierge.venues import VenueCatalog

log = logging.getLogger("concierge.plans")

DEFAULT_MAX_CLARIFICATIONS = 3
DEFAULT_PENDING_EXPIRY = dt.timedelta(hours=1)


def _need_operator(operator: Operator | None, said: str | None, words: RefusalWords) -> Operator:
    """The authenticated operator; a body `user_id` naming someone else is the contract's user mismatch."""
    if operator is None:
        raise PlanRefusal("auth_required", words.sign_in)
    if said is not None and said != operator.operator_id:
        raise PlanRefusal("not_owner", words.user_mismatch)
    return operator


def _marker_question(plan: ExecutionPlan) -> BlockingQuestion | None:
    """The question of a plan paused on an {"ask": ...} marker before questions were recorded with the prompt."""
    for step in plan.actions:
        for name, value in step.parameters.items():
            if ask_marker(value):
                return BlockingQuestion(step_number=step.step_number, kind="value", parameter=name)
    return None


@dataclass
class PlanService:
    store: PlanStore
    idempotency: IdempotencyStore  # the cleanup purges expired records
    venues: VenueCatalog
    registry: Callable[[], ActionRegistry]
    refresh: Callable[[], ActionRegistry]
    planner: Planner  # RulePlanner or LLMPlanner
    fallback_planner: Planner | None
    actions: ActionClient
    queue: PlanQueue
    executor: Executor
    tracer: Tracer = field(default_factory=NoopTracer)
    read_only_actions: set[str] = field(default_factory=lambda: {"search_bookings", "get_booking"})
    max_clarifications: int = DEFAULT_MAX_CLARIFICATIONS
    pending_expiry: dt.timedelta = DEFAULT_PENDING_EXPIRY
    service_token: str | None = None  # the service's own credential for the action API
    clock: Callable[[], dt.datetime] = utcnow
    today: Callable[[Venue], dt.date] = lambda _venue: utcnow().date()
    # The language of the refusals an operator reads about a venue's plans, by venue id.
    locale_of: Callable[[str], str] = lambda _venue_id: "en"

    def _words(self, venue_id: str) -> RefusalWords:
        return refusal_words(self.locale_of(venue_id))

    # --- owner's functions ----------------------------------------------------------------------------
    def plan_request(self, req: NewRequest, token: str | None, operator: Operator | None = None) -> dict:
        words = self._words(req.venue_id)
        owner = _need_operator(operator, req.user_id, words).operator_id
        req = req.model_copy(update={"user_id": owner})
        venue = self.venues.get(req.venue_id)
        if venue is None:
            raise PlanRefusal("invalid_input", words.no_venue.format(venue_id=req.venue_id))
        session = self.store.get_session(req.session_id) or {"turns": [], "clarifications": 0}
        registry = self.registry()
        plan_id = str(uuid.uuid4())
        trace = plan_id
        with self.tracer.span(
            "intent_understanding",
            trace_id=trace,
            trace_name="plan",
            session_id=req.session_id,
            user_id=req.user_id,
            venue_id=req.venue_id,
            clarifications=session["clarifications"],
        ) as intent:
            planning = PlanningRequest(
                message=req.message,
                history=session["turns"],
                venue_id=venue.id,
                venue_locale=venue.locale,
                today=self.today(venue),
                registry=registry,
                lookup=self._lookup(registry, token or self.service_token, words),
                read_only_actions=self.read_only_actions,
                clarifications_so_far=session["clarifications"],
                max_clarifications=self.max_clarifications,
            )
            with self.tracer.span("plan_generation", trace_id=trace, planner=type(self.planner).__name__) as span:
                outcome = self._plan(planning)
                problems = (
                    []
                    if isinstance(outcome, Clarification)
                    else validate_proposal(outcome, registry, self.read_only_actions)
                )
                span.set(
                    outcome=type(outcome).__name__,
                    valid=not problems,
                    problem_count=len(problems),
                    action_ids=[s.action_id for s in getattr(outcome, "steps", [])],
                )
            intent.set(outcome="clarification" if isinstance(outcome, Clarification) or problems else "plan")
        if isinstance(outcome, Clarification):
            with self.tracer.span(
                "clarification",
                trace_id=trace,
                session_id=req.session_id,
                user_id=req.user_id,
                question=outcome.question,
                clarifications=session["clarifications"] + 1,
                reason="planner",
            ):
                pass
            if outcome.kind == REPHRASE:  # what is said next is a new request: its questions count afresh
                session = {"turns": [], "clarifications": 0}
            else:
                session["turns"] = session["turns"] + [
                    {"role": "user", "content": req.message},
                    {
                        "role": "assistant",
                        "content": outcome.question,
                        "asked": outcome.kind,
                        "options": outcome.options,
                    },
                ]
                session["clarifications"] += 1
            self.store.put_session(req.session_id, session)
            return {"type": "clarification", "question": outcome.question}
        if problems:
            log.warning("planner proposal refused: %s", "; ".join(problems))
            return {"type": "clarification", "question": rephrase_clarification(venue.locale).question}
        steps = [
            PlannedAction(
                step_number=i,
                action_id=s.action_id,
                parameters=s.parameters,
                safety_tier=registry.get(s.action_id).safety_tier,
            )
            for i, s in enumerate(outcome.steps, start=1)
        ]
        steps = self._expectations(steps, planning.lookup)
        plan = ExecutionPlan(
            plan_id=plan_id,
            session_id=req.session_id,
            user_id=owner,
            venue_id=venue.id,
            intent_summary=outcome.intent_summary[:200],
            actions=steps,
        )
        plan = plan.model_copy(update={"presentation": present(plan, registry, venue.locale)})
        self.store.create_plan(plan)
        booking = next(
            (s.parameters.get("booking_id") for s in steps if isinstance(s.parameters.get("booking_id"), str)), None
        )
        self.store.put_session(
            req.session_id,
            {
                "turns": [{"role": "system", "content": "plan made", "booking_id": booking}] if booking else [],
                "clarifications": 0,
            },
        )
        with self.tracer.span(
            "plan_generated",
            trace_id=trace,
            plan_id=plan_id,
            session_id=req.session_id,
            user_id=req.user_id,
            venue_id=venue.id,
            action_count=len(steps),
            action_ids=[s.action_id for s in steps],
            safety_tiers=[str(s.safety_tier) for s in steps],
        ):
            pass
        return {"type": "plan", "plan": plan.public()}

    def _expectations(self, steps: list[PlannedAction], lookup: Callable[[str, dict], ActionResult]) -> list:
        """The steps, each write to a booking named now with how the booking looks now (`expects`): the
        executor asks before writing to a booking someone else changed meanwhile."""
        seen: dict[str, dict | None] = {}
        for i, step in enumerate(steps):
            booking_id = step.parameters.get("booking_id")
            if step.action_id in self.read_only_actions or not isinstance(booking_id, str) or "{{" in booking_id:
                continue
            if booking_id not in seen:
                found = lookup(
                    READ_BOOKING, {"restaurant_id": step.parameters.get("restaurant_id"), "booking_id": booking_id}
                )
                data = (found.response_data or {}) if found.success else {}
                kept = ("booking_id", "name", "day_label", "time_human", *WATCHED)
                seen[booking_id] = {k: data[k] for k in kept if k in data} if data else None
            if seen[booking_id]:
                steps[i] = step.model_copy(update={"expects": seen[booking_id]})
        return steps

    def _plan(self, planning: PlanningRequest):
        try:
            return self.planner.plan(planning)
        except Exception as exc:  # an LLM that cannot be reached: plan without it
            if self.fallback_planner is None or self.planner is self.fallback_planner:
                raise
            log.warning("planner failed (%s); using the deterministic planner", type(exc).__name__)
            return self.fallback_planner.plan(planning)

    def _lookup(
        self, registry: ActionRegistry, token: str | None, words: RefusalWords
    ) -> Callable[[str, dict], ActionResult]:
        def lookup(action_id: str, parameters: dict) -> ActionResult:
            action = registry.get(action_id)
            if action is None or action_id not in self.read_only_actions:
                return ActionResult(success=False, error_type="bad_request", error_message="not a lookup")
            result = self.actions.call(action, parameters, token)
            if result.error_type == "unauthorized":
                raise PlanRefusal("auth_required", words.token_refused)
            return result

        return lookup

    def _owned(self, ref: PlanRef, operator: Operator | None) -> ExecutionPlan:
        """The plan, if the authenticated operator owns it: 404 when there is none, 403 when it is another's."""
        english = refusal_words("en")  # no plan, hence no venue, known yet
        owner = _need_operator(operator, ref.user_id, english)
        plan = self.store.get_plan(ref.plan_id)
        if plan is None:
            raise PlanRefusal("no_such_plan", english.no_plan.format(plan_id=ref.plan_id))
        if plan.user_id != owner.operator_id:
            raise PlanRefusal("not_owner", english.not_owner)  # another's plan: nothing of it is told
        return plan

    def plan_confirm(self, ref: PlanRef, operator: Operator | None = None) -> dict:
        plan = self._owned(ref, operator)
        if plan.status == "confirmed":
            return plan.public()
        plan = self._expire_if_due(plan)
        if is_expired(plan):
            raise self._expired_refusal(plan)
        if plan.status != "pending_confirmation":
            raise PlanRefusal("wrong_state", self._words(plan.venue_id).already.format(status=plan.status))
        with self.tracer.span(
            "user_confirmation",
            trace_id=plan.plan_id,
            plan_id=plan.plan_id,
            session_id=plan.session_id,
            user_id=plan.user_id,
            venue_id=plan.venue_id,
            seconds_to_confirm=(self.clock() - plan.created_at).total_seconds(),
        ) as span:
            try:
                self.queue.enqueue("execute", plan.plan_id)
            except QueueUnavailable:
                span.set(outcome="enqueue_failed")
                raise PlanRefusal("unavailable", self._words(plan.venue_id).not_queued) from None
            try:
                plan = self.store.update_plan(plan.plan_id, lambda p: move(p, "confirmed", self.clock()))
            except IllegalMove:  # confirmed by a concurrent call, or expired by the sweep meanwhile
                plan = self.store.get_plan(plan.plan_id)
            span.set(outcome="expired" if is_expired(plan) else "confirmed")
        if is_expired(plan):  # the queued task finds the plan failed and does nothing
            raise self._expired_refusal(plan)
        return plan.public()

    def _expire_if_due(self, plan: ExecutionPlan) -> ExecutionPlan:
        """The plan, moved to its expiry (failed) when it waited too long for its confirmation."""
        now = self.clock()
        if not past_expiry(plan, now, self.pending_expiry):
            return plan
        try:
            return self.store.update_plan(plan.plan_id, lambda p: expire(p, now))
        except IllegalMove:  # confirmed or expired meanwhile
            return self.store.get_plan(plan.plan_id) or plan

    def _expired_refusal(self, plan: ExecutionPlan) -> PlanRefusal:
        minutes = self.pending_expiry.total_seconds() / 60
        return PlanRefusal("expired", self._words(plan.venue_id).expired.format(minutes=minutes))

    def plan_status(self, ref: PlanRef, operator: Operator | None = None) -> dict:
        return self._owned(ref, operator).public()

    def plan_answer(self, req: Answer, operator: Operator | None = None) -> dict:
        """Read the answer to the plan's blocking prompt: resume it, or fail it when the answer stops it or
        would change its scope (the operator is asked to make a new request)."""
        plan = self._owned(req, operator)
        words = self._words(plan.venue_id)
        if plan.status != "executing" or plan.blocking_prompt is None:
            raise PlanRefusal("wrong_state", words.not_waiting)
        if len(self.store.blocked_plans_of_session(plan.session_id)) > 1:
            raise PlanRefusal("wrong_state", words.several_waiting)
        locale = self.locale_of(plan.venue_id)
        said = prompt_words(locale)
        question = plan.question or _marker_question(plan)
        if question is None:
            raise PlanRefusal("wrong_state", words.not_waiting)
        step = next(s for s in plan.actions if s.step_number == question.step_number)
        venue = self.venues.get(plan.venue_id)
        reading = read_answer(
            question,
            req.user_message,
            step.parameters,
            self._parameter_type(step.action_id, question.parameter),
            locale,
            self.today(venue) if venue else self.clock().date(),
        )
        if reading.outcome == "unclear":
            raise PlanRefusal("invalid_input", said.unclear.format(prompt=plan.blocking_prompt))
        asked = plan.blocking_prompt

        def answer(p: ExecutionPlan) -> ExecutionPlan:
            if p.status != "executing" or p.blocking_prompt != asked:
                raise IllegalMove("the plan is not waiting for this answer")
            if reading.outcome != "resume":
                reason = said.scope_changed if reading.outcome == "scope_changed" else said.stopped
                return move(p, "failed", self.clock(), failure_reason=reason.format(number=question.step_number))
            steps = []
            for s in p.actions:
                if s.step_number == question.step_number:
                    update: dict = {"parameters": {**s.parameters, **reading.values}}
                    if reading.values:
                        update["attempt"] = s.attempt + 1
                    if reading.expects is not None:
                        update["expects"] = {**reading.expects, "accepted": True}
                    s = s.model_copy(update=update)
                steps.append(s)
            # An expired lease: if the queue loses the task below, the cleanup sweep resumes the plan.
            return p.model_copy(
                update={"actions": steps, "blocking_prompt": None, "question": None, "lease_until": self.clock()}
            )

        try:
            plan = self.store.update_plan(plan.plan_id, answer)
        except IllegalMove:
            raise PlanRefusal("wrong_state", words.not_waiting) from None
        with self.tracer.span(
            "blocking_answer",
            trace_id=plan.plan_id,
            plan_id=plan.plan_id,
            step=question.step_number,
            kind=question.kind,
            outcome=reading.outcome,
        ):
            pass
        if reading.outcome != "resume":
            if self.executor.needs_rollback(plan):
                self.executor.enqueue_rollback(plan.plan_id, None)
            return plan.public()
        try:
            self.queue.enqueue("execute", plan.plan_id, tag=f"answer-{uuid.uuid4().hex[:8]}")
        except QueueUnavailable:
            raise PlanRefusal("unavailable", words.answer_saved) from None
        return plan.public()

    def _parameter_type(self, action_id: str, parameter: str | None) -> str | None:
        action = self.registry().get(action_id)
        return next((p.type for p in action.parameters if p.name == parameter), None) if action else None

    def plan_undo(self, ref: PlanRef, operator: Operator | None = None) -> dict:
        """Undo the operator's completed plan inline (`plans.undo`), as the service: the plan with its
        RollbackReport."""
        plan = self._owned(ref, operator)
        try:
            return Undo(self.executor).undo(plan, self.service_token).public()
        except UndoRefused as refused:
            raise PlanRefusal(cast(RefusalReason, refused.reason), refused.message) from None

    # --- task targets ---------------------------------------------------------------------------------
    def plan_execute(self, task: TaskBody) -> dict:
        plan = self.store.get_plan(task.plan_id)
        if plan is not None and plan.status == "pending_confirmation":
            # Enqueued just before the confirmation was stored: ask the queue to deliver again.
            raise DeliverAgain("not confirmed yet")
        return {"outcome": self.executor.execute(task.plan_id, self.service_token)}

    def plan_rollback(self, task: TaskBody) -> dict:
        return {"outcome": Rollback(self.executor).rollback(task.plan_id, self.service_token)}

    def plans_cleanup(self) -> dict:
        """Expire unconfirmed plans, resume executing plans whose worker died, purge idempotency records and
        plans and sessions past their retention (on the wall clock, as Firestore's TTL policy)."""
        now = self.clock()
        expired = resumed = 0
        for plan in self.store.plans_in_status("pending_confirmation"):
            if past_expiry(plan, now, self.pending_expiry):
                try:
                    self.store.update_plan(plan.plan_id, lambda p: expire(p, now))
                    expired += 1
                except IllegalMove:
                    pass
        for plan in self.store.plans_in_status("executing"):
            if plan.blocking_prompt is None and plan.lease_until is not None and plan.lease_until <= now:
                self.queue.enqueue("execute", plan.plan_id, tag=f"resume-{int(now.timestamp())}")
                resumed += 1
        for plan in self.store.plans_in_status("failed"):
            if (
                plan.rollback_report is None
                and self.executor.needs_rollback(plan)
                and (plan.lease_until is None or plan.lease_until <= now)
            ):
                self.queue.enqueue("rollback", plan.plan_id, tag=f"resume-{int(now.timestamp())}")
                resumed += 1
        purged = self.idempotency.purge_idempotency(now)
        retired = self.store.purge_plans(utcnow())
        return {"expired": expired, "resumed": resumed, "purged_idempotency_records": purged, "purged_plans": retired}

    def registry_refresh(self) -> dict:
        registry = self.refresh()
        return {"registered": sorted(a.action_id for a in registry.actions()), "problems": registry.problems}
