"""The action registry port: what planners may propose and executors may run."""

from __future__ import annotations

from typing import Literal

from concierge.domain.plans import AtomicAction


class ActionRegistry:
    """Registered atomic actions by id. Blocked actions are never registered."""

    def __init__(self, actions: list[AtomicAction], problems: list[str] | None = None) -> None:
        self._actions = {a.action_id: a for a in actions if a.safety_tier != "blocked"}
        self.problems = list(problems or [])  # overlay entries reported and skipped

    def actions(self) -> list[AtomicAction]:
        return list(self._actions.values())

    def get(self, action_id: str) -> AtomicAction | None:
        return self._actions.get(action_id)

    def tier_of(self, action_id: str) -> Literal["normal", "high_risk"]:
        """The safety tier of a registered action, which is never "blocked"; KeyError for any other id."""
        tier = self._actions[action_id].safety_tier
        if tier == "blocked":
            raise KeyError(action_id)
        return tier

    def __contains__(self, action_id: str) -> bool:
        return action_id in self._actions
