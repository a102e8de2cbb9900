"""The built-in provider: bookings kept in the project's own store."""

from __future__ import annotations

import datetime as dt

from concierge.adapters.providers import BookingProvider
from concierge.adapters.store import Admit, Change, Store
from concierge.domain.booking import Booking, BookingDraft
from concierge.domain.venue import Venue


class BuiltinProvider(BookingProvider):
    def __init__(self, store: Store) -> None:
        self.store = store

    def bookings_on(self, venue: Venue, day: dt.date) -> list[Booking]:
        return self.store.bookings_on(venue.id, day)

    def bookings_for_phone(self, venue: Venue, phone: str, from_day: dt.date) -> list[Booking]:
        return self.store.bookings_for_phone(venue.id, phone, from_day)

    def create(self, venue: Venue, draft: BookingDraft, admit: Admit) -> Booking:
        return self.store.create_booking(venue.id, draft, admit)

    def update(self, venue: Venue, booking_id: str, change: Change) -> Booking:
        return self.store.update_booking(venue.id, booking_id, change)

    def cancel(self, venue: Venue, booking_id: str) -> None:
        self.store.cancel_booking(venue.id, booking_id)
