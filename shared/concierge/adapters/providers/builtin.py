"""The built-in provider: bookings kept in the project's own store."""

from __future__ import annotations

import datetime as dt
from contextlib import contextmanager
from typing import Iterator

from concierge.adapters.providers import BookingProvider
from concierge.adapters.store import Admit, BookingMissing, BookingStore, Change, SlotTaken, StoreBusy
from concierge.domain.booking import Booking, BookingDraft
from concierge.domain.errors import ToolError
from concierge.domain.venue import Venue
from concierge.speech import phrases_for


@contextmanager
def _refusals(venue: Venue) -> Iterator[None]:
    """The store's outcomes as the contract's error codes, in the venue's language."""
    say = phrases_for(venue.locale, venue.kind)
    try:
        yield
    except BookingMissing:
        raise ToolError("BOOKING_NOT_FOUND", say.booking_not_found()) from None
    except SlotTaken:
        raise ToolError("DUPLICATE_BOOKING", say.duplicate()) from None
    except StoreBusy:
        raise ToolError("PROVIDER_UNAVAILABLE", say.provider_unavailable()) from None


class BuiltinProvider(BookingProvider):
    def __init__(self, store: BookingStore) -> None:
        self.store = store

    def bookings_on(self, venue: Venue, day: dt.date) -> list[Booking]:
        return self.store.bookings_on(venue.id, day)

    def bookings_for_phone(self, venue: Venue, phone: str, from_day: dt.date) -> list[Booking]:
        return self.store.bookings_for_phone(venue.id, phone, from_day)

    def bookings_between(self, venue: Venue, first_day: dt.date, last_day: dt.date) -> list[Booking]:
        return self.store.bookings_between(venue.id, first_day, last_day)

    def get(self, venue: Venue, booking_id: str) -> Booking:
        with _refusals(venue):
            booking = self.store.get_booking(venue.id, booking_id)
            if booking is None:
                raise BookingMissing(booking_id)
            return booking

    def create(self, venue: Venue, draft: BookingDraft, admit: Admit) -> Booking:
        with _refusals(venue):
            return self.store.create_booking(venue.id, draft, admit)

    def update(self, venue: Venue, booking_id: str, change: Change) -> Booking:
        with _refusals(venue):
            return self.store.update_booking(venue.id, booking_id, change)

    def cancel(self, venue: Venue, booking_id: str) -> None:
        with _refusals(venue):
            self.store.cancel_booking(venue.id, booking_id)
