"""What the plan functions take and how they refuse, without a word of HTTP.

Each function takes one typed request (and the caller's token, opaque). A refusal names its
`reason`; `http/` alone turns reasons into statuses. `DeliverAgain` asks the queue to deliver an
execution task later (it came before the confirmation it follows was stored).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from concierge.domain.plans import ServiceError, ServiceErrorType

RefusalReason = Literal["invalid_input", "auth_required", "not_owner", "no_such_plan", "wrong_state", "unavailable"]

# The contract's error_type for each reason.
ERROR_TYPES: dict[RefusalReason, ServiceErrorType] = {
    "invalid_input": "invalid_input",
    "auth_required": "auth_required",
    "not_owner": "auth_required",
    "no_such_plan": "invalid_input",
    "wrong_state": "invalid_input",
    "unavailable": "service_unavailable",
}


class PlanRefusal(Exception):
    def __init__(self, reason: RefusalReason, message: str) -> None:
        super().__init__(message)
        self.reason: RefusalReason = reason
        self.message = message[:500]

    def body(self) -> dict:
        return ServiceError(error_type=ERROR_TYPES[self.reason], message=self.message).model_dump()


class DeliverAgain(Exception):
    """The task cannot run yet; the queue should deliver it again. `outcome` says why."""

    def __init__(self, outcome: str) -> None:
        super().__init__(outcome)
        self.outcome = outcome


class NewRequest(BaseModel):
    session_id: str
    user_id: str | None = None  # optional: the owner is the authenticated operator
    venue_id: str
    message: str


class PlanRef(BaseModel):
    plan_id: str
    user_id: str | None = None


class Answer(PlanRef):
    user_message: str


class TaskBody(BaseModel):
    plan_id: str
    token: str | None = None


class NoBody(BaseModel):
    """The scheduled functions take no fields (whatever is sent is ignored)."""
