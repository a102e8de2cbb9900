"""The chat receptionist over HTTP: credentials, request bodies, refusal codes to statuses.

Customer-facing functions (conversation_message, conversation_messages) and the manual's tools
take the tool key when one is configured (CONCIERGE_API_KEY); the first two also answer the chat
widget in a browser under the rules of `http.browser_access`; the staff's functions take an
operator credential.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from pydantic import BaseModel, ValidationError

from concierge.conversations.functions import CHAT_TOOL_FUNCTIONS, OPERATOR_FUNCTIONS
from concierge.conversations.handover import Handover
from concierge.conversations.requests import (
    ForgetRequest,
    ListRequest,
    MessageRequest,
    PollRequest,
    ReadRequest,
    ReplyRequest,
    ThreadRequest,
    ToolCallRequest,
)
from concierge.settings import Access
from concierge.conversations.service import ConversationService
from concierge.domain.errors import ToolError
from concierge.http.auth import has_api_key
from concierge.http.browser_access import browser_origin, check_browser_call
from concierge.http.limits import BadInput, check_headers, parse_json
from concierge.http.operators import OperatorGate, OperatorUnauthorized
from concierge.http.status import status_for

log = logging.getLogger("concierge.http")


@dataclass(frozen=True)
class ConversationFunctions:
    service: ConversationService
    handover: Handover
    operators: OperatorGate | None = None


def _refusal(code: str, message: str, **extra: Any) -> tuple[int, dict]:
    return status_for(code), {"ok": False, "error_code": code, "message": message, **extra}


def _parse(model: type[BaseModel], body: object) -> Any:
    if not isinstance(body, dict):
        raise ToolError("VALIDATION_ERROR", "The request body must be a JSON object.")
    try:
        return model.model_validate(body)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"]) or "body"
        problem = "is required" if err["type"] == "missing" else err["msg"].removeprefix("Value error, ")
        raise ToolError("VALIDATION_ERROR", f"{field}: {problem}", field=field) from None


def handle(
    functions: ConversationFunctions, name: str, raw_body: bytes, headers: Mapping[str, str], access: Access
) -> tuple[int, dict]:
    """One call of a conversation function: (HTTP status, JSON body)."""
    operator, origin = None, None
    if name in OPERATOR_FUNCTIONS:
        if functions.operators is None:
            return 401, {"error_type": "auth_required", "message": "Operator sign-in is not configured on this server."}
        try:
            operator = functions.operators.authenticate(headers)
        except OperatorUnauthorized as refusal:
            return refusal.status, refusal.body
    elif not (access.api_key and has_api_key(headers, access.api_key)):
        origin = browser_origin(name, headers)  # the chat widget, without the key: see http.browser_access
        if access.api_key and origin is None:
            return _refusal("UNAUTHORIZED", "Missing or wrong credentials.")
    try:  # the same limits as every route: size, depth, numbers, NFKC text
        check_headers(headers)
        body = parse_json(raw_body)
    except BadInput as bad:
        return _refusal(bad.code, bad.message)
    if origin is not None:
        try:
            thread = _parse(ThreadRequest, body)
            body = check_browser_call(origin, functions.service.ctx.venue(thread.venue_id), body, headers)
        except ToolError as refusal:
            return _refusal(refusal.code, refusal.message, **refusal.extra)
    service, handover = functions.service, functions.handover
    routes: dict[str, Callable[[], dict]] = {
        "conversation_message": lambda: service.message(_parse(MessageRequest, body)),
        "conversation_messages": lambda: handover.poll(_parse(PollRequest, body)),
        "conversations_list": lambda: handover.list(_parse(ListRequest, body)),
        "conversation_read": lambda: handover.read(_parse(ReadRequest, body)),
        "conversation_reply": lambda: handover.reply(_parse(ReplyRequest, body), operator),  # type: ignore[arg-type]
        "conversation_handback": lambda: handover.hand_back(_parse(ReadRequest, body)),
        "conversation_close": lambda: handover.close(_parse(ReadRequest, body)),
        "client_forget": lambda: handover.forget(_parse(ForgetRequest, body)),
    }
    try:
        if name in CHAT_TOOL_FUNCTIONS:
            return 200, service.call_tool(name, _parse(ToolCallRequest, body))
        return 200, routes[name]()
    except ToolError as refusal:
        return _refusal(refusal.code, refusal.message, **refusal.extra)
    except Exception:  # noqa: BLE001 - an answer, never a stack trace
        log.exception("conversation function %s failed unexpectedly", name)
        return _refusal("INTERNAL_ERROR", "Unexpected error; it has been logged. Please try again.")
