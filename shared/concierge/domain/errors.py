"""Refusals the tools answer with: an error code from the contract, a message, extra fields.

Each error code is of one kind. The kind says whether the answer is final (a replay of the call gets
it back) or a failure that may pass (a replay runs the call again); `http/` maps kinds to statuses.
"""

from __future__ import annotations

from typing import Any, Literal

from concierge.domain.providers import provider_codes

ErrorKind = Literal[
    "invalid", "unauthorized", "not_found", "conflict", "refused", "upstream", "unavailable", "internal"
]

# Every code not listed is a business refusal ("refused": MAX_PEOPLE_EXCEEDED, OUTSIDE_HOURS, PAST_DATE...).
# A provider's own codes are declared with their kind in its registration (`domain.providers`).
KINDS: dict[str, ErrorKind] = provider_codes() | {
    "VALIDATION_ERROR": "invalid",
    "UNAUTHORIZED": "unauthorized",
    "RESTAURANT_NOT_FOUND": "not_found",
    "BOOKING_NOT_FOUND": "not_found",
    "DUPLICATE_BOOKING": "conflict",
    "SLOT_FULL": "conflict",
    "IDEMPOTENCY_IN_PROGRESS": "conflict",
    # a back-end answered, but not with what we asked for
    "PROVIDER_ERROR": "upstream",
    "CREATE_ERROR": "upstream",
    "UPDATE_ERROR": "upstream",
    "DELETE_ERROR": "upstream",
    "LIST_ERROR": "upstream",
    "LIST_BY_DAY_ERROR": "upstream",
    # a back-end could not be reached or read now
    "PROVIDER_UNAVAILABLE": "unavailable",
    "CAPACITY_READ_ERROR": "unavailable",
    # configuration and unexpected failures (the tools' catch-all codes)
    "CONFIG_ERROR": "internal",
    "CHECK_OPENINGS_ERROR": "internal",
    "CREATE_BOOKING_ERROR": "internal",
    "LIST_BOOKINGS_ERROR": "internal",
    "MODIFY_BOOKING_ERROR": "internal",
    "CANCEL_BOOKING_ERROR": "internal",
    "FAQ_ERROR": "internal",
    "INTERNAL_ERROR": "internal",
    # the chat receptionist's conversations
    "CONVERSATION_NOT_FOUND": "not_found",
    "CONVERSATION_ARCHIVED": "conflict",
    "CONVERSATION_BUSY": "unavailable",
    "AGENT_UNAVAILABLE": "unavailable",
}

MAY_PASS: frozenset[ErrorKind] = frozenset({"upstream", "unavailable", "internal"})


def kind_of(code: str) -> ErrorKind:
    return KINDS.get(code, "refused")


def worth_keeping(code: str) -> bool:
    """A final answer, which a replay gets back; a failure that may pass is not kept, so a retry runs again."""
    return kind_of(code) not in MAY_PASS


class ToolError(Exception):
    def __init__(self, code: str, message: str, **extra: Any) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.extra = extra

    def payload(self) -> dict[str, Any]:
        return {"ok": False, "error_code": self.code, "message": self.message, **self.extra}


def validation_error(field: str, problem: str) -> ToolError:
    return ToolError("VALIDATION_ERROR", f"{field}: {problem}", field=field)


def restaurant_not_found(venue_id: str) -> ToolError:
    return ToolError("RESTAURANT_NOT_FOUND", f'No venue with restaurant_id "{venue_id}".')
