"""What the executing model sees: its instructions, the confirmed plan as its goal, and its tools.

The tools are the registry's actions (lookups to call freely, writes only as the confirmed steps),
plus `ask_operator` (a gap in a confirmed value: the plan pauses until the operator answers) and
`stop_plan` (the plan cannot be carried out as confirmed: it fails and what was done is undone).
"""

from __future__ import annotations

import json
from typing import Collection

from concierge.domain.plans import ExecutionPlan
from concierge.plans.action_schemas import action_schema
from concierge.plans.canonical_values import Reading
from concierge.plans.registry import ActionRegistry

ASK_OPERATOR = "ask_operator"
STOP_PLAN = "stop_plan"

LANGUAGES = {"it": "Italian", "en": "English", "fr": "French", "pt": "Portuguese"}


def execution_tools(registry: ActionRegistry, read_only: Collection[str]) -> list[dict]:
    tools = []
    for action in registry.actions():
        how = (
            "Read-only: call it whenever it helps."
            if action.action_id in read_only
            else "Changes data: call it only to carry out the next confirmed step, with its confirmed values."
        )
        returns = f" Returns: {', '.join(action.response_fields)}." if action.response_fields else ""
        tools.append(
            {
                "type": "function",
                "function": {
                    "name": action.action_id,
                    "description": f"{action.description} {how}{returns}",
                    "parameters": action_schema(action),
                },
            }
        )
    tools.append(
        _tool(
            ASK_OPERATOR,
            "Ask the operator for a value of a confirmed step that is unclear (a lookup found several "
            "bookings, a time reads two ways). The plan waits for the answer. Never ask to change the plan.",
            {
                "step": {"type": "integer", "description": "The confirmed step's number."},
                "parameter": {"type": "string", "description": "The parameter whose value is unclear."},
                "question": {"type": "string", "description": "One short question, in the venue's language."},
            },
        )
    )
    tools.append(
        _tool(
            STOP_PLAN,
            "Stop: the plan cannot be carried out as confirmed. What was done is undone and the operator told why.",
            {"reason": {"type": "string", "description": "Why, in one sentence the operator reads."}},
        )
    )
    return tools


def _tool(name: str, description: str, properties: dict) -> dict:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {"type": "object", "properties": properties, "required": list(properties)},
        },
    }


def system_prompt(plan: ExecutionPlan, reading: Reading) -> str:
    language = LANGUAGES.get(reading.locale.split("-")[0].split("_")[0].lower(), "English")
    return f"""You carry out a plan that the operator of the venue {plan.venue_id!r} has confirmed. The plan is \
your goal: do its changes (writes), in order, each exactly once, with the confirmed values.

Now is {reading.now:%A %Y-%m-%d %H:%M} at the venue. The venue's language is {language}.

Rules:
- Lookups (read-only actions) are free: use them to find ids and check details.
- Writes only as the next confirmed step, with that step's parameters and values. You may fix a value's \
format (dates YYYY-MM-DD, times HH:MM 24h, numbers as numbers, phone numbers with their +country code), \
never its meaning; never add or leave out a parameter; never add a step.
- A value written {{{{step_N.field}}}} comes from step N's answer: run step N first, then use the field's value.
- A guard checks every write: a refusal says why; correct the call or ask.
- When a write is refused for its format (400/422), correct it and try again.
- When a confirmed value is unclear (a lookup found several bookings, a time reads two ways), call \
{ASK_OPERATOR}. Ask only about the confirmed steps' values.
- When the plan cannot be carried out as confirmed, call {STOP_PLAN}.
- The plan is done when every write step has succeeded."""


def goal(plan: ExecutionPlan, read_only: Collection[str]) -> str:
    """The confirmed plan as the model reads it: each step, whether it is done, and its answer."""
    steps = []
    for step in plan.actions:
        entry: dict = {
            "step": step.step_number,
            "action": step.action_id,
            "kind": "lookup" if step.action_id in read_only else "write",
            "parameters": step.parameters,
            "done": step.executed,
        }
        if step.attempt:
            entry["answered_by_the_operator"] = True  # an answer to a blocking prompt set some of its values
        if step.executed and step.result is not None:
            entry["answer"] = step.result.response_data
        steps.append(entry)
    return json.dumps(
        {"confirmed_plan": plan.intent_summary, "steps": steps}, ensure_ascii=False, default=str, indent=None
    )
