"""What undoes a write: worked out before the write goes out (`prepare_compensation`), run when the write
must be undone (`compensate`, by a failed plan's rollback and by an operator's undo).

The compensation call is recorded in the step before the step's own call, with the prior state it
needs (read through the action's `prior_operation_id`), so a delivery that crashes after the write
still knows how to undo it. Running it fills its parameters from the write's own parameters
(`params`), the prior state (`prior`) and the write's answer (`result`), and carries the idempotency
key `{plan_id}:undo:{step}`.
"""

from __future__ import annotations

from concierge.adapters.actions import ActionClient
from concierge.adapters.tracing import Tracer
from concierge.domain.plans import ActionResult, AtomicAction, ExecutionPlan, PlannedAction
from concierge.plans.registry import ActionRegistry
from concierge.plans.templates import UnresolvedPlaceholder, fill
from concierge.speech.plan_outcomes import StepWords


def prepare_compensation(
    actions: ActionClient,
    action: AtomicAction,
    parameters: dict,
    registry: ActionRegistry,
    token: str | None,
    words: StepWords,
) -> dict | ActionResult:
    """The compensation call to record before `action` runs with `parameters`, or the failed read of the prior
    state."""
    spec = action.compensation
    prior: dict = {}
    if spec and spec.prior_operation_id:
        reader = registry.get(spec.prior_operation_id)
        read = (
            actions.call(reader, fill(spec.prior_parameters, {"params": parameters}), token)
            if reader
            else ActionResult(success=False, error_type="bad_request", error_message=words.prior_read_missing)
        )
        if not read.success:
            return read
        prior = read.response_data or {}
    return {
        "action_id": action.compensation_action_id,
        "parameters": spec.parameters if spec else {},
        "params": parameters,
        "prior": prior,
    }


def compensate(
    actions: ActionClient,
    tracer: Tracer,
    plan: ExecutionPlan,
    step: PlannedAction,
    registry: ActionRegistry,
    token: str | None,
    words: StepWords,
) -> str | None:
    """Run the step's recorded compensation: None when it worked, else why not."""
    call = step.compensation_call or {}
    action = registry.get(call.get("action_id") or "")
    if action is None:
        return words.compensation_missing
    try:
        result_data = (step.result.response_data if step.result else {}) or {}
        parameters = fill(
            call.get("parameters", {}),
            {"params": call.get("params", {}), "prior": call.get("prior", {}), "result": result_data},
        )
    except UnresolvedPlaceholder as missing:
        return words.undo_value_missing.format(missing=missing)
    # An empty prior value (no notes) is restored as "", because null means "leave unchanged".
    text = {p.name for p in action.parameters if p.type == "string"}
    parameters = {k: ("" if v is None and k in text else v) for k, v in parameters.items()}
    with tracer.span(
        f"compensation:{action.action_id}",
        trace_id=plan.plan_id,
        plan_id=plan.plan_id,
        action_id=action.action_id,
        compensates=step.action_id,
        step=step.step_number,
    ) as span:
        result = actions.call(action, parameters, token, idempotency_key=f"{plan.plan_id}:undo:{step.step_number}")
        span.set(success=result.success, error_type=result.error_type)
    return None if result.success else (result.error_message or result.error_type or "failed")
