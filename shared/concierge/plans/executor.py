"""Running a confirmed plan step by step, and rolling it back when a step fails.

Cloud Tasks delivers at least once, sometimes twice at the same time. A delivery first claims
the plan with a lease in an atomic store update: a second delivery finds it claimed and does
nothing. Each step's compensation is worked out (reading the prior state) and recorded before
the step's call goes out, and every call carries the idempotency key `{plan_id}:{step}`: a
delivery resuming after a crash re-sends the call whose outcome was not recorded, and the API
answers it from its idempotency record instead of acting twice.

A rollback concerns writes only: a lookup changed nothing, so it is neither reversed nor reported.
A write that timed out may have landed: it is reported as such, with what to check, and a plan
with one cannot end `rolled_back`.
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
    Choice,
    ExecutionPlan,
    PlannedAction,
    ReversalFailure,
    RollbackReport,
    utcnow,
)
from concierge.masking import mask
from concierge.plans.blocking import SessionBusy, ask_marker, numbered, pause
from concierge.plans.canonical_values import Reading
from concierge.plans.registry import ActionRegistry
from concierge.plans.step_guard import different_call
from concierge.plans.templates import UnresolvedPlaceholder, fill
from concierge.speech import phrases_for
from concierge.speech.plan_outcomes import StepWords, step_words
from concierge.speech.plan_prompts import prompt_words

if TYPE_CHECKING:
    from concierge.plans.parameter_fixer import ParameterFixer

DEFAULT_LEASE = dt.timedelta(seconds=120)


__all__ = ["Executor", "NotClaimable", "ask_marker"]


class NotClaimable(Exception):
    """Another delivery holds the plan, it waits for an answer, or it is finished."""


def failure_reason(step: PlannedAction, action_name: str, result: ActionResult, locale: str = "en") -> str:
    words = step_words(locale)
    where = words.step.format(number=step.step_number, action=action_name)
    message = result.error_message or words.no_details
    nearest = (result.response_data or {}).get("nearest_slots")
    alternatives = words.alternatives.format(slots=", ".join(nearest)) if nearest else ""
    return {
        "bad_request": words.refused.format(where=where, message=message),
        "unauthorized": words.unauthorised.format(where=where),
        "not_found": words.not_found.format(where=where),
        "conflict": words.conflict.format(where=where, message=message, alternatives=alternatives),
        "rate_limited": words.rate_limited.format(where=where, seconds=result.retry_after_seconds or words.a_few),
        "server_error": words.server_error.format(where=where),
        "timeout": words.timeout.format(where=where),
    }[result.error_type or "server_error"]


def possibly_applied(step: PlannedAction, what: str, locale: str = "en") -> str:
    """The sentence for a write that timed out: nobody knows whether it landed."""
    return step_words(locale).possibly_applied.format(number=step.step_number, what=what)


def what_to_check(parameters: dict, locale: str = "en") -> str:
    """The booking a step touched, as a person looks it up: its id, else the details it was given."""
    words = step_words(locale)
    for key in ("booking_id", "reservation_id", "id"):
        if isinstance(parameters.get(key), (str, int)):
            return words.check_booking.format(booking_id=parameters[key])
    shown = [
        f"{k} {v}"
        for k, v in parameters.items()
        if k not in ("restaurant_id", "venue_id") and isinstance(v, (str, int, float))
    ]
    return words.check_details.format(details=", ".join(shown)) if shown else words.check_call


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


def describe(state: dict, locale: str) -> str:
    """A booking's day, time and party as the operator reads them in a question."""
    say = phrases_for(locale)
    day = state.get("day_label")
    if not day:
        try:
            day = say.day_label(dt.date.fromisoformat(str(state.get("day"))))
        except ValueError:
            day = str(state.get("day"))
    time = state.get("time_human") or (say.time_human(state["time"]) if state.get("time") else "")
    return prompt_words(locale).booking_state.format(day=day, time=time, people=state.get("people"))


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
        plan = self._take(plan_id, self._claim)
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

    def _take(self, plan_id: str, claim: Callable[[ExecutionPlan], ExecutionPlan]) -> ExecutionPlan | str:
        """The plan claimed for this delivery, or the word saying why this delivery does nothing."""
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
        if plan.lease_until is not None and plan.lease_until > now:
            raise NotClaimable("another delivery holds the plan")
        return plan.model_copy(update={"lease_until": now + self.lease})

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
        asked = next(((k, q) for k, q in ((k, ask_marker(v)) for k, v in step.parameters.items()) if q), None)
        if asked:
            question = BlockingQuestion(step_number=step.step_number, kind="value", parameter=asked[0])
            return self.ask(plan, step, asked[1], question, token)
        scopes = {f"step_{s.step_number}": lookup_scope(s.result.response_data) for s in plan.actions if s.executed}
        try:
            parameters = fill(step.parameters, scopes)
        except UnresolvedPlaceholder as missing:
            several = self._several_matches(plan, step, missing)
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

        if action.reversible and step.compensation_call is None:
            compensation = self._prepare_compensation(plan, action, parameters, registry, token)
            if isinstance(compensation, ActionResult):  # the prior state could not be read
                return self._fail(plan, step, action.name, compensation, token)
            self._record(plan.plan_id, step.step_number, compensation_call=compensation)

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
            alternatives = self._other_times(plan, step, parameters, result)
            if alternatives is not None:
                return self.ask(plan, step, *alternatives, token)
            return self._fail(plan, step, action.name, result, token, sent=parameters)
        self._record(plan.plan_id, step.step_number, result=result)
        return "done"

    # --- blocking prompts ---------------------------------------------------------------------------
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

    def _several_matches(
        self, plan: ExecutionPlan, step: PlannedAction, missing: UnresolvedPlaceholder
    ) -> tuple[str, BlockingQuestion] | None:
        """The question when the value is missing because a lookup matched several bookings."""
        source = next((s for s in plan.actions if f"step_{s.step_number}" == missing.scope), None)
        found = (source.result.response_data or {}) if source and source.result else {}
        matches = [r for r in found.get("results") or [] if isinstance(r, dict) and missing.name in r]
        parameter = next(
            (k for k, v in step.parameters.items() if v == f"{{{{{missing.scope}.{missing.name}}}}}"), None
        )
        if len(matches) < 2 or parameter is None:
            return None
        options = [
            Choice(
                label=str(r.get("display_label") or r.get("guest_name") or r[missing.name]),
                values={parameter: r[missing.name]},
            )
            for r in matches
        ]
        words = prompt_words(self.locale_of(plan.venue_id))
        query = str((source.parameters if source else {}).get("search_text", ""))
        prompt = words.several_match.format(query=query, count=len(options), options=numbered(options, words))
        return prompt, BlockingQuestion(
            step_number=step.step_number, kind="choice", parameter=parameter, options=options
        )

    def _other_times(
        self, plan: ExecutionPlan, step: PlannedAction, sent: dict, result: ActionResult
    ) -> tuple[str, BlockingQuestion] | None:
        """The question when the planned time is not available and free times nearby are offered."""
        data = result.response_data or {}
        slots = [s for s in data.get("nearest_slots") or [] if isinstance(s, str)]
        parameter = next((k for k in ("new_time", "time") if isinstance(sent.get(k), str)), None)
        if result.error_type not in ("conflict", "bad_request") or not slots or parameter is None:
            return None
        locale = self.locale_of(plan.venue_id)
        say, words = phrases_for(locale), prompt_words(locale)
        options = [Choice(label=slot, values={parameter: slot}) for slot in slots]  # the operator reads HH:MM
        when = sent[parameter]
        day = sent.get("new_day") or sent.get("day")
        if isinstance(day, str):
            try:
                when = f"{say.day_label(dt.date.fromisoformat(day))}, {when}"
            except ValueError:
                pass
        prompt = words.slot_taken.format(when=when, options=numbered(options, words))
        return prompt, BlockingQuestion(
            step_number=step.step_number, kind="choice", parameter=parameter, options=options
        )

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
        words = prompt_words(locale)
        if not now.success and now.error_type == "not_found":
            where = self._words(plan).step.format(number=step.step_number, action=action.name)
            return self._fail(plan, step, action.name, now, token, reason=words.booking_gone.format(where=where))
        current = now.response_data or {}
        if not now.success or same_booking(expected, current):
            return None  # a read that failed is not a change: the write itself reports what is wrong
        prompt = words.booking_moved.format(
            name=current.get("name") or expected.get("name") or parameters["booking_id"],
            then=describe(expected, locale),
            now=describe(current, locale),
            number=step.step_number,
            action=action.name,
        )
        observed = {k: current.get(k) for k in WATCHED}
        question = BlockingQuestion(step_number=step.step_number, kind="confirm", observed=observed)
        return self.ask(plan, step, prompt, question, token)

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

    def _prepare_compensation(
        self, plan: ExecutionPlan, action: AtomicAction, parameters: dict, registry: ActionRegistry, token: str | None
    ) -> dict | ActionResult:
        spec = action.compensation
        prior: dict = {}
        if spec and spec.prior_operation_id:
            reader = registry.get(spec.prior_operation_id)
            read = (
                self.actions.call(reader, fill(spec.prior_parameters, {"params": parameters}), token)
                if reader
                else ActionResult(
                    success=False, error_type="bad_request", error_message=self._words(plan).prior_read_missing
                )
            )
            if not read.success:
                return read
            prior = read.response_data or {}
        return {
            "action_id": action.compensation_action_id,
            "parameters": spec.parameters if spec else {},
            "params": parameters,
            "prior": prior,
        }

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

    # --- rollback -----------------------------------------------------------------------------------
    def rollback(self, plan_id: str, token: str | None) -> str:
        """Compensate completed steps in reverse order, going on past a failed compensation."""
        plan = self._take(plan_id, self._claim_rollback)
        if isinstance(plan, str):
            return plan
        registry = self.registry()
        locale = self.locale_of(plan.venue_id)
        words = step_words(locale)
        failed_step = next((s.step_number for s in plan.actions if s.result and not s.result.success), 0)
        report = RollbackReport(triggered_by_step=failed_step)
        with self.tracer.span(
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
                        f"{possibly_applied(step, what_to_check(self._parameters_of(plan, step), locale), locale)} "
                        f"{words.timed_out.format(action=name)}"
                    )
                    continue
                if not step.executed or not self.is_write(step):  # not done, or a lookup: nothing to undo
                    continue
                if action is None or not action.reversible or step.compensation_call is None:
                    report.irreversible_actions_completed.append(step.step_number)
                    report.manual_recovery_steps.append(words.irreversible.format(number=step.step_number, action=name))
                    continue
                problem = self._compensate(plan, step, registry, token)
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
            return move(p, "rolled_back", self.clock()) if done else p

        return self.store.update_plan(plan_id, finish).status

    @staticmethod
    def _parameters_of(plan: ExecutionPlan, step: PlannedAction) -> dict:
        """The step's parameters with earlier answers filled in, as far as they can be."""
        scopes = {
            f"step_{s.step_number}": (s.result.response_data or {}) for s in plan.actions if s.executed and s.result
        }
        try:
            return fill(step.parameters, scopes)
        except UnresolvedPlaceholder:
            return step.parameters

    def _claim_rollback(self, plan: ExecutionPlan) -> ExecutionPlan:
        now = self.clock()
        if plan.status != "failed" or plan.rollback_report is not None:
            raise NotClaimable(f"plan is {plan.status}, rollback {'done' if plan.rollback_report else 'not needed'}")
        if plan.lease_until is not None and plan.lease_until > now:
            raise NotClaimable("another delivery is rolling the plan back")
        return plan.model_copy(update={"lease_until": now + self.lease})

    def compensate(self, plan: ExecutionPlan, step: PlannedAction, registry: ActionRegistry, token: str | None):
        """Run the step's recorded compensation (an undo uses it too): None when it worked, else why not."""
        return self._compensate(plan, step, registry, token)

    def _compensate(
        self, plan: ExecutionPlan, step: PlannedAction, registry: ActionRegistry, token: str | None
    ) -> str | None:
        call = step.compensation_call or {}
        action = registry.get(call.get("action_id") or "")
        if action is None:
            return self._words(plan).compensation_missing
        try:
            result_data = (step.result.response_data if step.result else {}) or {}
            parameters = fill(
                call.get("parameters", {}),
                {"params": call.get("params", {}), "prior": call.get("prior", {}), "result": result_data},
            )
        except UnresolvedPlaceholder as missing:
            return self._words(plan).undo_value_missing.format(missing=missing)
        # An empty prior value (no notes) is restored as "", because null means "leave unchanged".
        text = {p.name for p in action.parameters if p.type == "string"}
        parameters = {k: ("" if v is None and k in text else v) for k, v in parameters.items()}
        with self.tracer.span(
            f"compensation:{action.action_id}",
            trace_id=plan.plan_id,
            plan_id=plan.plan_id,
            action_id=action.action_id,
            compensates=step.action_id,
            step=step.step_number,
        ) as span:
            result = self.actions.call(
                action, parameters, token, idempotency_key=f"{plan.plan_id}:undo:{step.step_number}"
            )
            span.set(success=result.success, error_type=result.error_type)
        return None if result.success else (result.error_message or result.error_type or "failed")
