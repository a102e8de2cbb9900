"""Cloud Function entry point `booking_api`: every tool at /api/<name> (what plan steps call)."""

from concierge.http.app import booking_api  # noqa: F401
