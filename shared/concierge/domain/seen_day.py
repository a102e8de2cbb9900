"""A day as one atomic write sees it: what the checks that admit a booking are given.

Admitting a booking needs what the day holds (its occupancy: hours, cutoff and capacity are
decided from it) and, for one refusal only, whether the caller already holds that time (a full
slot the caller holds is a duplicate, not a full slot). A store that keeps the occupancy beside the
day answers that with one keyed lookup, made only when asked, and refuses a duplicate phone, day and
time at commit by itself (Firestore's slot keys, SQLite's unique index), so a free slot is admitted
from the occupancy alone. Every other back-end reads the day's bookings and hands them over (`of`).
A change of a booking within its own day competes with the day without it (`without`).
"""

from __future__ import annotations

from typing import Callable

from concierge.domain.booking import Booking
from concierge.domain.occupancy import Occupancy, OccupancyDrift

Holds = Callable[[str, str], bool]  # (phone, time) -> whether an active booking of that phone starts then


class SeenDay:
    """The day's occupancy, and whether a phone already holds a time of it (asked only when a refusal needs it)."""

    __slots__ = ("occupancy", "commit_refuses_duplicates", "_holds")

    def __init__(self, occupancy: Occupancy, holds: Holds, *, commit_refuses_duplicates: bool) -> None:
        self.occupancy = occupancy
        self.commit_refuses_duplicates = commit_refuses_duplicates
        self._holds = holds

    @classmethod
    def of(cls, bookings: list[Booking]) -> SeenDay:
        """A day whose bookings were read whole."""
        held = {(b.phone, b.time) for b in bookings}
        return cls(Occupancy.of(bookings), lambda phone, time: (phone, time) in held, commit_refuses_duplicates=False)

    def holds(self, phone: str, time: str) -> bool:
        """Whether an active booking of this phone already starts at this time."""
        return self._holds(phone, time)

    def without(self, booking: Booking) -> SeenDay:
        """This day without `booking`, one of its own being changed: what the change competes with.

        One phone holds a time at most once, so the day without the booking holds the booking's own
        phone and time no more."""
        try:
            occupancy = self.occupancy.minus(booking)
        except OccupancyDrift:  # the day did not count it (it moved on meanwhile): the others are all it holds
            occupancy = self.occupancy

        def holds(phone: str, time: str) -> bool:
            return (phone, time) != (booking.phone, booking.time) and self._holds(phone, time)

        return SeenDay(occupancy, holds, commit_refuses_duplicates=self.commit_refuses_duplicates)
