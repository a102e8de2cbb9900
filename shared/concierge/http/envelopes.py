"""One tool call in, one answer out, whichever envelope it came in: plain HTTP, Vapi or Retell.

Plain HTTP gets the full payload and a status from the error code. Vapi (`tool-calls`
message) and Retell (custom function `{name, args, call}`, or its "args only" payload: the
arguments at the root of a signed body, the tool named by the path) get HTTP 200 and the reduced
payload: no slots, ranges or raw nearest_slots, only what the agent should say.

Vapi results also carry `error` (one line) when the system failed (a code answered with a 5xx to
plain HTTP: back-end down, misconfiguration, unexpected error), so Vapi plays the tool's failure
message; a business refusal (slot full, outside hours...) stays a spoken message in `result`.

The caller's number the platform sends (Vapi `call.customer.number`, Retell `call.from_number`)
fills the tool's phone field when the arguments have none; a number the caller said wins.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass
from typing import Any, Mapping

from concierge.adapters.tracing import Span, Tracer, new_trace_id
from concierge.bootstrap import Access
from concierge.domain.errors import ToolError, kind_of
from concierge.http.auth import has_api_key, retell_signature_is_valid
from concierge.http.status import status_for
from concierge.idempotency import fingerprint
from concierge.tools import TOOLS, Tool
from concierge.tools.context import ToolContext
from concierge.tools.fields import parse_request

log = logging.getLogger("concierge.http")

HTTP_ONLY_FIELDS = frozenset({"slots", "lunch_range", "dinner_range", "ranges", "nearest_slots", "part_range"})
RETELL_SIGNATURE = "X-Retell-Signature"
SYSTEM_FAILURES = frozenset({"upstream", "unavailable", "internal"})  # the system's failures, not the caller's
_DIALLABLE = re.compile(r"^\+?[0-9][0-9 ().-]{4,30}$")


@dataclass(frozen=True)
class Answer:
    status: int
    body: dict


_NOOP = Tracer()


def _tracer(ctx: ToolContext) -> Tracer:
    return getattr(ctx, "tracer", None) or _NOOP


def _tool_span(ctx: ToolContext, tool: Tool, args: object, envelope: str, **attributes):
    """One trace per tool call: `tool:<name>` with the venue, the (masked when exported) input and output."""
    venue = args.get("restaurant_id") if isinstance(args, dict) else None
    return _tracer(ctx).span(f"tool:{tool.name}", trace_id=new_trace_id(), trace_name=f"tool:{tool.name}",
                             tool=tool.name, venue=venue if isinstance(venue, str) else None, envelope=envelope,
                             writes=tool.writes, input=args, **attributes)


def _finish(span: Span, payload: dict, **attributes) -> None:
    ok = payload.get("ok", True) is not False
    outcome = "ok" if ok else ("error" if span.attributes.get("unexpected") else "refused")
    span.set(output=payload, ok=ok, outcome=outcome, error_code=payload.get("error_code"), **attributes)


def _execute(ctx: ToolContext, tool: Tool, args: object, span: Span | None = None) -> dict:
    try:
        response = tool.handle(ctx, parse_request(tool.request, args))
    except ToolError as refusal:
        return refusal.payload()
    except Exception as exc:
        log.exception("tool %s failed unexpectedly", tool.name)
        if span is not None:
            span.set(unexpected=True, exception=type(exc).__name__)
        return {"ok": False, "error_code": tool.catch_all_code,
                "message": "Unexpected error; it has been logged. Please try again or hand over to staff."}
    payload = response.model_dump(mode="json")
    for key in tool.omit_when_none:
        if payload.get(key) is None:
            payload.pop(key, None)
    return payload


def run_tool(ctx: ToolContext, tool: Tool, args: object, envelope: str = "direct") -> dict:
    """The tool's full payload; refusals and unexpected failures become error payloads. Traced."""
    with _tool_span(ctx, tool, args, envelope) as span:
        payload = _execute(ctx, tool, args, span)
        _finish(span, payload)
    return payload


def run_once(ctx: ToolContext, tool: Tool, args: object, key: str | None, envelope: str = "http") -> dict:
    """run_tool, answered from the idempotency record when a writing call is replayed."""
    if key is None or not tool.writes or ctx.idempotency is None:
        return run_tool(ctx, tool, args, envelope)
    with _tool_span(ctx, tool, args, envelope, idempotency_key=key) as span:
        ran: list[bool] = []

        def fresh() -> dict:
            ran.append(True)
            return _execute(ctx, tool, args, span)

        try:
            payload = ctx.idempotency.run(key, fingerprint(tool.name, args), fresh)
        except ToolError as refusal:
            payload = refusal.payload()
        _finish(span, payload, replayed=not ran)
    return payload


def reduce(payload: dict) -> dict:
    """The agent-facing payload: HTTP-only fields dropped, and "ok" when it is true."""
    return {k: v for k, v in payload.items() if k not in HTTP_ONLY_FIELDS and not (k == "ok" and v is True)}


def _unauthorized() -> Answer:
    return Answer(401, {"ok": False, "error_code": "UNAUTHORIZED", "message": "Missing or wrong credentials."})


