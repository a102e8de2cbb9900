"""Error code to HTTP status for plain HTTP callers (Vapi and Retell always get 200).

The status follows the code's kind (`domain.errors.KINDS`); a code not listed there is a business
refusal (422).
"""

from __future__ import annotations

from concierge.domain.errors import ErrorKind, kind_of

STATUS: dict[ErrorKind, int] = {
    "invalid": 400,
    "unauthorized": 401,
    "not_found": 404,
    "conflict": 409,
    "refused": 422,
    "upstream": 502,
    "unavailable": 503,
    "internal": 500,
}
BUSINESS_REFUSAL = STATUS["refused"]

# Refusals of the request itself, before any tool runs (http.limits, envelopes, routes).
REQUEST_REFUSALS = {"INVALID_ENVELOPE": 400, "PAYLOAD_TOO_LARGE": 413, "NOT_FOUND": 404, "METHOD_NOT_ALLOWED": 405}


def status_for(error_code: str) -> int:
    return REQUEST_REFUSALS.get(error_code) or STATUS[kind_of(error_code)]
