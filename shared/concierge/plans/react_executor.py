"""The executor when a model is configured: a Reason / Act / Observe loop inside the confirmed plan.

The model gets the confirmed plan as its goal and the registry's actions as tools. Each turn it
reasons (one completion, traced as a generation), acts (tool calls) and observes (the results go
back to it), until every confirmed write has succeeded. It may look things up at will, take a
{{step_N.field}} value from an earlier answer, correct a call the API refused for its format
(400/422, up to `max_retries` times per step), ask the operator (`ask_operator`: the plan pauses in
`executing` with `blocking_prompt`, and `plan_answer` resumes it) or stop the plan (`stop_plan`).

Every call goes through the step guard (`step_guard.judge`) first: lookups pass, a write passes only
when it is the next confirmed write with the confirmed values (a format fix passes, a change of
meaning does not), and a refusal goes back to the model with its reason. The bookkeeping is the
deterministic executor's: the lease, the prior state recorded before each reversible write, the
idempotency key `{plan_id}:{step}` (`:{n}` from the n-th attempt on), error classification,
rollback and reports. When the turns run out, the plan fails and what was done is rolled back. When
the model cannot be reached, the rest of the plan runs deterministically.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field

from concierge.adapters.llm import ChatModel, ChatResult, LLMUnavailable, ToolCall
from concierge.adapters.tracing import Span
from concierge.domain.plans import ActionResult, AtomicAction, BlockingQuestion, Choice, ExecutionPlan, PlannedAction
from concierge.masking import mask
from concierge.plans.canonical_values import Reading
from concierge.plans.blocking import numbered
from concierge.plans.executor import Executor
from concierge.plans.step_expectations import step_key
from concierge.plans.step_questions import other_times, planned_question
from concierge.plans.react_tools import ASK_OPERATOR, STOP_PLAN, execution_tools, goal, system_prompt
from concierge.plans.registry import ActionRegistry
from concierge.plans.step_guard import Options, Verdict, confirmed_parameters, judge, may_ask
from concierge.speech.plan_prompts import prompt_words

log = logging.getLogger("concierge.plans")

DEFAULT_MAX_TURNS = 12
DEFAULT_MAX_RETRIES = 2
NUDGE = f"Call a tool: a lookup, the next confirmed write, {ASK_OPERATOR} or {STOP_PLAN}."


@dataclass
class _Run:
    """One delivery's loop: its counters, for the trace and the retry bound."""

    plan_id: str
    reading: Reading
    read_only: set[str]
    token: str | None
    attempts: dict[int, int] = field(default_factory=dict)  # failed attempts per step
    model_calls: int = 0
    tokens: int = 0

    def counted(self, result: ChatResult) -> ChatResult:
        self.model_calls += 1
        self.tokens += (result.usage.total_tokens or 0) if result.usage else 0
        return result


