"""What the console says around the services' own messages: refusals in plain words, statuses, roles.

The services' messages are in the venue's language (what the agent would say); the console's
frame is English, and a refusal's code is shown beside its message for whoever reads the logs.
"""

from __future__ import annotations

from concierge.web.console.services import Refused

# What a person can do about each kind of refusal.
HINTS: dict[str, str] = {
    "VALIDATION_ERROR": "Check the field named and send the form again.",
    "SLOT_FULL": "Pick another time (the nearest free ones are in the message).",
    "DUPLICATE_BOOKING": "This guest already has a booking at that time.",
    "BOOKING_NOT_FOUND": "It may have been cancelled meanwhile: reload the day.",
    "RESTAURANT_NOT_FOUND": "The venue is not in the knowledge base any more.",
    "PROVIDER_UNAVAILABLE": "The venue's booking system did not answer: try again in a moment.",
    "PROVIDER_ERROR": "The venue's booking system refused the change.",
    "IDEMPOTENCY_IN_PROGRESS": "The same form is still being handled: wait a moment and reload.",
    "CONVERSATION_ARCHIVED": "The conversation is closed; the customer's next message opens a new one.",
    "CONVERSATION_BUSY": "The assistant is answering this conversation right now: try again in a moment.",
    "CONVERSATION_NOT_FOUND": "It may have been closed or erased.",
    "auth_required": "Sign in again with your own operator key.",
    "service_unavailable": "The service could not handle it now: try again.",
}


def describe_refusal(action: str, refusal: Refused) -> str:
    """ "Could not create the booking: <the service's message> <what to do>" (the code in brackets)."""
    hint = HINTS.get(refusal.code, "")
    message = refusal.message.strip().rstrip(".") + "."
    return f"Could not {action}: {message} {hint}".strip() + f" [{refusal.code}]"


PLAN_STATUS: dict[str, str] = {
    "pending_confirmation": "Waiting for your confirmation",
    "confirmed": "Confirmed, about to start",
    "executing": "Being carried out",
    "completed": "Completed",
    "failed": "Failed",
    "rolled_back": "Undone (rolled back)",
}

ROLES: dict[str, str] = {"customer": "Customer", "assistant": "Assistant", "staff": "Staff", "tool": "Tool result"}
