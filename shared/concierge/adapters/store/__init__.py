"""The store port: venues and the built-in provider's bookings.

Writes that must see a consistent day (create, update) take a callback that runs inside the
store's atomic step, so the capacity and duplicate checks and the write cannot interleave
with another writer's.
"""

from __future__ import annotations

import datetime as dt
from abc import ABC, abstractmethod
from typing import Callable

from concierge.domain.booking import Booking, BookingDraft

DayReader = Callable[[dt.date], list[Booking]]
Admit = Callable[[list[Booking]], None]
Change = Callable[[Booking, DayReader], Booking]


class Store(ABC):
    # --- venues ------------------------------------------------------------------------
    @abstractmethod
    def get_venue(self, venue_id: str) -> dict | None: ...

    @abstractmethod
    def put_venues(self, venues: dict[str, dict]) -> None:
        """Write every venue of a knowledge base at once: all or nothing."""

    @abstractmethod
    def venue_ids(self) -> list[str]: ...

    # --- bookings of the built-in provider --------------------------------------------------
    @abstractmethod
    def bookings_on(self, venue_id: str, day: dt.date) -> list[Booking]: ...

    @abstractmethod
    def bookings_for_phone(self, venue_id: str, phone: str, from_day: dt.date) -> list[Booking]: ...

    @abstractmethod
    def get_booking(self, venue_id: str, booking_id: str) -> Booking | None: ...

    @abstractmethod
    def create_booking(self, venue_id: str, draft: BookingDraft, admit: Admit) -> Booking:
        """Run `admit` on the day's bookings and write the draft, as one atomic step."""

    @abstractmethod
    def update_booking(self, venue_id: str, booking_id: str, change: Change) -> Booking:
        """Re-read the booking, let `change` build its new version, write it: one atomic step.

        `change` may read other days through the DayReader it is given (inside the same step)
        and raise ToolError to refuse; BOOKING_NOT_FOUND when the booking is gone.
        """

    @abstractmethod
    def cancel_booking(self, venue_id: str, booking_id: str) -> None:
        """Cancel an active booking; BOOKING_NOT_FOUND when it is missing or already cancelled."""


def new_booking_id() -> str:
    import uuid

    return uuid.uuid4().hex[:12]
