"""Checks shared by create_booking and modify_booking, run inside the provider's atomic step."""

from __future__ import annotations

import datetime as dt

from concierge.domain.booking import Booking
from concierge.domain.errors import ToolError, validation_error
from concierge.domain.occupancy import Occupancy
from concierge.domain.openings import nearest_free_slots, slot_status
from concierge.domain.venue import Venue
from concierge.tools.context import now_hhmm, speaker


def require_capacity_config(venue: Venue) -> None:
    if venue.max_concurrent_bookings is not None and venue.avg_stay_minutes is not None:
        return
    missing = [k for k in ("max_concurrent_bookings", "avg_stay_minutes") if getattr(venue, k) is None]
    if missing:
        raise ToolError("CONFIG_ERROR", f'Venue "{venue.id}" has no {" or ".join(missing)} in its knowledge base.')


def refuse_past(day: dt.date, time: str, local_now: dt.datetime) -> None:
    if day < local_now.date():
        raise validation_error("day", f"{day.isoformat()} is in the past")
    if day == local_now.date() and time < now_hhmm(local_now):
        raise validation_error("time", f"{time} today has already passed")


def refuse_too_many_people(venue: Venue, people: int) -> None:
    if people > venue.max_people:
        raise ToolError("MAX_PEOPLE_EXCEEDED", speaker(venue).max_people(venue.max_people), max_people=venue.max_people)


def admit(venue: Venue, day: dt.date, time: str, phone: str, bookings: list[Booking], local_now: dt.datetime) -> None:
    """Refuse a booking at day/time against the day's other bookings; return when it fits."""
    occupancy = Occupancy.of(bookings)
    status = slot_status(venue, day, time, occupancy)
    duplicate = any(b.phone == phone and b.time == time for b in bookings)
    if status.available and not duplicate:
        return
    say = speaker(venue)

    def nearest() -> dict:
        not_before = now_hhmm(local_now) if day == local_now.date() else None
        slots = nearest_free_slots(venue, day, time, occupancy, not_before)
        return {"nearest_slots": slots, "nearest_slots_human": [say.time_human(s) for s in slots] or None}

    if status.reason in ("closed", "not_in_openings", "cutoff"):
        alternatives = nearest()
        raise ToolError("OUTSIDE_HOURS", say.outside_hours(alternatives["nearest_slots"]), **alternatives)
    if duplicate:
        raise ToolError("DUPLICATE_BOOKING", say.duplicate())
    if status.reason == "full":
        alternatives = nearest()
        raise ToolError("SLOT_FULL", say.slot_full(alternatives["nearest_slots"]), **alternatives)
