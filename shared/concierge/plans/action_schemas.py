"""What the model sees while planning: every registered action as a function, plus submit_plan and
ask_clarification, with JSON schemas built from the actions' parameters.
"""

from __future__ import annotations

from typing import Any, Collection

from concierge.domain.plans import ActionParameter, AtomicAction
from concierge.plans.proposal_validation import DATE_PATTERN, TIME_PATTERN
from concierge.plans.registry import ActionRegistry

SUBMIT_PLAN = "submit_plan"
ASK_CLARIFICATION = "ask_clarification"


def parameter_schema(parameter: ActionParameter) -> dict:
    """JSON schema of one parameter. Dates use a pattern, not format "date": Gemini rejects that format."""
    description = parameter.description
    schema: dict[str, Any]
    if parameter.type in ("number", "boolean"):
        schema = {"type": parameter.type}
    elif parameter.type == "date":
        schema, description = {"type": "string", "pattern": DATE_PATTERN}, f"{description} (YYYY-MM-DD)"
    elif parameter.type == "time":
        schema, description = {"type": "string", "pattern": TIME_PATTERN}, f"{description} (HH:MM, 24h)"
    elif parameter.type == "datetime":
        schema = {"type": "string", "format": "date-time"}
    elif parameter.type == "enum" and parameter.enum_values:
        schema = {"type": "string", "enum": list(parameter.enum_values)}
    else:
        schema = {"type": "string"}
    if parameter.default is not None:
        description = f"{description} Default: {parameter.default}."
    return {**schema, "description": description}


def action_schema(action: AtomicAction) -> dict:
    """The JSON schema of an action's parameters, as a function's `parameters`."""
    return {
        "type": "object",
        "properties": {p.name: parameter_schema(p) for p in action.parameters},
        "required": [p.name for p in action.parameters if p.required],
    }


def action_tool(action: AtomicAction, read_only: bool) -> dict:
    how = (
        "Read-only: call it directly to look things up."
        if read_only
        else f"Changes data: never call it directly, put it in a step of {SUBMIT_PLAN}."
    )
    returns = f" Returns: {', '.join(action.response_fields)}." if action.response_fields else ""
    return {
        "type": "function",
        "function": {
            "name": action.action_id,
            "description": f"{action.description} {how}{returns}",
            "parameters": action_schema(action),
        },
    }


def examples_section(registry: ActionRegistry) -> str:
    """The overlay's examples of each action, as few-shot context for the model ('' when none has any)."""
    lines = [f'- {a.action_id}: "{example}"' for a in registry.actions() for example in a.examples]
    if not lines:
        return ""
    return "Examples of requests and the action that serves each (from the venue's action overlay):\n" + "\n".join(
        lines
    )


def planning_tools(registry: ActionRegistry, read_only_actions: Collection[str]) -> list[dict]:
    actions = registry.actions()
    return [action_tool(a, a.action_id in read_only_actions) for a in actions] + [
        _submit_plan_tool(actions),
        _ask_clarification_tool(),
    ]


def _submit_plan_tool(actions: list[AtomicAction]) -> dict:
    """`parameters` lists every parameter name of every action so strict providers see a concrete object.

    A name declared with different schemas by different actions becomes a plain string.
    """
    union: dict[str, dict] = {}
    for action in actions:
        for parameter in action.parameters:
            schema = parameter_schema(parameter)
            if parameter.name in union and union[parameter.name] != schema:
                schema = {"type": "string", "description": parameter.name}
            union[parameter.name] = schema
    step = {
        "type": "object",
        "required": ["action_id", "parameters"],
        "properties": {
            "action_id": {"type": "string", "description": "The action to run, e.g. modify_booking."},
            "parameters": {
                "type": "object",
                "properties": union,
                "description": "The action's parameters by name; a value an earlier step produces is "
                "written {{step_N.field}}.",
            },
        },
    }
    return {
        "type": "function",
        "function": {
            "name": SUBMIT_PLAN,
            "description": "Submit the plan the person will confirm before anything runs.",
            "parameters": {
                "type": "object",
                "required": ["intent_summary", "steps"],
                "properties": {
                    "intent_summary": {"type": "string", "description": "One short sentence in the venue's language."},
                    "steps": {"type": "array", "items": step, "description": "The steps, in order (step 1 first)."},
                },
            },
        },
    }


def _ask_clarification_tool() -> dict:
    return {
        "type": "function",
        "function": {
            "name": ASK_CLARIFICATION,
            "description": "Ask the person ONE short question, in the venue's language, when the plan needs it.",
            "parameters": {"type": "object", "required": ["question"], "properties": {"question": {"type": "string"}}},
        },
    }
