"""Checks shared by create_booking and modify_booking, run inside the provider's atomic step."""

from __future__ import annotations

import datetime as dt

from concierge.domain.errors import ToolError, validation_error
from concierge.domain.openings import nearest_free_slots, slot_status
from concierge.domain.seen_day import SeenDay
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


def admit(venue: Venue, day: dt.date, time: str, phone: str, seen: SeenDay, local_now: dt.datetime) -> None:
    """Refuse a booking at day/time against what the day holds; return when it fits.

    Whether the caller already holds that time is asked only to tell a duplicate apart, and not at all
    when the slot is free and the store's commit refuses a duplicate itself."""
    occupancy = seen.occupancy
    status = slot_status(venue, day, time, occupancy)
    if status.available and (seen.commit_refuses_duplicates or not seen.holds(phone, time)):
        return
    say = speaker(venue)

    def nearest() -> dict:
        not_before = now_hhmm(local_now) if day == local_now.date() else None
        slots = nearest_free_slots(venue, day, time, occupancy, not_before)
        return {"nearest_slots": slots, "nearest_slots_human": [say.time_human(s) for s in slots] or None}

    if status.reason in ("closed", "not_in_openings", "cutoff"):
        alternatives = nearest()
        raise ToolError("OUTSIDE_HOURS", say.outside_hours(alternatives["nearest_slots"]), **alternatives)
    if seen.holds(phone, time):
        raise ToolError("DUPLICATE_BOOKING", say.duplicate())
    if status.reason == "full":
        alternatives = nearest()
        raise ToolError("SLOT_FULL", say.slot_full(alternatives["nearest_slots"]), **alternatives)
