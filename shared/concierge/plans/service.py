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
import uuid
from dataclasses import dataclass, field
from typing import Callable, cast

from concierge.adapters.actions import ActionClient
from concierge.adapters.queue import PlanQueue, QueueUnavailable
from concierge.adapters.store import IdempotencyStore, PlanStore
from concierge.adapters.tracing import NoopTracer, Tracer
from concierge.domain.operators import Operator
from concierge.domain.plan_states import IllegalMove, expire, is_expired, move, past_expiry
from concierge.domain.plans import ExecutionPlan, utcnow
from concierge.domain.venue import Venue
from concierge.plans.answers import answered, read, waiting_question
from concierge.plans.executor import Executor
from concierge.plans.plan_making import PlanMaker
from concierge.plans.planning import Planner
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

DEFAULT_MAX_CLARIFICATIONS = 3
DEFAULT_PENDING_EXPIRY = dt.timedelta(hours=1)


def _need_operator(operator: Operator | None, said: str | None, words: RefusalWords) -> Operator:
    """The authenticated operator; a body `user_id` naming someone else is the contract's user mismatch."""
    if operator is None:
        raise PlanRefusal("auth_required", words.sign_in)
    if said is not None and said != operator.operator_id:
        raise PlanRefusal("not_owner", words.user_mismatch)
    return operator


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
        """Turn the operator's message into a plan awaiting confirmation, or one clarifying question
        (`plans.plan_making`)."""
        words = self._words(req.venue_id)
        owner = _need_operator(operator, req.user_id, words).operator_id
        venue = self.venues.get(req.venue_id)
        if venue is None:
            raise PlanRefusal("invalid_input", words.no_venue.format(venue_id=req.venue_id))
        maker = PlanMaker(
            store=self.store,
            registry=self.registry,
            planner=self.planner,
            fallback_planner=self.fallback_planner,
            actions=self.actions,
            tracer=self.tracer,
            read_only_actions=self.read_only_actions,
            max_clarifications=self.max_clarifications,
            today=self.today,
        )
        return maker.make(req, owner, venue, token or self.service_token, words)

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
        question = waiting_question(plan)
        if question is None:
            raise PlanRefusal("wrong_state", words.not_waiting)
        venue = self.venues.get(plan.venue_id)
        reading = read(
            plan,
            question,
            req.user_message,
            self.registry(),
            locale,
            self.today(venue) if venue else self.clock().date(),
        )
        if reading.outcome == "unclear":
            raise PlanRefusal("invalid_input", said.unclear.format(prompt=plan.blocking_prompt))
        asked = plan.blocking_prompt
        try:
            plan = self.store.update_plan(
                plan.plan_id, lambda p: answered(p, asked, question, reading, said, self.clock)
            )
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
