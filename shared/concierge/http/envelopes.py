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

import hashlib
import logging
import re
from dataclasses import dataclass
from typing import Any, Mapping

from concierge.adapters.tracing import Span, Tracer, new_trace_id
from concierge.settings import Access
from concierge.domain.errors import ToolError, kind_of
from concierge.http.auth import has_api_key, retell_signature_is_valid
from concierge.http.json_bytes import json_bytes
from concierge.http.limits import MAX_TOOL_CALLS, BadInput, check_headers, parse_json
from concierge.http.status import status_for
from concierge.idempotency import fingerprint
from concierge.tools import TOOLS, Tool
from concierge.tools.context import ToolContext
from concierge.tools.fields import parse_request

log = logging.getLogger("concierge.http")

MAX_CALL_ID_LENGTH = 200
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
    """One trace per tool call: `tool:<name>` with the venue, the (masked when exported) input and output.

    With tracing off the span is only made current, so a log line knows its trace: no attributes."""
    tracer = _tracer(ctx)
    if not tracer.enabled:
        return tracer.span(f"tool:{tool.name}", new_trace_id())
    venue = args.get("restaurant_id") if isinstance(args, dict) else None
    return tracer.span(
        f"tool:{tool.name}",
        trace_id=new_trace_id(),
        trace_name=f"tool:{tool.name}",
        tool=tool.name,
        venue=venue if isinstance(venue, str) else None,
        envelope=envelope,
        writes=tool.writes,
        input=args,
        **attributes,
    )


def _finish(span: Span, payload: dict, **attributes) -> None:
    ok = payload.get("ok", True) is not False
    outcome = "ok" if ok else ("error" if span.attributes.get("unexpected") else "refused")
    span.set(output=payload, ok=ok, outcome=outcome, error_code=payload.get("error_code"), **attributes)


# Arguments that came through parse_json (the body, or a Vapi call's arguments string): already NFKC text.
_PARSED_ENVELOPES = frozenset({"http", "vapi", "retell"})


def _execute(ctx: ToolContext, tool: Tool, args: object, span: Span | None = None, envelope: str = "direct") -> dict:
    try:
        response = tool.handle(ctx, parse_request(tool.request, args, normalised=envelope in _PARSED_ENVELOPES))
    except ToolError as refusal:
        return refusal.payload()
    except OverflowError:  # a date or a count far beyond any calendar ("in 99999999999 days")
        return {
            "ok": False,
            "error_code": "VALIDATION_ERROR",
            "message": "A date or number in the request is out of range.",
        }
    except Exception as exc:
        log.exception("tool %s failed unexpectedly", tool.name)
        if span is not None:
            span.set(unexpected=True, exception=type(exc).__name__)
        return {
            "ok": False,
            "error_code": tool.catch_all_code,
            "message": "Unexpected error; it has been logged. Please try again or hand over to staff.",
        }
    payload = response.model_dump(mode="json")
    for key in tool.omit_when_none:
        if payload.get(key) is None:
            payload.pop(key, None)
    return payload


def run_tool(ctx: ToolContext, tool: Tool, args: object, envelope: str = "direct") -> dict:
    """The tool's full payload; refusals and unexpected failures become error payloads. Traced."""
    with _tool_span(ctx, tool, args, envelope) as span:
        payload = _execute(ctx, tool, args, span, envelope)
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
            return _execute(ctx, tool, args, span, envelope)

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


def refused(bad: BadInput) -> Answer:
    return Answer(bad.status, {"ok": False, "error_code": bad.code, "message": bad.message})


def _malformed(message: str) -> BadInput:
    return BadInput(400, "INVALID_ENVELOPE", message)


def _call_id(value: object, what: str) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str) or len(value) > MAX_CALL_ID_LENGTH:
        raise _malformed(f"{what} must be a string of at most {MAX_CALL_ID_LENGTH} characters.")
    return value


