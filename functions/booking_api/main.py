"""Cloud Function entry point `booking_api`: every tool at /api/<name> (what plan steps call)."""

from concierge.http.functions import booking_api  # noqa: F401
