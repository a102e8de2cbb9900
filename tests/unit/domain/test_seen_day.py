"""A day as a write sees it: its occupancy at once, whether a phone holds a time only when asked."""

from __future__ import annotations

import datetime as dt

from concierge.domain.booking import Booking
from concierge.domain.occupancy import Load, Occupancy
from concierge.domain.seen_day import SeenDay

FRIDAY = dt.date(2026, 2, 20)
ANA_PHONE, BEA_PHONE = "+393330000001", "+393330000002"


def booking(booking_id: str, time: str, phone: str, people: int = 2) -> Booking:
    return Booking(booking_id=booking_id, venue_id="v", day=FRIDAY, time=time, people=people, name="x", phone=phone)


ANA, BEA = booking("ana", "20:00", ANA_PHONE, 2), booking("bea", "20:00", BEA_PHONE, 4)


def kept_by_a_store(bookings: list[Booking], occupancy: Occupancy | None = None) -> tuple[SeenDay, list[tuple]]:
    """What a store with a keyed lookup hands an admit: the stored occupancy, lookups on demand."""
    asked: list[tuple] = []

    def holds(phone: str, time: str) -> bool:
        asked.append((phone, time))
        return any(b.phone == phone and b.time == time for b in bookings)

    stored = occupancy if occupancy is not None else Occupancy.of(bookings)
    return SeenDay(stored, holds, commit_refuses_duplicates=True), asked


def test_a_day_read_whole_is_counted_from_its_bookings_and_knows_who_holds_what():
    seen = SeenDay.of([ANA, BEA])
    assert seen.occupancy.loads == {"20:00": Load(2, 6)}
    assert not seen.commit_refuses_duplicates
    assert seen.holds(ANA_PHONE, "20:00") and not seen.holds(ANA_PHONE, "21:00")


def test_a_kept_day_is_asked_who_holds_a_time_only_when_the_admit_asks():
    seen, asked = kept_by_a_store([ANA, BEA])
    assert seen.occupancy.loads == {"20:00": Load(2, 6)} and asked == []
    assert seen.holds(BEA_PHONE, "20:00")
    assert asked == [(BEA_PHONE, "20:00")]


def test_a_day_without_one_of_its_bookings_takes_it_out_of_the_occupancy_and_no_longer_holds_it():
    seen, asked = kept_by_a_store([ANA, BEA])
    others = seen.without(ANA)
    assert others.occupancy.loads == {"20:00": Load(1, 4)}
    assert others.commit_refuses_duplicates
    assert not others.holds(ANA_PHONE, "20:00")
    assert asked == []  # the booking's own phone and time: answered without a lookup
    assert others.holds(BEA_PHONE, "20:00")


def test_a_day_that_never_counted_the_booking_competes_with_what_it_holds():
    seen, _ = kept_by_a_store([], occupancy=Occupancy.of([booking("cy", "21:00", BEA_PHONE)]))
    assert seen.without(ANA).occupancy.loads == {"21:00": Load(1, 2)}
