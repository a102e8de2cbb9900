"""What a day holds: how many bookings, and how many people (covers), start at each time.

The stores keep a day's occupancy beside its bookings and change it in the same atomic step as
every booking they write, so an availability check reads one document instead of the day's
bookings. A booking at t occupies [t, t + stay): how many stays overlap a slot is then a sum over
the start times less than a stay before or after it, which `overlapping_each` computes for every
slot of a day in one pass over the sorted slots and start times.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from itertools import accumulate
from typing import Iterable, Mapping

from concierge.domain.booking import Booking
from concierge.domain.venue import minutes


@dataclass(frozen=True)
class Load:
    """What starts at one time of a day."""

    bookings: int
    covers: int


class OccupancyDrift(ValueError):
    """A booking was taken out of an occupancy that did not hold it: the occupancy is not its bookings' count."""


class Occupancy:
    """A day's loads by start time ("HH:MM"); immutable. Times that hold nothing are not kept."""

    __slots__ = ("_held", "_index")

    def __init__(self, loads: Mapping[str, Load] | None = None) -> None:
        self._set({t: (load.bookings, load.covers) for t, load in (loads or {}).items()})

    def _set(self, held: Mapping[str, tuple[int, int]]) -> None:
        self._held = {t: held[t] for t in sorted(held) if held[t][0] > 0}  # "HH:MM" sorts in time order
        self._index: tuple[list[int], list[int]] | None = None  # worked out when an overlap is first asked

    @classmethod
    def _of(cls, held: Mapping[str, tuple[int, int]]) -> Occupancy:
        occupancy = cls.__new__(cls)
        occupancy._set(held)
        return occupancy

    def _with(self, time: str, n: int, covers: int) -> Occupancy:
        """This occupancy with `time` holding n bookings and covers: only a time new to it needs sorting."""
        if n > 0 and time not in self._held:
            return Occupancy._of({**self._held, time: (n, covers)})
        held = dict(self._held)
        if n > 0:
            held[time] = (n, covers)
        else:
            del held[time]
        occupancy = Occupancy.__new__(Occupancy)
        occupancy._held, occupancy._index = held, None
        return occupancy

    @classmethod
    def counted(cls, counts: Iterable[tuple[str, int, int]]) -> Occupancy:
        """From (time, bookings, covers) counts, as a store's recount query answers them."""
        return cls._of({t: (n, covers) for t, n, covers in counts})

    @classmethod
    def of(cls, bookings: Iterable[Booking]) -> Occupancy:
        """The recount: what the bookings hold."""
        counts: dict[str, tuple[int, int]] = {}
        for b in bookings:
            n, covers = counts.get(b.time, (0, 0))
            counts[b.time] = (n + 1, covers + b.people)
        return cls._of(counts)

    @property
    def loads(self) -> dict[str, Load]:
        return {t: Load(n, covers) for t, (n, covers) in self._held.items()}

    @property
    def bookings(self) -> int:
        return sum(n for n, _ in self._held.values())

    @property
    def covers(self) -> int:
        return sum(covers for _, covers in self._held.values())

    def plus(self, booking: Booking) -> Occupancy:
        n, covers = self._held.get(booking.time, (0, 0))
        return self._with(booking.time, n + 1, covers + booking.people)

    def minus(self, booking: Booking) -> Occupancy:
        n, covers = self._held.get(booking.time, (0, 0))
        if n < 1 or covers < booking.people:
            raise OccupancyDrift(f"{booking.time} does not hold a booking of {booking.people}")
        return self._with(booking.time, n - 1, covers - booking.people)

    # --- stored form: {"20:00": [bookings, covers]} (a JSON object, a Firestore map) -------------------
    def to_document(self) -> dict[str, list[int]]:
        return {t: [n, covers] for t, (n, covers) in self._held.items()}

    @classmethod
    def from_document(cls, document: Mapping[str, list[int]]) -> Occupancy:
        return cls._of({t: (int(n), int(covers)) for t, (n, covers) in document.items()})

    # --- overlaps ---------------------------------------------------------------------------------
    def _starts_and_running(self) -> tuple[list[int], list[int]]:
        """The start minutes in order, and how many bookings start up to each (kept once worked out)."""
        if self._index is None:
            starts = [minutes(t) for t in self._held]
            self._index = (starts, list(accumulate(n for n, _ in self._held.values())))
        return self._index

    def _started_before(self, minute: int, inclusive: bool) -> int:
        """Bookings starting before `minute` (or at it, when inclusive)."""
        starts, running = self._starts_and_running()
        i = bisect_right(starts, minute) if inclusive else bisect_left(starts, minute)
        return running[i - 1] if i else 0

    def overlapping(self, time: str, stay_minutes: int) -> int:
        """How many bookings' stays overlap a stay starting at `time`: those starting within a stay of it."""
        start = minutes(time)
        return self._started_before(start + stay_minutes, False) - self._started_before(start - stay_minutes, True)

    def overlapping_each(self, slots: list[int], stay_minutes: int) -> list[int]:
        """`overlapping` for stays starting at each of `slots` (minutes since midnight), in one pass over the
        slots and the start times, both in time order."""
        order: Iterable[int] = range(len(slots))
        if any(slots[k] > slots[k + 1] for k in range(len(slots) - 1)):
            order = sorted(order, key=slots.__getitem__)
        starts, running = self._starts_and_running()
        n = len(starts)
        counts = [0] * len(slots)
        low = high = 0  # first start after t - stay; first start at or after t + stay
        for i in order:
            t = slots[i]
            while low < n and starts[low] <= t - stay_minutes:
                low += 1
            while high < n and starts[high] < t + stay_minutes:
                high += 1
            counts[i] = (running[high - 1] if high else 0) - (running[low - 1] if low else 0)
        return counts

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Occupancy) and self._held == other._held

    def __hash__(self) -> int:
        return hash(tuple(self._held.items()))

    def __repr__(self) -> str:
        return f"Occupancy({self.to_document()})"
