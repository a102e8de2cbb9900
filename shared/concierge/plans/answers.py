"""What an answer to a paused plan's blocking prompt does to the plan (the work of `plan_answer`).

The question is the one recorded with the prompt (`waiting_question`), and the answer is read against
the asked step as the asked parameter's type (`read`, through `blocking.read_answer`). `answered` is
the store update that applies the reading, only to a plan still waiting for that prompt: a resume puts
the values in the asked step (a step given new values gets a new attempt, hence a new idempotency key)
and clears the prompt, a stop or a change of scope fails the plan.
"""

from __future__ import annotations

import datetime as dt
from typing import Callable

from concierge.domain.plan_states import IllegalMove, move
from concierge.domain.plans import BlockingQuestion, ExecutionPlan
from concierge.plans.blocking import Reading, ask_marker, read_answer
from concierge.plans.registry import ActionRegistry
from concierge.speech.plan_prompts import PromptWords


def waiting_question(plan: ExecutionPlan) -> BlockingQuestion | None:
    """The question the plan's blocking prompt asks, or None when it holds none."""
    return plan.question or _marker_question(plan)


def _marker_question(plan: ExecutionPlan) -> BlockingQuestion | None:
    """The question of a plan paused on an {"ask": ...} marker before questions were recorded with the prompt."""
    for step in plan.actions:
        for name, value in step.parameters.items():
            if ask_marker(value):
                return BlockingQuestion(step_number=step.step_number, kind="value", parameter=name)
    return None


def read(
    plan: ExecutionPlan,
    question: BlockingQuestion,
    message: str,
    registry: ActionRegistry,
    locale: str,
    today: dt.date,
) -> Reading:
    """What the operator's `message` means for `question`, read against the asked step."""
    step = next(s for s in plan.actions if s.step_number == question.step_number)
    return read_answer(
        question,
        message,
        step.parameters,
        _parameter_type(registry, step.action_id, question.parameter),
        locale,
        today,
    )


def _parameter_type(registry: ActionRegistry, action_id: str, parameter: str | None) -> str | None:
    action = registry.get(action_id)
    return next((p.type for p in action.parameters if p.name == parameter), None) if action else None


def answered(
    p: ExecutionPlan,
    asked: str,
    question: BlockingQuestion,
    reading: Reading,
    said: PromptWords,
    clock: Callable[[], dt.datetime],
) -> ExecutionPlan:
    """The plan `p` with `reading` applied; IllegalMove when it no longer waits for the prompt `asked`."""
    if p.status != "executing" or p.blocking_prompt != asked:
        raise IllegalMove("the plan is not waiting for this answer")
    if reading.outcome != "resume":
        reason = said.scope_changed if reading.outcome == "scope_changed" else said.stopped
        return move(p, "failed", clock(), failure_reason=reason.format(number=question.step_number))
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
    # An expired lease: if the queue loses the task that resumes the plan, the cleanup sweep resumes it.
    return p.model_copy(update={"actions": steps, "blocking_prompt": None, "question": None, "lease_until": clock()})
