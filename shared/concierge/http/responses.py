"""Flask responses shared by the deployed functions and the local server: JSON answers, the body read
within its limit, a tool's answer, refusals in the tools' and the plan contract's shapes, a plan
function's response, and the chat widget's CORS headers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import Request, Response

from concierge.adapters.tracing import Tracer, new_trace_id
from concierge.settings import Access
from concierge.http.auth import has_api_key
from concierge.http.envelopes import answer, refused
from concierge.http.json_bytes import json_bytes
from concierge.http.limits import MAX_BODY_BYTES, BadInput, check_headers, parse_json, too_large
from concierge.http.operators import OperatorGate, OperatorUnauthorized
from concierge.tools.context import ToolContext

if TYPE_CHECKING:
    from concierge.plans.service import PlanService

_NOOP = Tracer()


def json_response(body: dict, status: int = 200) -> Response:
    return Response(json_bytes(body), status=status, mimetype="application/json")


def read_body(req: Request) -> bytes:
    """The raw body, at most MAX_BODY_BYTES of it read (a longer one is refused, not read)."""
    if req.content_length is not None and req.content_length > MAX_BODY_BYTES:
        raise too_large()
    raw = req.stream.read(MAX_BODY_BYTES + 1)
    if len(raw) > MAX_BODY_BYTES:
        raise too_large()
    return raw


def respond_tool(ctx: ToolContext, name: str, req: Request, access: Access) -> Response:
    try:
        raw = read_body(req)
    except BadInput as bad:
        result = refused(bad)
    else:
        result = answer(ctx, name, raw, req.headers, access)
    return json_response(result.body, result.status)


def tool_error(status: int, code: str, message: str) -> Response:
    return json_response({"ok": False, "error_code": code, "message": message}, status)


_HTTP_CODES = {404: "NOT_FOUND", 405: "METHOD_NOT_ALLOWED", 413: "PAYLOAD_TOO_LARGE"}
UNEXPECTED = "Unexpected error; it has been logged. Please try again."


def error_response(path: str, status: int, message: str) -> Response:
    """Every refusal outside a function's own answers as JSON: the plan contract's shape under the plan
    functions, the tools' shape everywhere else."""
    from concierge.plans.functions import PLAN_FUNCTIONS

    if path.rstrip("/").rsplit("/", 1)[-1] in PLAN_FUNCTIONS:
        return plan_refusal(status, "service_unavailable" if status >= 500 else "invalid_input", message)
    return tool_error(
        status, _HTTP_CODES.get(status, "INTERNAL_ERROR" if status >= 500 else "VALIDATION_ERROR"), message
    )


ACTION_TOKEN_HEADER = "X-Action-Token"  # the operator's own token for plan_request's lookups; never queued


def plan_refusal(status: int, error_type: str, message: str) -> Response:
    return json_response({"error_type": error_type, "message": message}, status)


def plan_response(
    plans: PlanService, name: str, req: Request, operators: OperatorGate | None, service_key: str | None = None
) -> Response:
    """One plan function: credentials first (the operator's, or the service key for internal routes), then the body."""
    from concierge.http.plans import call_plan_function
    from concierge.plans.functions import OPERATOR_FUNCTIONS

    operator = None
    token = None
    if name in OPERATOR_FUNCTIONS:
        if operators is None:
            return plan_refusal(401, "auth_required", "Operator sign-in is not configured on this server.")
        try:
            operator = operators.authenticate(req.headers)
        except OperatorUnauthorized as refusal:
            return json_response(refusal.body, refusal.status)
        token = (req.headers.get(ACTION_TOKEN_HEADER) or "").strip() or None
    elif service_key is not None and not has_api_key(req.headers, service_key):
        return plan_refusal(401, "auth_required", "This route is for the service's queue and scheduler.")
    try:
        check_headers(req.headers)
        body = parse_json(read_body(req))
    except BadInput as bad:
        return plan_refusal(bad.status, "invalid_input", bad.message)
    if name == "plan_request":  # the service opens the plan's trace once the plan id exists
        status, answer_body = call_plan_function(plans, name, body, token, operator)
        return json_response(answer_body, status)
    tracer = getattr(plans, "tracer", None) or _NOOP
    fields = body if isinstance(body, dict) else {}
    plan_id = fields.get("plan_id") if isinstance(fields.get("plan_id"), str) and fields.get("plan_id") else None
    with tracer.span(
        f"plan:{name}",
        trace_id=plan_id or new_trace_id(),
        function=name,
        plan_id=plan_id,
        user_id=operator.operator_id if operator else None,
    ) as span:
        status, answer_body = call_plan_function(plans, name, body, token, operator)
        span.set(
            http_status=status,
            error_type=answer_body.get("error_type"),
            outcome=answer_body.get("outcome"),
            plan_status=answer_body.get("status"),
        )
    return json_response(answer_body, status)


# The chat page loads only its own files and calls only its own server.
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def with_cors(name: str, req: Request, response: Response) -> Response:
    """The answer to the chat widget in a browser may be read by the page that called (http.browser_access)."""
    from concierge.http.browser_access import browser_origin, cors_headers

    origin = browser_origin(name, req.headers)
    if origin is not None:
        response.headers.update(cors_headers(origin))
    return response


def preflight_response(name: str, req: Request) -> Response:
    from concierge.http.browser_access import browser_origin, preflight_headers

    origin = browser_origin(name, req.headers)
    if origin is None:
        return error_response(req.path, 405, "This route does not take that method; the functions take POST.")
    return Response(status=204, headers=preflight_headers(origin))
