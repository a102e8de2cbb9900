"""What the plan functions take and how they refuse, without a word of HTTP.

Each function takes one typed request (and the caller's token, opaque). A refusal names its
`reason`; `http/` alone turns reasons into statuses. `DeliverAgain` asks the queue to deliver an
execution task later (it came before the confirmation it follows was stored).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from concierge.domain.plans import ServiceError, ServiceErrorType

RefusalReason = Literal[
    "invalid_input",
    "auth_required",
    "not_owner",
    "no_such_plan",
    "wrong_state",
    "booking_changed",
    "expired",
    "unavailable",
]

# The contract's error_type for each reason.
ERROR_TYPES: dict[RefusalReason, ServiceErrorType] = {
    "invalid_input": "invalid_input",
    "auth_required": "auth_required",
    "not_owner": "auth_required",
    "no_such_plan": "invalid_input",
    "wrong_state": "invalid_input",
    "booking_changed": "invalid_input",  # an undo refused: a booking the plan wrote changed since
    "expired": "invalid_input",
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


# Identifiers become store keys: the same patterns as the tools' ids (no "/", "..", "__x__").
SESSION_ID = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$")
VENUE_ID = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
PLAN_ID = Field(pattern=r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
USER_ID = Field(max_length=64)
MAX_MESSAGE = 2000  # an operator's request; the planner's work grows with its length
MAX_ANSWER = 500


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True)  # a number is not an id, true is not a string


class NewRequest(_Strict):
    session_id: Annotated[str, SESSION_ID]
    user_id: Annotated[str | None, USER_ID] = None  # optional: the owner is the authenticated operator
    venue_id: Annotated[str, VENUE_ID]
    message: Annotated[str, Field(min_length=1, max_length=MAX_MESSAGE)]


class PlanRef(_Strict):
    plan_id: Annotated[str, PLAN_ID]
    user_id: Annotated[str | None, USER_ID] = None


class Answer(PlanRef):
    user_message: Annotated[str, Field(min_length=1, max_length=MAX_ANSWER)]


class TaskBody(_Strict):
    plan_id: Annotated[str, PLAN_ID]


class NoBody(BaseModel):
    """The scheduled functions take no fields (whatever is sent is ignored)."""
