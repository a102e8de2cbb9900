"""A day as a write sees it: its occupancy at once, its bookings read once and only when asked."""

from __future__ import annotations

import datetime as dt

from concierge.domain.booking import Booking
from concierge.domain.occupancy import Load, Occupancy
from concierge.domain.seen_day import SeenDay

FRIDAY = dt.date(2026, 2, 20)


def booking(booking_id: str, time: str, people: int = 2) -> Booking:
    return Booking(booking_id=booking_id, venue_id="v", day=FRIDAY, time=time, people=people, name="x", phone="+39333")


ANA, BEA = booking("ana", "20:00", 2), booking("bea", "20:00", 4)


def lazily_read(bookings: list[Booking], occupancy: Occupancy | None = None) -> tuple[SeenDay, list[int]]:
    reads: list[int] = []

    def read() -> list[Booking]:
        reads.append(1)
        return bookings

    stored = occupancy if occupancy is not None else Occupancy.of(bookings)
    return SeenDay(stored, read, commit_refuses_duplicates=True), reads


def test_the_bookings_are_read_on_first_use_and_only_once():
    seen, reads = lazily_read([ANA, BEA])
    assert reads == []
    assert seen.bookings() == [ANA, BEA] and seen.bookings() == [ANA, BEA]
    assert reads == [1]


def test_a_day_without_one_of_its_bookings_takes_it_out_of_the_occupancy_without_reading():
    seen, reads = lazily_read([ANA, BEA])
    others = seen.without(ANA)
    assert others.occupancy.loads == {"20:00": Load(1, 4)}
    assert others.commit_refuses_duplicates
    assert reads == []
    assert others.bookings() == [BEA]


def test_a_stored_count_that_does_not_hold_the_booking_is_replaced_by_a_count_of_the_others():
    seen, reads = lazily_read([ANA, BEA], occupancy=Occupancy.of([booking("cy", "21:00")]))
    others = seen.without(ANA)
    assert others.occupancy.loads == {"20:00": Load(1, 4)}
    assert reads == [1]


def test_a_day_read_whole_is_counted_from_its_bookings_and_recounted_without_one():
    seen = SeenDay.of([ANA, BEA])
    assert not seen.commit_refuses_duplicates
    assert seen.occupancy.loads == {"20:00": Load(2, 6)}
    assert seen.without(BEA).occupancy.loads == {"20:00": Load(1, 2)}
    assert seen.holds("+39333", "20:00") and not seen.holds("+39333", "21:00")
