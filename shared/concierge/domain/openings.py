"""Opening slots, a requested time's status, and the nearest free alternatives.

A booking at t occupies [t, t + avg_stay_minutes). Slots run every slot_minutes from each
range's opening up to close - cutoff_minutes inclusive; later times up to the close are
"cutoff"; any other time is "not_in_openings"; a slot whose stay overlaps
max_concurrent_bookings existing bookings is "full". What the day's bookings hold comes as their
occupancy (counts by start time), so every check costs the day's slots plus its start times.
"""

from __future__ import annotations

import datetime as dt
import functools
import heapq
from dataclasses import dataclass
from typing import Literal, Sequence

from concierge.domain.occupancy import Occupancy
from concierge.domain.venue import OpeningRange, Venue, hhmm, minutes

Reason = Literal["closed", "not_in_openings", "cutoff", "full"]

NEAREST_COUNT = 3


@functools.lru_cache(maxsize=1024)
def _starts(open_min: int, last_min: int, step: int) -> tuple[int, ...]:
    """A range's slot starts (minutes since midnight), made once per distinct range and rules."""
    return tuple(range(open_min, last_min + 1, step))


def _range_starts(rng: OpeningRange, venue: Venue) -> tuple[int, ...]:
    return _starts(rng.open_min, rng.close_min - venue.cutoff_minutes, venue.slot_minutes)


def _day_starts(venue: Venue, ranges: Sequence[OpeningRange]) -> list[int]:
    return [m for rng in ranges for m in _range_starts(rng, venue)]


@functools.lru_cache(maxsize=1024)
def _times(open_min: int, last_min: int, step: int) -> tuple[str, ...]:
    return tuple(hhmm(m) for m in _starts(open_min, last_min, step))


def _range_times(rng: OpeningRange, venue: Venue) -> tuple[str, ...]:
    return _times(rng.open_min, rng.close_min - venue.cutoff_minutes, venue.slot_minutes)


def slots_in(rng: OpeningRange, venue: Venue) -> list[str]:
    return list(_range_times(rng, venue))


def day_slots(venue: Venue, day: dt.date) -> list[str]:
    return [s for rng in venue.ranges_on(day) for s in _range_times(rng, venue)]


def is_full(venue: Venue, occupancy: Occupancy, time: str) -> bool:
    return occupancy.overlapping(time, venue.avg_stay_minutes) >= venue.max_concurrent_bookings


def _free_minutes(venue: Venue, day: dt.date, occupancy: Occupancy) -> list[int]:
    starts = _day_starts(venue, venue.ranges_on(day))
    loads = occupancy.overlapping_each(starts, venue.avg_stay_minutes)
    return [m for m, load in zip(starts, loads, strict=True) if load < venue.max_concurrent_bookings]


def free_slots(venue: Venue, day: dt.date, occupancy: Occupancy) -> list[str]:
    """The day's slots that are not full, in time order."""
    return [hhmm(m) for m in _free_minutes(venue, day, occupancy)]


@dataclass(frozen=True)
class SlotStatus:
    available: bool
    reason: Reason | None


def slot_status(venue: Venue, day: dt.date, time: str, occupancy: Occupancy) -> SlotStatus:
    ranges = venue.ranges_on(day)
    if not ranges:
        return SlotStatus(False, "closed")
    t = minutes(time)
    for rng in ranges:
        if rng.open_min <= t <= rng.close_min:
            if t <= rng.close_min - venue.cutoff_minutes and (t - rng.open_min) % venue.slot_minutes == 0:
                if is_full(venue, occupancy, time):
                    return SlotStatus(False, "full")
                return SlotStatus(True, None)
            if t > rng.close_min - venue.cutoff_minutes:
                return SlotStatus(False, "cutoff")
    return SlotStatus(False, "not_in_openings")


def nearest_free_slots(
    venue: Venue,
    day: dt.date,
    time: str,
    occupancy: Occupancy,
    not_before: str | None = None,
) -> list[str]:
    """Up to three free slots closest to `time` (ties go to the earlier), in time order.

    `not_before` drops slots already past when the day is today.
    """
    target = minutes(time)
    after = minutes(not_before) if not_before is not None else -1
    free = [m for m in _free_minutes(venue, day, occupancy) if m != target and m > after]
    return [hhmm(m) for m in sorted(heapq.nsmallest(NEAREST_COUNT, free, key=lambda m: (abs(m - target), m)))]


def next_open_day(venue: Venue, after: dt.date, horizon_days: int = 366) -> dt.date | None:
    for offset in range(1, horizon_days + 1):
        candidate = after + dt.timedelta(days=offset)
        if venue.ranges_on(candidate):
            return candidate
    return None


def range_open_at(venue: Venue, local_now: dt.datetime) -> OpeningRange | None:
    """The opening range the venue is in at this minute, if any (its `close` says until when)."""
    t = local_now.hour * 60 + local_now.minute
    return next((r for r in venue.ranges_on(local_now.date()) if r.open_min <= t < r.close_min), None)


def is_open_at(venue: Venue, local_now: dt.datetime) -> bool:
    return range_open_at(venue, local_now) is not None


def next_opening_today(venue: Venue, local_now: dt.datetime) -> str | None:
    t = local_now.hour * 60 + local_now.minute
    upcoming = [r.open for r in venue.ranges_on(local_now.date()) if r.open_min > t]
    return upcoming[0] if upcoming else None
