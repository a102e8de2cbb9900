"""Admitting a booking from what its day holds, reading the day's bookings only to tell a duplicate apart."""

from __future__ import annotations

import datetime as dt

import pytest

from concierge.domain.booking import Booking
from concierge.domain.errors import ToolError
from concierge.domain.occupancy import Occupancy
from concierge.domain.seen_day import SeenDay
from concierge.tools.booking_rules import admit

FRIDAY = dt.date(2026, 2, 20)
LOCAL_NOW = dt.datetime(2026, 2, 19, 18, 0, tzinfo=dt.timezone(dt.timedelta(hours=1)))
CALLER = "+393331234567"


def booking(time: str, phone: str) -> Booking:
    return Booking(booking_id=f"{time}{phone}", venue_id="roma", day=FRIDAY, time=time, people=2, name="x", phone=phone)


def seen_by_a_store_with_slot_keys(bookings: list[Booking], lookups: list[int]) -> SeenDay:
    """What Firestore or SQLite hands an admit: the stored occupancy, one keyed lookup when asked."""

    def holds(phone: str, time: str) -> bool:
        lookups.append(1)
        return any(b.phone == phone and b.time == time for b in bookings)

    return SeenDay(Occupancy.of(bookings), holds, commit_refuses_duplicates=True)


def refusal(venue, time: str, seen: SeenDay) -> ToolError:
    with pytest.raises(ToolError) as refused:
        admit(venue, FRIDAY, time, CALLER, seen, LOCAL_NOW)
    return refused.value


def test_a_free_slot_is_admitted_without_a_lookup_when_the_commit_refuses_duplicates(venues):
    lookups: list[int] = []
    admit(
        venues["roma"],
        FRIDAY,
        "20:00",
        CALLER,
        seen_by_a_store_with_slot_keys([booking("20:00", CALLER)], lookups),
        LOCAL_NOW,
    )
    assert lookups == []


def test_a_free_slot_the_caller_already_holds_is_a_duplicate_when_the_store_does_not_refuse_it(venues):
    error = refusal(venues["roma"], "20:00", SeenDay.of([booking("20:00", CALLER)]))
    assert error.code == "DUPLICATE_BOOKING"


def test_a_full_slot_the_caller_already_holds_is_told_as_a_duplicate_after_one_lookup(venues):
    roma = venues["roma"]
    full = [booking("20:00", CALLER)] + [
        booking("20:00", f"+3933300000{i}") for i in range(roma.max_concurrent_bookings - 1)
    ]
    lookups: list[int] = []
    assert refusal(roma, "20:00", seen_by_a_store_with_slot_keys(full, lookups)).code == "DUPLICATE_BOOKING"
    assert lookups == [1]


def test_a_full_slot_held_by_others_is_full_with_the_nearest_free_times(venues):
    roma = venues["roma"]
    full = [booking("20:00", f"+3933300000{i}") for i in range(roma.max_concurrent_bookings)]
    error = refusal(roma, "20:00", seen_by_a_store_with_slot_keys(full, []))
    assert error.code == "SLOT_FULL"
    assert error.extra["nearest_slots"] and "20:00" not in error.extra["nearest_slots"]


def test_a_time_outside_the_hours_is_refused_as_such_without_a_lookup(venues):
    lookups: list[int] = []
    assert refusal(venues["roma"], "16:00", seen_by_a_store_with_slot_keys([], lookups)).code == "OUTSIDE_HOURS"
    assert lookups == []
