"""A plan as the person confirming it reads it, in the venue's language, high-risk steps marked."""

from __future__ import annotations

from concierge.domain.plans import ExecutionPlan
from concierge.plans.blocking import ask_marker
from concierge.plans.registry import ActionRegistry
from concierge.speech.plans import plan_words

HIDDEN = {"restaurant_id"}


def _shown(value: object) -> object:
    """A value as the operator reads it; one asked when the plan runs shows its question."""
    question = ask_marker(value)
    return f"? ({question})" if question else value


def present(plan: ExecutionPlan, registry: ActionRegistry, locale: str) -> str:
    words = plan_words(locale)
    lines = [f"{words.title}: {plan.intent_summary}"]
    for step in plan.actions:
        action = registry.get(step.action_id)
        name = action.name if action else step.action_id
        details = ", ".join(f"{k}: {_shown(v)}" for k, v in step.parameters.items() if k not in HIDDEN)
        line = f"{step.step_number}. {name} ({details})"
        if step.safety_tier == "high_risk":
            line = f"⚠ {line} — {words.high_risk}"
        lines.append(line)
    lines.append(words.confirm)
    return "\n".join(lines)
