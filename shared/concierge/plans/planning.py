"""The planning contract: what a planner is given and what it answers.

A planner turns the operator's request into a PlanProposal (shown for confirmation, nothing runs
before it is confirmed) or ONE Clarification question. The LLM planner and the rule planner both
follow it; the plan service picks one and falls back to the other.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Callable, Protocol

from concierge.domain.plans import ActionResult, Clarification, PlanProposal
from concierge.plans.registry import ActionRegistry
from concierge.speech.plans import plan_words


@dataclass
class PlanningRequest:
    message: str
    history: list[dict]  # prior turns: {"role": "user" | "assistant", "content": str}
    venue_id: str
    venue_locale: str
    today: dt.date
    registry: ActionRegistry
    lookup: Callable[[str, dict], ActionResult]  # runs a read-only action now
    read_only_actions: set[str]
    clarifications_so_far: int
    max_clarifications: int


class Planner(Protocol):
    def plan(self, request: PlanningRequest) -> PlanProposal | Clarification: ...


REPHRASE = "rephrase"  # the kind of the prompt to rephrase: what is said after it is a new request


def rephrase_clarification(locale: str) -> Clarification:
    """The question asked when no safe plan came out: rephrase more simply, with examples."""
    return Clarification(question=plan_words(locale).rephrase, kind=REPHRASE)