def _is_vapi(body: Any) -> bool:
    message = body.get("message") if isinstance(body, dict) else None
    return isinstance(message, dict) and message.get("type") == "tool-calls"


def _is_retell(body: Any) -> bool:
    return isinstance(body, dict) and "name" in body and isinstance(body.get("args"), dict) and "call" in body


def _is_retell_args_only(body: Any, headers: Mapping[str, str]) -> bool:
    """Retell's "args only" payload: a signed body holding the arguments themselves (no name, no call)."""
    return bool(headers.get(RETELL_SIGNATURE)) and isinstance(body, dict) and not _is_vapi(body)


def _vapi_arguments(call: dict) -> tuple[str | None, object]:
    function = call.get("function") if isinstance(call.get("function"), dict) else {}
    name = function.get("name") or call.get("name")
    args = function.get("arguments", call.get("arguments", {}))
    if isinstance(args, str):
        try:
            args = json.loads(args) if args.strip() else {}
        except json.JSONDecodeError:
            args = None  # parse_request answers VALIDATION_ERROR
    return name, args


def _dig(body: object, *path: str) -> object:
    for key in path:
        body = body.get(key) if isinstance(body, dict) else None
    return body


def _number(value: object) -> str | None:
    """A number worth dialling: not "anonymous", not a SIP address, not empty."""
    return value.strip() if isinstance(value, str) and _DIALLABLE.match(value.strip()) else None


def vapi_caller_number(body: object) -> str | None:
    message = _dig(body, "message")
    return _number(_dig(message, "call", "customer", "number")) or _number(_dig(message, "customer", "number"))


def retell_caller_number(body: object) -> str | None:
    return _number(_dig(body, "call", "from_number"))


def with_caller_phone(tool: Tool, args: object, number: str | None) -> object:
    """The arguments, with the caller's number in the tool's phone field when they have none."""
    field = tool.caller_phone
    if field is None or number is None or not isinstance(args, dict):
        return args
    given = args.get(field)
    if given is not None and not (isinstance(given, str) and not given.strip()):
        return args  # the caller said a number: it wins
    return {**args, field: number}


def is_system_failure(payload: dict) -> bool:
    return payload.get("ok") is False and kind_of(str(payload.get("error_code"))) in SYSTEM_FAILURES


def _vapi_result(call_id: object, payload: dict) -> dict:
    result: dict = {"toolCallId": call_id, "result": json.dumps(payload, ensure_ascii=False, separators=(",", ":"))}
    if is_system_failure(payload):
        result["error"] = " ".join(str(payload.get("message") or payload.get("error_code")).split())
    return result


def _authorized(retell: bool, raw_body: bytes, headers: Mapping[str, str], access: Access) -> bool:
    """Retell's signature when Retell calls and its key is set; else the tool API key when it is set."""
    if retell and access.retell_api_key:
        return retell_signature_is_valid(raw_body, headers.get(RETELL_SIGNATURE), access.retell_api_key)
    return not access.api_key or has_api_key(headers, access.api_key)


def answer(ctx: ToolContext, endpoint: str, raw_body: bytes, headers: Mapping[str, str], access: Access) -> Answer:
    try:
        body = json.loads(raw_body or b"null")
    except (json.JSONDecodeError, UnicodeDecodeError):
        if access.api_key and not has_api_key(headers, access.api_key):
            return _unauthorized()
        return Answer(400, {"ok": False, "error_code": "VALIDATION_ERROR", "message": "The body is not valid JSON."})

    retell = _is_retell(body)
    args_only = not retell and _is_retell_args_only(body, headers)
    if not _authorized(retell or args_only, raw_body, headers, access):
        return _unauthorized()

    tool = TOOLS[endpoint]
    if _is_vapi(body):
        number = vapi_caller_number(body)
        results = []
        for call in body["message"].get("toolCallList") or []:
            name, args = _vapi_arguments(call)
            chosen = TOOLS.get(name, tool)  # one server URL may serve every tool
            key = f"vapi:{call['id']}" if call.get("id") else None
            payload = reduce(run_once(ctx, chosen, with_caller_phone(chosen, args, number), key, "vapi"))
            results.append(_vapi_result(call.get("id"), payload))
        return Answer(200, {"results": results})
    if retell:
        chosen = TOOLS.get(body["name"], tool)
        args = with_caller_phone(chosen, body["args"], retell_caller_number(body))
        call_id = body["call"].get("call_id") if isinstance(body["call"], dict) else None
        key = f"retell:{call_id}:{chosen.name}:{fingerprint(chosen.name, args)}" if call_id else None
        return Answer(200, reduce(run_once(ctx, chosen, args, key, "retell")))
    header_key = headers.get("Idempotency-Key")
    if args_only:  # no call object: no call id, no caller's number
        key = f"retell:{tool.name}:{header_key}" if header_key else None
        return Answer(200, reduce(run_once(ctx, tool, body, key, "retell")))
    payload = run_once(ctx, tool, body, f"http:{tool.name}:{header_key}" if header_key else None, "http")
    return Answer(200 if payload.get("ok") else status_for(payload["error_code"]), payload)
