"""A provider's narrow exceptions become the contract's codes and the venue's own words, in one place."""

from __future__ import annotations

import datetime as dt

import pytest

from concierge.adapters.clock import FixedClock
from concierge.adapters.providers import (
    BackendRefused,
    BackendUnavailable,
    BookingGone,
    BookingProvider,
    ProviderNotConfigured,
    RateLimited,
)
from concierge.domain.errors import ToolError
from concierge.speech import phrases_for
from concierge.tools.context import ToolContext
from concierge.tools.provider_errors import as_tool_error

VENUES_BY_LOCALE = {"it": "roma", "fr": "cabinet", "en": "harbour", "pt": "tasca"}


@pytest.mark.parametrize("locale", sorted(VENUES_BY_LOCALE))
@pytest.mark.parametrize(
    "failure, code, words",
    [
        (BookingGone(), "BOOKING_NOT_FOUND", "booking_not_found"),
        (BackendUnavailable("HTTP 503"), "PROVIDER_UNAVAILABLE", "provider_unavailable"),
        (RateLimited("HTTP 429", retry_after=2.0), "PROVIDER_UNAVAILABLE", "provider_unavailable"),
        (BackendRefused("NO_TABLE_AVAILABLE"), "NO_TABLE_AVAILABLE", "no_table"),
        (BackendRefused("DUPLICATE_BOOKING"), "DUPLICATE_BOOKING", "duplicate"),
        (BackendRefused(detail="not JSON"), "PROVIDER_ERROR", "provider_error"),
    ],
)
def test_each_failure_is_its_code_said_in_the_venues_language(venues, locale, failure, code, words):
    venue = venues[VENUES_BY_LOCALE[locale]]
    error = as_tool_error(failure, venue)
    assert (error.code, error.message) == (code, getattr(phrases_for(locale, venue.kind), words)())
    assert error.extra == {}


def test_a_refusal_with_a_reason_keeps_it_for_the_developer_and_an_unknown_code_gets_the_generic_words(venues):
    error = as_tool_error(BackendRefused("WAITLIST_ONLY", reason="Back-end HTTP 409 WAITLIST"), venues["harbour"])
    assert (error.code, error.extra) == ("WAITLIST_ONLY", {"reason": "Back-end HTTP 409 WAITLIST"})
    assert error.message == phrases_for("en").provider_error()


def test_a_provider_not_configured_tells_the_developer_what_to_set_under_its_own_code(venues):
    failure = ProviderNotConfigured("the environment variable RESOS_API_KEY is not set", code="RESOS_NOT_CONFIGURED")
    error = as_tool_error(failure, venues["roma"])
    assert (error.code, error.message) == ("RESOS_NOT_CONFIGURED", "the environment variable RESOS_API_KEY is not set")
    assert as_tool_error(ProviderNotConfigured("no property_id"), venues["roma"]).code == "CONFIG_ERROR"


class Gone(BookingProvider):
    def _gone(self, *args: object) -> None:
        raise BookingGone()

    bookings_on = bookings_for_phone = bookings_between = get = create = update = cancel = _gone


class Catalog:
    def __init__(self, venues):
        self._venues = venues

    def get(self, venue_id):
        return self._venues.get(venue_id)


def test_the_tools_reach_every_provider_through_the_translator(venues):
    def unbuildable(venue):
        raise ProviderNotConfigured("no token")

    clock = FixedClock(dt.datetime(2026, 2, 19, 18, tzinfo=dt.timezone.utc))
    ctx = ToolContext(venues=Catalog(venues), providers=lambda venue: Gone({}, {}), clock=clock)
    with pytest.raises(ToolError) as caught:
        ctx.provider_for(venues["cabinet"]).cancel(venues["cabinet"], "b1")
    assert (caught.value.code, caught.value.message) == ("BOOKING_NOT_FOUND", phrases_for("fr").booking_not_found())

    ctx.providers = unbuildable
    with pytest.raises(ToolError) as caught:
        ctx.provider_for(venues["roma"])
    assert (caught.value.code, caught.value.message) == ("CONFIG_ERROR", "no token")
