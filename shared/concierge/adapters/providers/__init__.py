"""The booking-provider port: where a venue's bookings live (chosen by its `provider` block).

Every provider has one constructor shape, `Provider(config, env, **needs)`: the venue's `provider:`
block, the environment its secrets are read from, and the resources it names in `needs` ("lease": the
store's lease factory, for back-ends without transactions; "store": the project's own store;
"snapshots": the store's shared copies of back-end reads, for back-ends with a tight read quota). Providers
are registered by kind in `concierge.domain.providers`.

A provider speaks in the narrow exceptions of `concierge.adapters.providers.errors` (never in words a
person reads): the tools translate them once, into the contract's codes in the venue's language. A
ToolError raised by the `admit` or `change` callbacks (SLOT_FULL, OUTSIDE_HOURS...) passes through.
"""

from __future__ import annotations

import datetime as dt
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Mapping

from concierge.adapters.providers.errors import (
    BackendRefused,
    BackendUnavailable,
    BookingGone,
    ProviderFailure,
    ProviderNotConfigured,
    RateLimited,
)
from concierge.adapters.store import Admit, Change
from concierge.domain.booking import Booking, BookingDraft
from concierge.domain.occupancy import Occupancy
from concierge.domain.venue import Venue

__all__ = [
    "BookingProvider",
    "ProviderFailure",
    "BookingGone",
    "BackendUnavailable",
    "RateLimited",
    "BackendRefused",
    "ProviderNotConfigured",
]


class BookingProvider(ABC):
    # Resources bootstrap passes as keyword arguments: "lease" (a store lease factory), "store", "snapshots".
    needs: ClassVar[tuple[str, ...]] = ()

    def __init__(  # noqa: B027 - the one constructor shape, not a duty
        self,
        config: Mapping[str, Any],
        env: Mapping[str, str],
        **resources: Any,
    ) -> None:
        """config: the venue's provider block; env: where its secrets are read."""

    @abstractmethod
    def bookings_on(self, venue: Venue, day: dt.date) -> list[Booking]: ...

    def occupancy_on(self, venue: Venue, day: dt.date) -> Occupancy:
        """What the day's bookings hold at each start time (a back-end that keeps it reads it whole)."""
        return Occupancy.of(self.bookings_on(venue, day))

    @abstractmethod
    def bookings_for_phone(self, venue: Venue, phone: str, from_day: dt.date) -> list[Booking]: ...

    @abstractmethod
    def bookings_between(self, venue: Venue, first_day: dt.date, last_day: dt.date) -> list[Booking]:
        """Active bookings from first_day to last_day inclusive, in time order."""

    @abstractmethod
    def get(self, venue: Venue, booking_id: str) -> Booking:
        """One active booking; BookingGone otherwise."""

    @abstractmethod
    def create(self, venue: Venue, draft: BookingDraft, admit: Admit) -> Booking:
        """Check with `admit` against the day's bookings and write, without a writer in between."""

    @abstractmethod
    def update(self, venue: Venue, booking_id: str, change: Change) -> Booking: ...

    @abstractmethod
    def cancel(self, venue: Venue, booking_id: str) -> None: ...
