"""Whether a proposed plan can be shown for confirmation: checked against the action registry, no I/O.

Every planner's proposal goes through `validate_proposal`; the LLM planner also sends the problems
back to the model so it can correct itself.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Callable, Collection, Iterator

from concierge.domain.plans import ActionParameter, AtomicAction, PlanProposal, PlanStep
from concierge.plans.blocking import ask_marker
from concierge.plans.registry import ActionRegistry
from concierge.plans.templates import strings

MAX_INTENT_SUMMARY = 200  # ExecutionPlan.intent_summary's limit
MAX_QUESTION = 300  # an asked value's question, shown as the plan's blocking_prompt
DATE_PATTERN = r"^\d{4}-\d{2}-\d{2}$"
TIME_PATTERN = r"^([01]\d|2[0-3]):[0-5]\d$"
PLACEHOLDER = re.compile(r"\{\{(.*?)\}\}")
PLACEHOLDER_BODY = re.compile(r"^\s*step_(\d+)\.([A-Za-z_]\w*)\s*$")


def validate_proposal(
    proposal: PlanProposal, registry: ActionRegistry, read_only_actions: Collection[str] = ()
) -> list[str]:
    """What is wrong with the proposal against the registry: [] when it can be shown for confirmation.

    Checks: at least one step; a short intent summary; every action registered; required
    parameters present and no unknown ones; formats (YYYY-MM-DD, HH:MM, numbers, enums);
    {{step_N.field}} placeholders only to earlier steps and to fields those actions return.
    With `read_only_actions`, a plan that only reads is refused: there is nothing to confirm.
    """
    problems = []
    if not proposal.intent_summary.strip():
        problems.append("the intent_summary is empty")
    elif len(proposal.intent_summary) > MAX_INTENT_SUMMARY:
        problems.append(f"the intent_summary is longer than {MAX_INTENT_SUMMARY} characters")
    if not proposal.steps:
        problems.append("the plan has no steps")
    for number, step in enumerate(proposal.steps, start=1):
        action = registry.get(step.action_id)
        if action is None:
            known = ", ".join(a.action_id for a in registry.actions())
            problems.append(f"step {number}: there is no action {step.action_id!r} (actions: {known})")
            continue
        problems += [
            f"step {number}: {p}"
            for p in parameter_problems(action, step.parameters, proposal.steps[: number - 1], registry)
        ]
    if read_only_actions and proposal.steps and all(s.action_id in read_only_actions for s in proposal.steps):
        problems.append("the plan only reads data: call read-only actions directly, and plan only changes")
    return problems


def parameter_problems(
    action: AtomicAction, parameters: dict, earlier: list[PlanStep], registry: ActionRegistry
) -> list[str]:
    """The problems of one call's parameters; `earlier` are the steps its placeholders may refer to."""
    declared = {p.name: p for p in action.parameters}
    problems = [
        f"{action.action_id} has no parameter {name!r} (its parameters: {', '.join(declared) or 'none'})"
        for name in parameters
        if name not in declared
    ]
    problems += [
        f"missing required parameter {p.name!r} of {action.action_id}"
        for p in action.parameters
        if p.required and p.default is None and parameters.get(p.name) is None
    ]
    for name, value in parameters.items():
        if name not in declared or value is None:
            continue
        if isinstance(value, dict) and "ask" in value:
            problem = _ask_problem(name, value)
            if problem:
                problems.append(f"{name}: {problem}")
            continue
        placeholders = list(_placeholders(value))
        if placeholders:
            problems += [
                f"{name}: {p}" for p in (_placeholder_problem(text, earlier, registry) for text in placeholders) if p
            ]
        else:
            problem = _format_problem(declared[name], value)
            if problem:
                problems.append(f"{name}: {problem}")
    return problems


def _ask_problem(name: str, value: dict) -> str | None:
    """An {"ask": "question"} marker: the value is asked of the operator when the step runs.

    The booking or venue a step acts on is never asked at execution time: the plan confirmed names it."""
    question = ask_marker(value)
    if question is None or not question.strip():
        return 'an asked value is {"ask": "the question"}, with a question and nothing else'
    if name.endswith("_id"):
        return f"{name} names what the step acts on: find it before planning instead of asking it during execution"
    if len(question) > MAX_QUESTION:
        return f"the question is longer than {MAX_QUESTION} characters"
    return None


def _placeholders(value: Any) -> Iterator[str]:
    """The text inside every {{...}}, well-formed or not, so a malformed one can be reported."""
    return (body for text in strings(value) for body in PLACEHOLDER.findall(text))


def _placeholder_problem(text: str, earlier: list[PlanStep], registry: ActionRegistry) -> str | None:
    match = PLACEHOLDER_BODY.match(text)
    if not match:
        return f"{{{{{text}}}}} is not a placeholder of the form {{{{step_N.field}}}}"
    number, field = int(match.group(1)), match.group(2)
    if not 1 <= number <= len(earlier):
        return f"{{{{{text.strip()}}}}} refers to step {number}, which does not come before this step"
    action = registry.get(earlier[number - 1].action_id)
    if action is None:
        return None  # the unknown action is reported on its own step
    if field not in action.response_fields and "results" not in action.response_fields:
        # A lookup's list of matches lends its fields when it matched one booking; several ask which.
        returned = ", ".join(action.response_fields) or "nothing"
        return f"step {number} ({action.action_id}) returns no field {field!r} (it returns: {returned})"
    return None


def _format_problem(parameter: ActionParameter, value: Any) -> str | None:
    kind = parameter.type
    if kind == "number":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return None if ok else f"expected a number, got {value!r}"
    if kind == "boolean":
        return None if isinstance(value, bool) else f"expected true or false, got {value!r}"
    if not isinstance(value, str):
        return f"expected a string, got {value!r}"
    if kind == "date" and not (re.match(DATE_PATTERN, value) and _parses(dt.date.fromisoformat, value)):
        return f"expected a date as YYYY-MM-DD, got {value!r}"
    if kind == "time" and not re.match(TIME_PATTERN, value):
        return f"expected a time as HH:MM (24h), got {value!r}"
    if kind == "datetime" and not _parses(dt.datetime.fromisoformat, value):
        return f"expected an ISO 8601 date-time, got {value!r}"
    if kind == "enum" and parameter.enum_values and value not in parameter.enum_values:
        return f"expected one of {', '.join(parameter.enum_values)}, got {value!r}"
    return None


def _parses(parse: Callable[[str], Any], value: str) -> bool:
    try:
        parse(value)
    except ValueError:
        return False
    return True
