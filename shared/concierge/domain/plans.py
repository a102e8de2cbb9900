"""The data shapes of the plan lifecycle, as the data-definitions contract names them."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any, Literal

from pydantic import BaseModel, Field

SafetyTier = Literal["normal", "high_risk", "blocked"]
PlanStatus = Literal["pending_confirmation", "confirmed", "executing", "completed", "failed", "rolled_back"]
ErrorType = Literal["bad_request", "unauthorized", "not_found", "conflict", "rate_limited", "server_error", "timeout"]
ServiceErrorType = Literal["invalid_input", "service_unavailable", "auth_required"]
ParameterType = Literal["string", "number", "boolean", "date", "datetime", "time", "enum"]

TERMINAL: frozenset[str] = frozenset({"completed", "failed", "rolled_back"})


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


class ActionParameter(BaseModel):
    name: str
    type: ParameterType
    required: bool
    description: str = Field(max_length=200)
    enum_values: list[str] | None = None
    default: Any = None
    location: Literal["path", "query", "body"] = "body"  # where the HTTP call puts it


class Compensation(BaseModel):
    """How to undo a completed step (overlay extension).

    `prior` (optional) reads the state before the change: an operation and its parameters.
    `parameters` builds the compensation call. Both are templates over
    {{params.X}} (the step's parameters), {{prior.X}} (the prior read) and {{result.X}} (the step's answer).
    """

    prior_operation_id: str | None = None
    prior_parameters: dict[str, Any] = Field(default_factory=dict)
    parameters: dict[str, Any] = Field(default_factory=dict)


class AtomicAction(BaseModel):
    action_id: str
    name: str = Field(max_length=50)
    description: str = Field(max_length=500)
    parameters: list[ActionParameter]
    safety_tier: SafetyTier
    reversible: bool
    compensation_action_id: str | None = None
    compensation: Compensation | None = None
    examples: list[str] = Field(default_factory=list, max_length=3)
    method: str = "POST"
    path: str
    response_fields: list[str] = Field(default_factory=list, description="Top-level fields of the 2xx response")


class ActionResult(BaseModel):
    success: bool
    response_data: dict[str, Any] | None = None
    error_type: ErrorType | None = None
    error_message: str | None = None
    retry_after_seconds: int | None = None


class PlannedAction(BaseModel):
    step_number: int = Field(ge=1)
    action_id: str
    parameters: dict[str, Any]
    safety_tier: Literal["normal", "high_risk"]
    executed: bool = False
    result: ActionResult | None = None
    # What compensation needs, recorded before the step ran (prior state, resolved parameters).
    compensation_call: dict[str, Any] | None = None
    # The step's write went out and timed out: it may have been applied.
    may_have_applied: bool = False
    # What the plan saw of the step's booking when it was made (day, time, people): a booking that no
    # longer looks like this was changed by someone else meanwhile, and the executor asks before writing.
    expects: dict[str, Any] | None = None
    # How many answers changed this step's parameters: each new attempt gets its own idempotency key.
    attempt: int = 0


class Choice(BaseModel):
    """One answer a blocking question offers: what the operator reads, and the step parameters it sets."""

    label: str
    values: dict[str, Any] = Field(default_factory=dict)


class BlockingQuestion(BaseModel):
    """What a paused plan asks, kept so that plan_answer can read the answer.

    `value`: the answer is the value of the step's `parameter` (the planner's {"ask": ...} marker).
    `choice`: the answer picks one of `options` (two bookings a lookup matched, the nearest free times).
    `confirm`: the step's booking changed since the plan was made (`observed`); yes goes on, no stops.
    """

    step_number: int
    kind: Literal["value", "choice", "confirm"]
    parameter: str | None = None
    options: list[Choice] = Field(default_factory=list)
    observed: dict[str, Any] | None = None


class ReversalFailure(BaseModel):
    step_number: int
    reason: str


class RollbackReport(BaseModel):
    triggered_by_step: int
    actions_reversed: list[int] = Field(default_factory=list)
    actions_failed_to_reverse: list[ReversalFailure] = Field(default_factory=list)
    irreversible_actions_completed: list[int] = Field(default_factory=list)
    manual_recovery_steps: list[str] = Field(default_factory=list)
    # Extension: writes that timed out and may have been applied; each has a manual recovery step.
    actions_possibly_applied: list[int] = Field(default_factory=list)


class ExecutionPlan(BaseModel):
    plan_id: str = Field(default_factory=lambda: str(uuid.uuid4()))
    session_id: str
    user_id: str
    venue_id: str
    intent_summary: str = Field(max_length=200)
    status: PlanStatus = "pending_confirmation"
    actions: list[PlannedAction] = Field(min_length=1)
    created_at: dt.datetime = Field(default_factory=utcnow)
    confirmed_at: dt.datetime | None = None
    completed_at: dt.datetime | None = None
    failure_reason: str | None = None
    rollback_report: RollbackReport | None = None
    blocking_prompt: str | None = None
    presentation: str | None = Field(default=None, description="Ready-to-show plan in the venue's language")
    summary: str | None = Field(default=None, description="What changed, once completed")
    # Bookkeeping of the executor, never shown to callers.
    lease_until: dt.datetime | None = None  # a worker holds the plan until then
    pending_step: int | None = None  # a step whose call went out but whose outcome is not recorded
    question: BlockingQuestion | None = None  # what blocking_prompt asks, while it is set

    def public(self) -> dict:
        """The plan as callers see it: without the executor's bookkeeping."""
        return self.model_dump(
            mode="json",
            exclude={
                "lease_until": True,
                "pending_step": True,
                "question": True,
                "actions": {"__all__": {"compensation_call", "may_have_applied", "expects", "attempt"}},
            },
        )


class ServiceError(BaseModel):
    error_type: ServiceErrorType
    message: str = Field(max_length=500)


class PlanStep(BaseModel):
    """A step as a planner proposes it, before it becomes a PlannedAction."""

    action_id: str
    parameters: dict[str, Any]


class PlanProposal(BaseModel):
    intent_summary: str
    steps: list[PlanStep]


class Clarification(BaseModel):
    """One question for the operator; `kind` and `options` (booking ids offered) let a planner read the answer."""

    question: str
    kind: str | None = None
    options: list[str] = Field(default_factory=list)
