"""A day's occupancy: counts by start time, the same overlaps as counting the bookings one by one."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from concierge.domain.booking import Booking
from concierge.domain.occupancy import Load, Occupancy, OccupancyDrift
from concierge.domain.venue import hhmm, minutes

DAY = dt.date(2026, 2, 20)


def booking(time: str, people: int = 2, n: int = 0) -> Booking:
    return Booking(booking_id=f"{time}-{n}", venue_id="v", day=DAY, time=time, people=people, name="x", phone=f"+39{n}")


def overlapping_one_by_one(bookings: list[Booking], time: str, stay: int) -> int:
    start = minutes(time)
    return sum(1 for b in bookings if minutes(b.time) < start + stay and start < minutes(b.time) + stay)


def test_bookings_and_covers_are_counted_by_start_time():
    occupancy = Occupancy.of([booking("20:00", 2), booking("20:00", 5, 1), booking("19:30", 3)])
    assert occupancy.loads == {"19:30": Load(1, 3), "20:00": Load(2, 7)}
    assert (occupancy.bookings, occupancy.covers) == (3, 10)
    assert list(occupancy.to_document()) == ["19:30", "20:00"]


def test_adding_and_taking_out_a_booking_gives_the_recount():
    first, second = booking("20:00", 2), booking("20:00", 4, 1)
    occupancy = Occupancy().plus(first).plus(second)
    assert occupancy == Occupancy.of([first, second])
    assert occupancy.minus(first) == Occupancy.of([second])
    assert occupancy.minus(first).minus(second) == Occupancy() and Occupancy().to_document() == {}


def test_taking_out_a_booking_the_occupancy_does_not_hold_is_drift():
    with pytest.raises(OccupancyDrift):
        Occupancy().minus(booking("20:00"))
    with pytest.raises(OccupancyDrift):
        Occupancy.of([booking("20:00", 2)]).minus(booking("20:00", 6))


def test_the_stored_form_reads_back_the_same_occupancy():
    occupancy = Occupancy.of([booking("21:00", 4), booking("09:15", 1, 1)])
    assert Occupancy.from_document(occupancy.to_document()) == occupancy


def test_stays_overlap_bookings_starting_less_than_a_stay_before_or_after():
    occupancy = Occupancy.of([booking("19:00"), booking("20:30", n=1), booking("22:00", n=2)])
    assert occupancy.overlapping("20:00", 90) == 2  # 19:00 ends at 20:30; 22:00 starts after 21:30
    assert occupancy.overlapping_each([minutes("20:00"), minutes("18:00"), minutes("21:30")], 90) == [2, 1, 2]


times = st.integers(min_value=0, max_value=1439).map(hhmm)


@settings(max_examples=300, deadline=None)
@given(
    starts=st.lists(st.tuples(times, st.integers(min_value=1, max_value=12)), max_size=60),
    slots=st.lists(times, max_size=40),
    stay=st.integers(min_value=1, max_value=300),
)
def test_every_slots_overlap_matches_counting_the_bookings_one_by_one(starts, slots, stay):
    bookings = [booking(t, people, n) for n, (t, people) in enumerate(starts)]
    occupancy = Occupancy.of(bookings)
    expected = [overlapping_one_by_one(bookings, s, stay) for s in slots]
    assert occupancy.overlapping_each([minutes(s) for s in slots], stay) == expected
    assert [occupancy.overlapping(s, stay) for s in slots] == expected


@settings(max_examples=200, deadline=None)
@given(
    steps=st.lists(st.tuples(st.booleans(), times, st.integers(min_value=1, max_value=6)), max_size=40),
    stay=st.integers(min_value=1, max_value=300),
)
def test_adding_and_taking_out_one_by_one_keeps_the_recount_its_order_and_its_overlaps(steps, stay):
    held: list[Booking] = []
    occupancy = Occupancy()
    for n, (add, time, people) in enumerate(steps):
        taken = next((b for b in held if b.time == time), None)
        if add or taken is None:
            new = booking(time, people, n)
            held.append(new)
            occupancy = occupancy.plus(new)
        else:
            held.remove(taken)
            occupancy = occupancy.minus(taken)
        recount = Occupancy.of(held)
        assert occupancy == recount and list(occupancy.to_document()) == list(recount.to_document())
        probes = [b.time for b in held] + [time]
        expected = [overlapping_one_by_one(held, t, stay) for t in probes]
        assert [occupancy.overlapping(t, stay) for t in probes] == expected
