"""A day as one atomic write sees it: what the checks that admit a booking are given.

Admitting a booking needs what the day holds (its occupancy: hours, cutoff and capacity are
decided from it) and, for one refusal only, the day's bookings: whether the same phone already
holds that time. A store that keeps the occupancy beside the day and refuses a duplicate phone, day
and time at commit by itself (Firestore's slot keys) admits a booking from the occupancy alone, and
reads the bookings only when a refusal has to be told apart (a full slot the caller already holds is
a duplicate, not a full slot). Every other back-end reads the day's bookings and hands them over.
A change of a booking within its own day competes with the day without it (`without`).
"""

from __future__ import annotations

from typing import Callable

from concierge.domain.booking import Booking
from concierge.domain.occupancy import Occupancy, OccupancyDrift


class SeenDay:
    """The day's occupancy, and its bookings read on first use (at most once)."""

    __slots__ = ("occupancy", "commit_refuses_duplicates", "_read", "_bookings")

    def __init__(
        self, occupancy: Occupancy, read: Callable[[], list[Booking]], *, commit_refuses_duplicates: bool
    ) -> None:
        self.occupancy = occupancy
        self.commit_refuses_duplicates = commit_refuses_duplicates
        self._read = read
        self._bookings: list[Booking] | None = None

    @classmethod
    def of(cls, bookings: list[Booking]) -> SeenDay:
        """A day whose bookings were read whole."""
        seen = cls(Occupancy.of(bookings), lambda: bookings, commit_refuses_duplicates=False)
        seen._bookings = bookings
        return seen

    def bookings(self) -> list[Booking]:
        if self._bookings is None:
            self._bookings = self._read()
        return self._bookings

    def holds(self, phone: str, time: str) -> bool:
        """Whether an active booking of this phone already starts at this time."""
        return any(b.phone == phone and b.time == time for b in self.bookings())

    def without(self, booking: Booking) -> SeenDay:
        """This day without `booking`, one of its own being changed: what the change competes with."""

        def others() -> list[Booking]:
            return [b for b in self.bookings() if b.booking_id != booking.booking_id]

        if self._bookings is not None:
            return SeenDay.of(others())
        try:
            occupancy = self.occupancy.minus(booking)
        except OccupancyDrift:  # the stored count does not hold it (it moved on meanwhile): count the others
            occupancy = Occupancy.of(others())
        return SeenDay(occupancy, others, commit_refuses_duplicates=self.commit_refuses_duplicates)
