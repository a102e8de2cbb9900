"""Error code to HTTP status for plain HTTP callers (Vapi and Retell always get 200).

Codes of one provider are declared with their status in its registration (`concierge.domain.providers`)."""

from concierge.domain.providers import provider_codes

_STATUS = provider_codes() | {
    "VALIDATION_ERROR": 400,
    "UNAUTHORIZED": 401,
    "RESTAURANT_NOT_FOUND": 404,
    "BOOKING_NOT_FOUND": 404,
    "DUPLICATE_BOOKING": 409,
    "SLOT_FULL": 409,
    "IDEMPOTENCY_IN_PROGRESS": 409,
    "PROVIDER_ERROR": 502,
    "CREATE_ERROR": 502,
    "UPDATE_ERROR": 502,
    "DELETE_ERROR": 502,
    "LIST_ERROR": 502,
    "LIST_BY_DAY_ERROR": 502,
    "PROVIDER_UNAVAILABLE": 503,
    "CAPACITY_READ_ERROR": 503,
    "CONFIG_ERROR": 500,
    "CHECK_OPENINGS_ERROR": 500,
    "CREATE_BOOKING_ERROR": 500,
    "LIST_BOOKINGS_ERROR": 500,
    "MODIFY_BOOKING_ERROR": 500,
    "CANCEL_BOOKING_ERROR": 500,
    "FAQ_ERROR": 500,
    "INTERNAL_ERROR": 500,
}

BUSINESS_REFUSAL = 422


def status_for(error_code: str) -> int:
    """Business refusals not listed (MAX_PEOPLE_EXCEEDED, OUTSIDE_HOURS, PAST_DATE, ...) are 422."""
    return _STATUS.get(error_code, BUSINESS_REFUSAL)
