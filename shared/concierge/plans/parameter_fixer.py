"""After a 400, ask the model to correct the FORMAT of an action's parameters (dates, times, numbers, enums).

The fixer only proposes: it never judges whether the corrected call still means the same thing.
The executor decides whether to use the proposal (and usually asks again only once).
"""

from __future__ import annotations

import json

from concierge.adapters.llm import ChatModel, LLMUnavailable
from concierge.domain.plans import AtomicAction
from concierge.plans.action_schemas import action_schema

TOOL_NAME = "corrected_parameters"

SYSTEM = (
    "An API call was rejected with HTTP 400. Correct only the FORMAT of its parameters so the API "
    "accepts them: dates as YYYY-MM-DD, times as HH:MM (24h), numbers as numbers, enum values spelled "
    "exactly as allowed. Never change what a value means, never invent a missing value, never add or "
    f"remove parameters. Answer by calling {TOOL_NAME} with the complete corrected parameters."
)


class ParameterFixer:
    def __init__(self, client: ChatModel) -> None:
        self.client = client

    def fix(self, action: AtomicAction, parameters: dict, error_message: str) -> dict | None:
        """The corrected parameters the model proposes, or None when it proposes nothing usable."""
        tool = {
            "type": "function",
            "function": {
                "name": TOOL_NAME,
                "description": f"The corrected parameters of {action.action_id}.",
                "parameters": action_schema(action),
            },
        }
        request = {
            "action": action.action_id,
            "description": action.description,
            "parameters": parameters,
            "error": error_message,
        }
        messages = [
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": json.dumps(request, ensure_ascii=False, default=str)},
        ]
        try:
            result = self.client.complete(messages, tools=[tool], tool_choice="auto")
        except LLMUnavailable:
            return None
        for call in result.tool_calls:
            if call.name == TOOL_NAME and call.arguments:
                return call.arguments
        return None
