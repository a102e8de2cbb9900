"""Provider failures and unexpected errors become clear error codes, never a stack trace."""

from __future__ import annotations

import datetime as dt

import pytest

from concierge.adapters.clock import FixedClock
from concierge.adapters.providers import BookingProvider
from concierge.domain.errors import ToolError
from concierge.http.envelopes import run_tool
from concierge.tools import TOOLS
from concierge.tools.context import ToolContext
from tests.conftest import THURSDAY_EVENING_ROME


class BrokenProvider(BookingProvider):
    """A provider whose every call fails the way `failure` says."""

    def __init__(self, failure: Exception) -> None:
        self.failure = failure

    def _fail(self, *args, **kwargs):
        raise self.failure

    bookings_on = bookings_for_phone = bookings_between = get = create = update = cancel = _fail


class Catalog:
    def __init__(self, venues):
        self._venues = venues

    def get(self, venue_id):
        return self._venues.get(venue_id)


def context(venues, failure: Exception) -> ToolContext:
    return ToolContext(
        venues=Catalog(venues),
        providers=lambda v: BrokenProvider(failure),
        clock=FixedClock(dt.datetime.fromisoformat(THURSDAY_EVENING_ROME)),
    )


BODIES = {
    "check_openings": {"restaurant_id": "roma", "day": "2026-02-19", "time": "20:00"},
    "create_booking": {
        "restaurant_id": "roma",
        "day": "2026-02-19",
        "time": "20:00",
        "people": 2,
        "name": "A",
        "phone": "+393331234567",
    },
    "list_bookings": {"restaurant_id": "roma", "phone": "+393331234567"},
    "modify_booking": {"restaurant_id": "roma", "booking_id": "b", "new_people": 2},
    "cancel_booking": {"restaurant_id": "roma", "booking_id": "b"},
}


@pytest.mark.parametrize(
    "tool, code",
    [
        ("check_openings", "CHECK_OPENINGS_ERROR"),
        ("create_booking", "CREATE_BOOKING_ERROR"),
        ("list_bookings", "LIST_BOOKINGS_ERROR"),
        ("modify_booking", "MODIFY_BOOKING_ERROR"),
        ("cancel_booking", "CANCEL_BOOKING_ERROR"),
    ],
)
def test_an_unexpected_failure_is_the_tools_catch_all_code_without_internals(venues, tool, code):
    payload = run_tool(context(venues, RuntimeError("disk on fire at /var/secret")), TOOLS[tool], BODIES[tool])
    assert (payload["ok"], payload["error_code"]) == (False, code)
    assert "secret" not in payload["message"] and "Traceback" not in payload["message"]


def test_a_provider_that_cannot_be_reached_during_check_openings_is_a_capacity_read_error(venues):
    down = ToolError("PROVIDER_UNAVAILABLE", "timeout")
    payload = run_tool(context(venues, down), TOOLS["check_openings"], BODIES["check_openings"])
    assert payload["error_code"] == "CAPACITY_READ_ERROR"


@pytest.mark.parametrize("tool", ["create_booking", "list_bookings", "modify_booking", "cancel_booking"])
def test_a_provider_refusal_passes_through_with_its_own_code(venues, tool):
    down = ToolError("PROVIDER_UNAVAILABLE", "The booking system can't be reached right now.")
    assert run_tool(context(venues, down), TOOLS[tool], BODIES[tool])["error_code"] == "PROVIDER_UNAVAILABLE"