def _tool_name(value: object, what: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 100:
        raise _malformed(f"{what} must be a tool name.")
    return value


def _is_vapi(body: Any) -> bool:
    message = body.get("message") if isinstance(body, dict) else None
    return isinstance(message, dict) and message.get("type") == "tool-calls"


def _is_retell(body: Any) -> bool:
    return isinstance(body, dict) and "name" in body and isinstance(body.get("args"), dict) and "call" in body


def _is_retell_args_only(body: Any, headers: Mapping[str, str]) -> bool:
    """Retell's "args only" payload: a signed body holding the arguments themselves (no name, no call)."""
    return bool(headers.get(RETELL_SIGNATURE)) and isinstance(body, dict) and not _is_vapi(body)


def _vapi_calls(body: dict) -> list[tuple[str | None, str | None, object]]:
    """(toolCallId, tool name, arguments) of each call; INVALID_ENVELOPE when the envelope is malformed."""
    calls = body["message"].get("toolCallList")
    if calls is None:
        return []
    if not isinstance(calls, list):
        raise _malformed("message.toolCallList must be a list of tool calls.")
    if len(calls) > MAX_TOOL_CALLS:
        raise _malformed(f"message.toolCallList holds more than {MAX_TOOL_CALLS} tool calls.")
    found = []
    for i, call in enumerate(calls):
        if not isinstance(call, dict):
            raise _malformed(f"message.toolCallList[{i}] must be an object.")
        function = call.get("function") or {}
        if not isinstance(function, dict):
            raise _malformed(f"message.toolCallList[{i}].function must be an object.")
        name = _tool_name(function.get("name") or call.get("name"), f"message.toolCallList[{i}].function.name")
        args = function.get("arguments", call.get("arguments", {}))
        if isinstance(args, str):
            try:
                args = parse_json(args, empty={})
            except BadInput:
                args = None  # parse_request answers VALIDATION_ERROR for this call alone
        found.append((_call_id(call.get("id"), f"message.toolCallList[{i}].id"), name, args))
    return found


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
    result: dict = {"toolCallId": call_id, "result": json_bytes(payload).decode("utf-8")}
    if is_system_failure(payload):
        result["error"] = " ".join(str(payload.get("message") or payload.get("error_code")).split())
    return result


def _signed(raw_body: bytes, headers: Mapping[str, str], access: Access) -> bool | None:
    """Before the body is parsed: False to refuse, True when Retell signed it, None when the tool key (or no
    guard) lets it in. A signature is checked when Retell's key is set; else the tool API key when it is set."""
    if access.retell_api_key and headers.get(RETELL_SIGNATURE):
        return retell_signature_is_valid(raw_body, headers.get(RETELL_SIGNATURE), access.retell_api_key)
    if access.api_key and not has_api_key(headers, access.api_key):
        return False
    return None


def _caller(headers: Mapping[str, str], signed: bool | None) -> str:
    """Who is calling, for scoping idempotency keys: Retell, a hash of the credential shown, or nobody."""
    if signed:
        return "retell"
    authorization = headers.get("Authorization") or ""
    credential = authorization[7:].strip() if authorization[:7].lower() == "bearer " else ""
    credential = credential or (headers.get("X-Vapi-Secret") or "")
    return "key-" + hashlib.sha256(credential.encode("latin-1", "replace")).hexdigest()[:16] if credential else "open"


def _scoped(caller: str, args: object, key: str) -> str:
    """An idempotency key as stored: the caller's and the venue's, so nobody else's call can take it first."""
    venue = args.get("restaurant_id") if isinstance(args, dict) else None
    return f"{caller}|{venue if isinstance(venue, str) else '-'}|{key}"


def answer(ctx: ToolContext, endpoint: str, raw_body: bytes, headers: Mapping[str, str], access: Access) -> Answer:
    """Credentials first, then the body within its limits, then the envelope, then the tool."""
    try:
        check_headers(headers)
        signed = _signed(raw_body, headers, access)
        if signed is False:
            return _unauthorized()
        body = parse_json(raw_body)
        retell = _is_retell(body)
        args_only = not retell and _is_retell_args_only(body, headers)
        if (retell or args_only) and access.retell_api_key and not signed:
            return _unauthorized()  # a Retell call must carry Retell's signature when Retell is configured
        tool = TOOLS[endpoint]
        if _is_vapi(body):
            caller = _caller(headers, signed)
            number = vapi_caller_number(body)
            results = []
            for call_id, name, args in _vapi_calls(body):
                chosen = TOOLS.get(name, tool) if name else tool  # one server URL may serve every tool
                args = with_caller_phone(chosen, args, number)
                key = _scoped(caller, args, f"vapi:{call_id}") if call_id else None
                payload = reduce(run_once(ctx, chosen, args, key, "vapi"))
                results.append(_vapi_result(call_id, payload))
            return Answer(200, {"results": results})
        if retell and isinstance(body, dict):
            name = _tool_name(body["name"], "name")
            chosen = TOOLS.get(name, tool) if name else tool
            args = with_caller_phone(chosen, body["args"], retell_caller_number(body))
            call = body["call"] if isinstance(body["call"], dict) else {}
            call_id = _call_id(call.get("call_id"), "call.call_id")
            key = (
                _scoped(
                    _caller(headers, signed), args, f"retell:{call_id}:{chosen.name}:{fingerprint(chosen.name, args)}"
                )
                if call_id
                else None
            )
            return Answer(200, reduce(run_once(ctx, chosen, args, key, "retell")))
    except BadInput as bad:
        return refused(bad)
    header_key = headers.get("Idempotency-Key")
    if args_only:  # no call object: no call id, no caller's number
        key = _scoped(_caller(headers, signed), body, f"retell:{tool.name}:{header_key}") if header_key else None
        return Answer(200, reduce(run_once(ctx, tool, body, key, "retell")))
    key = _scoped(_caller(headers, signed), body, f"http:{tool.name}:{header_key}") if header_key else None
    payload = run_once(ctx, tool, body, key, "http")
    return Answer(200 if payload.get("ok") else status_for(payload["error_code"]), payload)
