"""Every provider speaks the port's narrow exceptions, not words: over real HTTP, built as bootstrap builds it."""

from __future__ import annotations

import datetime as dt

import pytest

from concierge.adapters.providers import BackendUnavailable, BookingGone, RateLimited
from concierge.adapters.store.sqlite import SqliteStore
from concierge.bootstrap import provider_factory
from concierge.domain.booking import BookingDraft
from concierge.domain.venue import ProviderConfig
from tests.support.providers import KINDS, break_backend, provider_setup, throttle_backend

FRIDAY = dt.date(2026, 2, 20)


def build(kind, venues, tmp_path):
    """(provider as bootstrap builds it, its venue, kind, back-end server)."""
    with provider_setup(kind) as (block_for, secrets, backend):
        venue = venues["roma"].model_copy(update={"provider": ProviderConfig.model_validate(block_for("roma"))})
        yield provider_factory(SqliteStore(tmp_path), secrets)(venue), venue, kind, backend


@pytest.fixture(params=KINDS)
def built(request, venues, tmp_path):
    yield from build(request.param, venues, tmp_path)


@pytest.fixture(params=[kind for kind in KINDS if kind != "builtin"])
def on_backend(request, venues, tmp_path):
    yield from build(request.param, venues, tmp_path)


def create(provider, venue) -> None:
    """A create, which reads the day fresh from the back-end before it writes."""
    draft = BookingDraft(day=FRIDAY, time="20:00", people=2, name="Mario Rossi", phone="+393331234567")
    provider.create(venue, draft, lambda seen: None)


def test_an_unknown_booking_is_booking_gone(built):
    provider, venue, _, _ = built
    for call in (lambda: provider.get(venue, "no-such-booking"), lambda: provider.cancel(venue, "no-such-booking")):
        with pytest.raises(BookingGone):
            call()


def test_a_failing_back_end_is_backend_unavailable(on_backend):
    provider, venue, kind, backend = on_backend
    provider.bookings_on(venue, FRIDAY)  # warm: tokens and metadata fetched
    break_backend(kind, backend)
    with pytest.raises(BackendUnavailable) as caught:
        create(provider, venue)
    assert not isinstance(caught.value, RateLimited)


def test_a_back_end_that_keeps_throttling_is_rate_limited_with_its_retry_delay(on_backend):
    provider, venue, kind, backend = on_backend
    provider.bookings_on(venue, FRIDAY)
    throttle_backend(kind, backend)
    with pytest.raises(RateLimited) as caught:
        create(provider, venue)
    assert caught.value.retry_after is not None and caught.value.retry_after >= 0
