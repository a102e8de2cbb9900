"""The plan functions over HTTP: the JSON body becomes the function's typed request, refusals become statuses."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Callable

from pydantic import BaseModel, ValidationError

from concierge.domain.plans import ServiceError
from concierge.plans.requests import (
    Answer,
    DeliverAgain,
    NewRequest,
    NoBody,
    PlanRef,
    PlanRefusal,
    RefusalReason,
    TaskBody,
)

if TYPE_CHECKING:
    from concierge.domain.operators import Operator
    from concierge.plans.service import PlanService

log = logging.getLogger("concierge.plans")

STATUS: dict[RefusalReason, int] = {
    "invalid_input": 400,
    "auth_required": 401,
    "not_owner": 403,
    "no_such_plan": 404,
    "wrong_state": 409,
    "booking_changed": 409,  # undo refused: a booking the plan wrote was changed or cancelled since
    "expired": 410,  # the plan waited too long for its confirmation: make a new request
    "unavailable": 503,
}
DELIVER_AGAIN = 503  # Cloud Tasks retries a task answered with a 5xx


# A plan function as HTTP calls it: (its validated request, the action token) -> the answer's body.
Call = Callable[[Any, "str | None"], dict]


def _functions(plans: PlanService, operator: Operator | None) -> dict[str, tuple[type[BaseModel], Call]]:
    """Each function's request model, and how to call it."""
    return {
        "plan_request": (NewRequest, lambda request, token: plans.plan_request(request, token, operator)),
        "plan_confirm": (PlanRef, lambda request, _token: plans.plan_confirm(request, operator)),
        "plan_status": (PlanRef, lambda request, _token: plans.plan_status(request, operator)),
        "plan_answer": (Answer, lambda request, _token: plans.plan_answer(request, operator)),
        "plan_undo": (PlanRef, lambda request, _token: plans.plan_undo(request, operator)),
        "plan_execute": (TaskBody, lambda task, _token: plans.plan_execute(task)),
        "plan_rollback": (TaskBody, lambda task, _token: plans.plan_rollback(task)),
        "plans_cleanup": (NoBody, lambda _request, _token: plans.plans_cleanup()),
        "registry_refresh": (NoBody, lambda _request, _token: plans.registry_refresh()),
    }


def invalid_input(message: str) -> tuple[int, dict]:
    return STATUS["invalid_input"], ServiceError(error_type="invalid_input", message=message[:500]).model_dump()


def call_plan_function(
    plans: PlanService, name: str, body: object, token: str | None, operator: Operator | None = None
) -> tuple[int, dict]:
    """(HTTP status, body) of the plan function `name` for a parsed JSON body, the action token and, for
    the operator's functions, the operator the request authenticated."""
    model, function = _functions(plans, operator)[name]
    try:
        request = model.model_validate(body if isinstance(body, dict) else {})
    except ValidationError as exc:
        err = exc.errors()[0]
        return invalid_input(f"{'.'.join(map(str, err['loc']))}: {err['msg']}")
    try:
        return 200, function(request, token)
    except PlanRefusal as refusal:
        return STATUS[refusal.reason], refusal.body()
    except DeliverAgain as again:
        return DELIVER_AGAIN, {"outcome": again.outcome}
    except Exception:
        log.exception("plan function %s failed unexpectedly", name)
        return 503, ServiceError(
            error_type="service_unavailable", message="The service could not handle the request; try again."
        ).model_dump()
