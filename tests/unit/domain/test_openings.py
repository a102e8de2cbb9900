"""Slots, statuses and nearest alternatives, with no I/O."""

from __future__ import annotations

import datetime as dt

from concierge.domain.booking import Booking
from concierge.domain.occupancy import Occupancy
from concierge.domain.openings import (
    day_slots,
    is_open_at,
    nearest_free_slots,
    next_open_day,
    next_opening_today,
    slot_status,
)

THURSDAY = dt.date(2026, 2, 19)
EMPTY = Occupancy()


def at(time: str, n: int = 1) -> list[Booking]:
    return [
        Booking(booking_id=f"{time}-{i}", venue_id="roma", day=THURSDAY, time=time, people=2, name="x", phone=f"+39{i}")
        for i in range(n)
    ]


def test_slots_run_from_opening_to_close_minus_cutoff_inclusive(venues):
    assert day_slots(venues["roma"], THURSDAY) == ["19:00", "19:30", "20:00", "20:30", "21:00", "21:30", "22:00"]


def test_a_stay_overlaps_bookings_that_started_less_than_a_stay_before_or_after(venues):
    occupancy = Occupancy.of(at("19:00") + at("20:30") + at("22:00"))
    assert occupancy.overlapping("20:00", 90) == 2  # 19:00 ends 20:30; 22:00 starts after 21:30


def test_statuses_distinguish_every_reason(venues):
    roma = venues["roma"]
    assert slot_status(roma, THURSDAY, "20:00", EMPTY).available
    assert slot_status(roma, THURSDAY, "18:30", EMPTY).reason == "not_in_openings"
    assert slot_status(roma, THURSDAY, "20:10", EMPTY).reason == "not_in_openings"
    assert slot_status(roma, THURSDAY, "22:15", EMPTY).reason == "cutoff"
    assert slot_status(roma, THURSDAY, "23:00", EMPTY).reason == "not_in_openings"
    assert slot_status(roma, THURSDAY, "20:00", Occupancy.of(at("20:00", 3))).reason == "full"
    assert slot_status(roma, dt.date(2026, 2, 22), "20:00", EMPTY).reason == "closed"


def test_nearest_slots_skip_full_and_past_slots_and_come_in_time_order(venues):
    roma = venues["roma"]
    # 19:30 and 20:30 are 30 minutes away; of 19:00 and 21:00, an hour away, the earlier wins.
    assert nearest_free_slots(roma, THURSDAY, "20:00", EMPTY) == ["19:00", "19:30", "20:30"]
    assert nearest_free_slots(roma, THURSDAY, "20:00", EMPTY, not_before="19:15") == ["19:30", "20:30", "21:00"]
    assert nearest_free_slots(roma, THURSDAY, "20:00", Occupancy.of(at("20:00", 3))) == ["21:30", "22:00"]


def test_the_next_open_day_skips_closed_dates_and_closed_weekdays(venues):
    assert next_open_day(venues["roma"], dt.date(2026, 12, 24)) == dt.date(2026, 12, 28)


def test_open_now_includes_the_opening_minute_and_excludes_the_closing_minute(venues):
    roma = venues["roma"]
    assert is_open_at(roma, dt.datetime(2026, 2, 19, 19, 0))
    assert not is_open_at(roma, dt.datetime(2026, 2, 19, 22, 30))
    assert next_opening_today(roma, dt.datetime(2026, 2, 20, 15, 0)) == "19:00"
    assert next_opening_today(roma, dt.datetime(2026, 2, 20, 11, 0)) == "12:30"


def test_a_venue_copied_or_changed_with_other_hours_opens_by_its_own(venues):
    roma = venues["roma"].model_copy()
    assert day_slots(roma, THURSDAY)  # its ranges are worked out once, then kept
    shorter = roma.model_copy(update={"hours": {"thu": {"dinner": ("20:00", "21:00")}}})
    assert day_slots(shorter, THURSDAY) == ["20:00", "20:30"]  # roma takes none in its last 30 minutes
    closed = roma.model_copy(update={"closed_dates": [THURSDAY]})
    assert day_slots(closed, THURSDAY) == [] and slot_status(closed, THURSDAY, "20:00", EMPTY).reason == "closed"
    roma.special_hours = {THURSDAY: {"lunch": ("12:00", "13:30")}}
    assert day_slots(roma, THURSDAY) == ["12:00", "12:30", "13:00"]
    assert day_slots(venues["roma"], THURSDAY)[0] == "19:00"
