"""The booking-provider port: where a venue's bookings live (chosen by its `provider` block)."""

from __future__ import annotations

import datetime as dt
from abc import ABC, abstractmethod

from concierge.adapters.store import Admit, Change
from concierge.domain.booking import Booking, BookingDraft
from concierge.domain.venue import Venue


class BookingProvider(ABC):
    @abstractmethod
    def bookings_on(self, venue: Venue, day: dt.date) -> list[Booking]: ...

    @abstractmethod
    def bookings_for_phone(self, venue: Venue, phone: str, from_day: dt.date) -> list[Booking]: ...

    @abstractmethod
    def bookings_between(self, venue: Venue, first_day: dt.date, last_day: dt.date) -> list[Booking]:
        """Active bookings from first_day to last_day inclusive, in time order."""

    @abstractmethod
    def get(self, venue: Venue, booking_id: str) -> Booking:
        """One active booking; BOOKING_NOT_FOUND otherwise."""

    @abstractmethod
    def create(self, venue: Venue, draft: BookingDraft, admit: Admit) -> Booking:
        """Check with `admit` against the day's bookings and write, without a writer in between."""

    @abstractmethod
    def update(self, venue: Venue, booking_id: str, change: Change) -> Booking: ...

    @abstractmethod
    def cancel(self, venue: Venue, booking_id: str) -> None: ...