@dataclass
class ReactExecutor(Executor):
    model: ChatModel | None = None
    max_turns: int = DEFAULT_MAX_TURNS
    max_retries: int = DEFAULT_MAX_RETRIES

    def execute(self, plan_id: str, token: str | None) -> str:
        plan = self.take(plan_id, self._claim)
        if isinstance(plan, str):
            return plan
        registry = self.registry()
        run = _Run(plan_id, self.reading_of(plan.venue_id), set(self.read_only()), token)
        with self._execution_span(plan, executor="react", max_turns=self.max_turns) as span:
            outcome = self._loop(plan, registry, run, span)
            span.set(outcome=outcome, model_calls=run.model_calls, total_tokens=run.tokens)
        return outcome

    def _loop(self, plan: ExecutionPlan, registry: ActionRegistry, run: _Run, span: Span) -> str:
        assert self.model is not None, "a ReactExecutor needs a model"
        messages = [
            {"role": "system", "content": system_prompt(plan, run.reading)},
            {"role": "user", "content": goal(plan, run.read_only)},
        ]
        tools = execution_tools(registry, run.read_only)
        for turn in range(1, self.max_turns + 1):
            if self._writes_done(plan, run):
                return self._completed(plan.plan_id)
            waiting = self._planned_question(plan, run)
            if waiting is not None:  # the planner left this value to the operator: ask before going on
                return waiting
            plan = self._keep_lease(plan)
            with self.tracer.span("reason", trace_id=plan.plan_id, plan_id=plan.plan_id, turn=turn) as reason:
                try:
                    result = run.counted(self.model.complete(messages, tools=tools, tool_choice="auto"))
                except LLMUnavailable as exc:
                    log.warning("the executing model is unavailable (%s); the plan runs deterministically", exc)
                    reason.set(error=str(exc))
                    span.set(fallback="deterministic")
                    return self._run_steps(self._current(plan.plan_id), registry, run.token, span)
                reason.set(tool_calls=[c.name for c in result.tool_calls], content=result.content)
            messages.append(result.assistant_message())
            if not result.tool_calls:
                messages.append({"role": "user", "content": NUDGE})
                continue
            for call in result.tool_calls:
                observation, outcome = self._act(call, registry, run)
                messages.append({"role": "tool", "tool_call_id": call.id, "content": observation})
                if outcome is not None:
                    return outcome
                plan = self._current(plan.plan_id)
                if self._writes_done(plan, run):
                    return self._completed(plan.plan_id)
        plan = self._current(plan.plan_id)
        if self._writes_done(plan, run):
            return self._completed(plan.plan_id)
        return self._stop(plan, self._words(plan).out_of_turns.format(turns=self.max_turns), run.token)

    def _planned_question(self, plan: ExecutionPlan, run: _Run) -> str | None:
        """Pause ("paused") when the next write carries the planner's {"ask": ...} marker, as without a model."""
        step = next((s for s in plan.actions if not s.executed and s.action_id not in run.read_only), None)
        if step is None:
            return None
        asked = planned_question(step)
        if asked is None:
            return None
        return self.ask(plan, step, *asked, run.token)

    def _keep_lease(self, plan: ExecutionPlan) -> ExecutionPlan:
        """Hold the plan through slow model turns: renew the lease once half of it is spent."""
        now = self.clock()
        if plan.lease_until is not None and plan.lease_until - now > self.lease / 2:
            return plan
        return self.store.update_plan(plan.plan_id, lambda p: p.model_copy(update={"lease_until": now + self.lease}))

    def _current(self, plan_id: str) -> ExecutionPlan:
        plan = self.store.get_plan(plan_id)
        if plan is None:  # the plan is claimed: only a retention sweep could have removed it
            raise LookupError(f"plan {plan_id} vanished during its execution")
        return plan

    def _writes_done(self, plan: ExecutionPlan, run: _Run) -> bool:
        return all(s.executed for s in plan.actions if s.action_id not in run.read_only)

    def _completed(self, plan_id: str) -> str:
        self._complete(plan_id)
        return "completed"

    # --- one tool call ------------------------------------------------------------------------------
    def _act(self, call: ToolCall, registry: ActionRegistry, run: _Run) -> tuple[str, str | None]:
        """What the model observes after this call, and the delivery's outcome when the call ends it."""
        if call.arguments is None:
            return f"Error: {call.error}. Call {call.name} again with a JSON object as arguments.", None
        plan = self._current(run.plan_id)
        if call.name == ASK_OPERATOR:
            return self._ask(plan, call.arguments, registry, run)
        if call.name == STOP_PLAN:
            reason = str(call.arguments.get("reason") or "").strip() or "no reason given"
            with self.tracer.span("stop", trace_id=plan.plan_id, plan_id=plan.plan_id, reason=reason):
                pass
            return "", self._stop(plan, self._words(plan).stopped.format(reason=reason), run.token)
        verdict = judge(call.name, call.arguments, plan.actions, registry, run.read_only, run.reading)
        with self.tracer.span(
            "guard",
            trace_id=plan.plan_id,
            plan_id=plan.plan_id,
            action_id=call.name,
            proposed=call.arguments,
            allowed=verdict.allowed,
            reason=verdict.reason,
            step=verdict.step,
        ):
            pass
        action = registry.get(call.name)
        if not verdict.allowed or action is None:
            return f"Refused by the guard: {verdict.reason}.", None
        if verdict.read_only:
            return self._look_up(plan, action, call.arguments, verdict, run), None
        return self._write(plan, action, call.arguments, verdict, run)

    def _look_up(self, plan: ExecutionPlan, action: AtomicAction, arguments: dict, verdict: Verdict, run: _Run) -> str:
        result = self._traced_call(plan, action, arguments, verdict.step, run.token, key=None)
        if verdict.step is not None and result.success:  # it carries out a confirmed lookup step
            self._record(plan.plan_id, verdict.step, result=result)
        return _observed(result)

    def _write(
        self, plan: ExecutionPlan, action: AtomicAction, arguments: dict, verdict: Verdict, run: _Run
    ) -> tuple[str, str | None]:
        assert verdict.step is not None
        step = _step(plan, verdict.step)
        registry = self.registry()
        if plan.pending_step != step.step_number and run.attempts.get(step.step_number, 0) == 0:
            changed = self._changed_since_planned(plan, step, action, arguments, registry, run.token)
            if changed is not None:  # moved or cancelled by someone else since the plan was made
                return "", changed
        failed = self._record_compensation(plan, step, action, arguments, registry, run.token)
        if failed is not None:
            return "", failed
        attempt = run.attempts.get(step.step_number, 0) + 1
        key = step_key(plan, step) + (f":{attempt}" if attempt > 1 else "")
        self._record(plan.plan_id, step.step_number, pending=True)
        result = self._traced_call(plan, action, arguments, step.step_number, run.token, key=key, attempt=attempt)
        if result.success:
            self._record(plan.plan_id, step.step_number, result=result)
            return _observed(result), None
        alternatives = other_times(step, arguments, result, self.locale_of(plan.venue_id))
        if alternatives is not None:  # the confirmed time is taken: the operator picks a free one nearby
            return "", self.ask(plan, step, *alternatives, run.token)
        if result.error_type == "bad_request" and attempt <= self.max_retries:
            run.attempts[step.step_number] = attempt
            self._record(plan.plan_id, step.step_number)  # the call is answered: nothing pending
            left = self.max_retries - attempt + 1
            return (
                f"{_observed(result)}\nThe API refused the call's parameters. Correct their format and call "
                f"{action.action_id} again ({left} attempt{'s' if left > 1 else ''} left), or ask the operator."
            ), None
        return "", self._fail(plan, step, action.name, result, run.token, sent=arguments)

    def _traced_call(
        self,
        plan: ExecutionPlan,
        action: AtomicAction,
        arguments: dict,
        step: int | None,
        token: str | None,
        key: str | None,
        attempt: int = 1,
    ) -> ActionResult:
        with self.tracer.span(
            f"tool_call:{action.action_id}",
            trace_id=plan.plan_id,
            plan_id=plan.plan_id,
            action_id=action.action_id,
            step=step,
            attempt=attempt,
            idempotency_key=key,
            safety_tier=str(action.safety_tier),
            reversible=action.reversible,
            parameters=arguments,
        ) as span:
            result = self.actions.call(action, arguments, token, idempotency_key=key)
            span.set(
                success=result.success,
                error_type=result.error_type,
                output=mask(result.response_data) if result.response_data else None,
            )
        return result

    def _ask(self, plan: ExecutionPlan, arguments: dict, registry: ActionRegistry, run: _Run) -> tuple[str, str | None]:
        """Pause the plan with the model's question, when it is about a gap in a confirmed value."""
        number, name = arguments.get("step"), str(arguments.get("parameter") or "")
        question = str(arguments.get("question") or "").strip()
        step = next((s for s in plan.actions if s.step_number == number), None)
        action = registry.get(step.action_id) if step else None
        if step is None or action is None:
            problem: str | None = f"there is no step {number!r} in the confirmed plan"
        elif not question:
            problem = "the question is empty"
        else:
            problem = may_ask(action, step, name, plan.actions, run.reading)
        with self.tracer.span(
            "ask_operator",
            trace_id=plan.plan_id,
            plan_id=plan.plan_id,
            step=number,
            parameter=name,
            question=question,
            allowed=problem is None,
            reason=problem,
        ):
            pass
        if problem is not None or step is None:
            return f"Refused by the guard: {problem}.", None
        value = confirmed_parameters(step, plan.actions)[name]
        if isinstance(value, Options):  # the operator picks one of the values the lookup found
            words = prompt_words(self.locale_of(plan.venue_id))
            choices = [Choice(label=_label(record, found), values={name: found}) for found, record in value.found]
            choices = list({c.values[name]: c for c in choices}.values())
            prompt = f"{question} {numbered(choices, words)}"
            asked = BlockingQuestion(step_number=step.step_number, kind="choice", parameter=name, options=choices)
        else:  # a value that reads two ways: the answer is the value
            prompt = question
            asked = BlockingQuestion(step_number=step.step_number, kind="value", parameter=name)
        return "", self.ask(plan, step, prompt, asked, run.token)

    def _stop(self, plan: ExecutionPlan, reason: str, token: str | None) -> str:
        """Fail the plan at its next unfinished write with `reason`; what was done is rolled back."""
        step = next(
            (s for s in plan.actions if not s.executed and s.action_id not in self.read_only()), plan.actions[-1]
        )
        result = ActionResult(success=False, error_type="bad_request", error_message=reason)
        return self._fail(plan, step, step.action_id, result, token, reason=reason)


def _label(record: dict, value: object) -> str:
    """How the operator recognises a found booking among others."""
    for key in ("display_label", "guest_name", "name"):
        if isinstance(record.get(key), str) and record[key].strip():
            when = " ".join(str(record[k]) for k in ("day", "time") if record.get(k))
            return f"{record[key]} ({when})" if when and key != "display_label" else str(record[key])
    return str(value)


def _step(plan: ExecutionPlan, number: int) -> PlannedAction:
    return next(s for s in plan.actions if s.step_number == number)


def _observed(result: ActionResult) -> str:
    return json.dumps(result.model_dump(exclude_none=True), ensure_ascii=False, default=str)
