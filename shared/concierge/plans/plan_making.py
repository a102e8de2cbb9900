"""Turning an operator's message into a plan awaiting confirmation, or into one clarifying question
(the work of `plan_request`).

The planner (the LLM planner, falling back to the rule planner when the model cannot be reached) reads
the message with the session's earlier turns and may run lookups meanwhile, with the operator's
pass-through token when given. A proposal that fails validation becomes the rephrase question. A
clarification is kept in the session's turns (a rephrase starts the session afresh); a plan is stored
`pending_confirmation` with its presentation in the venue's language, each write to a booking named now
carrying how that booking looks now (`expects`), and the session keeps only the booking the plan acts on.
"""

from __future__ import annotations

import datetime as dt
import logging
import uuid
from dataclasses import dataclass
from typing import Callable

from concierge.adapters.actions import ActionClient
from concierge.adapters.store import PlanStore
from concierge.adapters.tracing import Tracer
from concierge.domain.plans import ActionResult, Clarification, ExecutionPlan, PlannedAction, PlanProposal
from concierge.domain.venue import Venue
from concierge.plans.planning import REPHRASE, Planner, PlanningRequest, rephrase_clarification
from concierge.plans.presentation import present
from concierge.plans.proposal_validation import validate_proposal
from concierge.plans.registry import ActionRegistry
from concierge.plans.requests import NewRequest, PlanRefusal
from concierge.plans.step_expectations import READ_BOOKING, WATCHED
from concierge.speech.plan_outcomes import RefusalWords

log = logging.getLogger("concierge.plans")


@dataclass
class PlanMaker:
    store: PlanStore
    registry: Callable[[], ActionRegistry]
    planner: Planner  # RulePlanner or LLMPlanner
    fallback_planner: Planner | None
    actions: ActionClient
    tracer: Tracer
    read_only_actions: set[str]
    max_clarifications: int
    today: Callable[[Venue], dt.date]

    def make(self, req: NewRequest, owner: str, venue: Venue, token: str | None, words: RefusalWords) -> dict:
        """The answer to `owner`'s `req`: `{"type": "plan", ...}` or `{"type": "clarification", ...}`. `token` is
        the credential its lookups run with."""
        req = req.model_copy(update={"user_id": owner})
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
                lookup=self._lookup(registry, token, words),
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
                safety_tier=registry.tier_of(s.action_id),  # validated above: every step's action is registered
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

    def _plan(self, planning: PlanningRequest) -> PlanProposal | Clarification:
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
