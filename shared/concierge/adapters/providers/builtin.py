"""The built-in provider: bookings kept in the project's own store."""

from __future__ import annotations

import datetime as dt
from contextlib import contextmanager
from typing import Any, Iterator, Mapping

from concierge.adapters.providers import BookingProvider
from concierge.adapters.providers.errors import BackendRefused, BackendUnavailable, BookingGone
from concierge.adapters.store import Admit, BookingMissing, BookingStore, Change, SlotTaken, StoreBusy
from concierge.domain.booking import Booking, BookingDraft
from concierge.domain.occupancy import Occupancy
from concierge.domain.venue import Venue


@contextmanager
def _outcomes() -> Iterator[None]:
    """The store's outcomes as the provider port's exceptions."""
    try:
        yield
    except BookingMissing:
        raise BookingGone() from None
    except SlotTaken:
        raise BackendRefused("DUPLICATE_BOOKING") from None
    except StoreBusy:
        raise BackendUnavailable("the store stayed busy") from None


class BuiltinProvider(BookingProvider):
    needs = ("store",)

    def __init__(self, config: Mapping[str, Any], env: Mapping[str, str], *, store: BookingStore) -> None:
        self.store = store

    def bookings_on(self, venue: Venue, day: dt.date) -> list[Booking]:
        return self.store.bookings_on(venue.id, day)

    def occupancy_on(self, venue: Venue, day: dt.date) -> Occupancy:
        return self.store.occupancy_on(venue.id, day)

    def bookings_for_phone(self, venue: Venue, phone: str, from_day: dt.date) -> list[Booking]:
        return self.store.bookings_for_phone(venue.id, phone, from_day)

    def bookings_between(self, venue: Venue, first_day: dt.date, last_day: dt.date) -> list[Booking]:
        return self.store.bookings_between(venue.id, first_day, last_day)

    def get(self, venue: Venue, booking_id: str) -> Booking:
        with _outcomes():
            booking = self.store.get_booking(venue.id, booking_id)
        if booking is None:
            raise BookingGone()
        return booking

    def create(self, venue: Venue, draft: BookingDraft, admit: Admit) -> Booking:
        with _outcomes():
            return self.store.create_booking(venue.id, draft, admit)

    def update(self, venue: Venue, booking_id: str, change: Change) -> Booking:
        with _outcomes():
            return self.store.update_booking(venue.id, booking_id, change)

    def cancel(self, venue: Venue, booking_id: str) -> None:
        with _outcomes():
            self.store.cancel_booking(venue.id, booking_id)
