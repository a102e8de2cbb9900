"""What the console's pages call: the same service functions the HTTP functions call, no HTTP between.

Bookings change through the booking tools (`run_once`: validation, rules, replay records), plans
through the plan functions (with the signed-in operator), conversations through the staff's
handover functions. Each answer comes back as data or as a refusal with its code and its message.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any, Callable

from pydantic import BaseModel, ValidationError

from concierge.conversations.requests import ListRequest, ReadRequest, ReplyRequest
from concierge.domain.booking import Booking
from concierge.domain.errors import ToolError
from concierge.domain.operators import Operator
from concierge.domain.venue import Venue
from concierge.http.conversations import ConversationFunctions
from concierge.http.envelopes import run_once
from concierge.http.operators import OperatorGate
from concierge.http.plans import call_plan_function
from concierge.plans.service import PlanService
from concierge.tools import TOOLS
from concierge.tools.context import ToolContext


class Refused(Exception):
    """A refusal to show on the page: the service's code and its message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class ConsoleServices:
    ctx: ToolContext
    plans: PlanService
    operators: OperatorGate
    conversations: ConversationFunctions

    # --- venues and bookings ---------------------------------------------------------------------

    def venues(self) -> list[Venue]:
        """Every venue of the store, by name (operators are not scoped to venues)."""
        found = [v for v in (self.ctx.venues.get(i) for i in self.ctx.venues.ids()) if v is not None]
        return sorted(found, key=lambda v: v.name.lower())

    def venue(self, venue_id: str) -> Venue | None:
        return self.ctx.venues.get(venue_id) if len(venue_id) <= 64 else None

    def today(self, venue: Venue) -> dt.date:
        return self.ctx.local_now(venue).date()

    def bookings_on(self, venue: Venue, day: dt.date) -> list[Booking]:
        """The day's active bookings in time order (Refused when the venue's back-end cannot be read)."""
        try:
            found = self.ctx.provider_for(venue).bookings_between(venue, day, day)
        except ToolError as refusal:
            raise Refused(refusal.code, refusal.message) from None
        return sorted(found, key=lambda b: b.sort_key())

    def tool(self, name: str, args: dict[str, Any], replay_key: str | None) -> dict[str, Any]:
        """A booking tool's answer; Refused with its error code and message. A repeated form (same key) is
        answered from the first call's record, so a double submit books once."""
        payload = run_once(self.ctx, TOOLS[name], args, f"console:{replay_key}" if replay_key else None, "console")
        if payload.get("ok") is False:
            raise Refused(str(payload.get("error_code")), str(payload.get("message")))
        return payload

    # --- plans -----------------------------------------------------------------------------------

    def plan(self, name: str, body: dict[str, Any], operator: Operator) -> dict[str, Any]:
        """A plan function's answer for the operator; Refused with the contract's error type and message."""
        status, answer = call_plan_function(self.plans, name, body, None, operator)
        if status != 200:
            raise Refused(str(answer.get("error_type", "service_unavailable")), str(answer.get("message", "")))
        return answer

    # --- handed-over conversations ---------------------------------------------------------------

    def _handover(self, model: type[BaseModel], body: dict[str, Any], call: Callable[[Any], dict]) -> dict:
        try:
            request = model.model_validate(body)
        except ValidationError as exc:
            err = exc.errors()[0]
            field = ".".join(str(p) for p in err["loc"]) or "body"
            raise Refused("VALIDATION_ERROR", f"{field}: {err['msg']}") from None
        try:
            return call(request)
        except ToolError as refusal:
            raise Refused(refusal.code, refusal.message) from None

    def conversations_waiting(self, venue_id: str) -> list[dict[str, Any]]:
        handover = self.conversations.handover
        found = self._handover(ListRequest, {"venue_id": venue_id, "status": "human_support"}, handover.list)
        return list(found["conversations"])

    def conversation(self, venue_id: str, conversation_id: str) -> dict[str, Any]:
        handover = self.conversations.handover
        return self._handover(ReadRequest, {"venue_id": venue_id, "conversation_id": conversation_id}, handover.read)

    def reply(self, venue_id: str, conversation_id: str, text: str, operator: Operator) -> dict[str, Any]:
        handover = self.conversations.handover
        body = {"venue_id": venue_id, "conversation_id": conversation_id, "text": text}
        return self._handover(ReplyRequest, body, lambda request: handover.reply(request, operator))

    def hand_back(self, venue_id: str, conversation_id: str) -> dict[str, Any]:
        handover = self.conversations.handover
        body = {"venue_id": venue_id, "conversation_id": conversation_id}
        return self._handover(ReadRequest, body, handover.hand_back)

    def close(self, venue_id: str, conversation_id: str) -> dict[str, Any]:
        handover = self.conversations.handover
        body = {"venue_id": venue_id, "conversation_id": conversation_id}
        return self._handover(ReadRequest, body, handover.close)

    # --- operators -------------------------------------------------------------------------------

    def active_operator(self, operator_id: str) -> Operator | None:
        """The operator, while their key is not revoked (read on every request: revocation ends a session)."""
        for record in self.operators.directory.operators():
            if record.operator.operator_id == operator_id and record.active:
                return record.operator
        return None
