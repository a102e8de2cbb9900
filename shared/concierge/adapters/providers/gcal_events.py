"""What our Google Calendar events hold, and how any event on the calendar reads as bookings.

Our events carry their data in `extendedProperties.private` (a marker, the venue, phone, people, name,
notes) and take their day and time from the event's start. Anyone else's event is busy time, told as
start times of stays that cover it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo

from concierge.adapters.providers.gcal_api import Malformed
from concierge.domain.booking import Booking, BookingDraft
from concierge.domain.venue import Venue, hhmm, minutes

BUSY_NAME = {"it": "Occupato", "en": "Busy", "fr": "Occupé", "pt": "Compromisso ocupado"}
SUMMARY_LABEL = {"it": "Prenotazione", "en": "Booking", "fr": "Réservation", "pt": "Reserva"}


@dataclass(frozen=True)
class Entry:
    """A booking as read from the calendar, with what the post-write check orders by."""

    booking: Booking
    event_id: str
    created: str  # RFC 3339; "" for busy time we cannot date (counts as earlier than anything)
    own: bool


def phone_key(venue: Venue, phone: str) -> str:
    """A filterable stand-in for the phone, so request URLs (and their logs) carry no number."""
    return hashlib.sha256(f"{venue.id}:{phone}".encode()).hexdigest()[:24]


def event_time(value: Any, venue: Venue) -> dt.datetime:
    """An event's start or end as an aware venue-local datetime (all-day dates at midnight)."""
    if not isinstance(value, dict):
        raise Malformed("event without start/end")
    try:
        return _parse_moment(value, venue)
    except (ValueError, TypeError, KeyError):
        raise Malformed("event time not in RFC 3339") from None


def _parse_moment(value: dict, venue: Venue) -> dt.datetime:
    if "dateTime" in value:
        moment = dt.datetime.fromisoformat(str(value["dateTime"]))
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=ZoneInfo(value["timeZone"]) if value.get("timeZone") else venue.tz)
        return moment.astimezone(venue.tz)
    if "date" in value:
        return dt.datetime.combine(dt.date.fromisoformat(str(value["date"])), dt.time(), venue.tz)
    raise Malformed("event time without dateTime or date")


def day_bounds(venue: Venue, first: dt.date, last: dt.date) -> tuple[dt.datetime, dt.datetime]:
    return (
        dt.datetime.combine(first, dt.time(), venue.tz),
        dt.datetime.combine(last + dt.timedelta(days=1), dt.time(), venue.tz),
    )


def busy_tiles(
    venue: Venue, start: dt.datetime, end: dt.datetime, first: dt.date, last: dt.date, key: str
) -> list[tuple[dt.date, str, str]]:
    """Busy time as start times of stays that together cover it, per day: every stay that overlaps
    the busy time overlaps one of them (it may overlap two: the count errs on the side of refusing)."""
    stay = venue.avg_stay_minutes or venue.slot_minutes
    tiles: list[tuple[dt.date, str, str]] = []
    if end <= start:
        return tiles  # a zero-length event takes no time (freebusy agrees)
    day = max(start.date(), first)
    while day <= last and dt.datetime.combine(day, dt.time(), venue.tz) < end:
        day_start, day_end = day_bounds(venue, day, day)
        if start < day_end and end > day_start:
            lo = 0 if start <= day_start else minutes(start.strftime("%H:%M"))
            hi = 24 * 60 if end >= day_end else minutes(end.strftime("%H:%M")) + (1 if end.second else 0)
            tiles += [(day, hhmm(m), f"busy-{key}-{day:%Y%m%d}-{m}") for m in range(lo, max(hi, lo + 1), stay)]
        day += dt.timedelta(days=1)
    return tiles


def is_own(venue: Venue, event: dict) -> bool:
    private = (event.get("extendedProperties") or {}).get("private") or {}
    return (
        isinstance(private, dict)
        and private.get("concierge") == "booking"
        and private.get("concierge_venue") == venue.id
    )


def own_entry(venue: Venue, event: dict) -> Entry:
    private = event["extendedProperties"]["private"]
    try:
        start = event_time(event["start"], venue)
        booking = Booking(
            booking_id=str(event["id"]),
            venue_id=venue.id,
            day=start.date(),
            time=start.strftime("%H:%M"),
            people=int(private["people"]),
            name=str(private["name"]),
            phone=str(private["phone"]),
            notes=private.get("notes") or None,
        )
    except Malformed:
        raise
    except Exception as exc:
        raise Malformed(f"our event is missing {type(exc).__name__}") from None
    return Entry(booking, booking.booking_id, str(event.get("created") or ""), own=True)


def event_body(venue: Venue, booking: Booking | BookingDraft, times: bool) -> dict:
    label = SUMMARY_LABEL.get(venue.locale, SUMMARY_LABEL["en"])
    private = {
        "concierge": "booking",
        "concierge_venue": venue.id,
        "concierge_phone_key": phone_key(venue, booking.phone),
        "phone": booking.phone,
        "people": str(booking.people),
        "name": booking.name[:1000],
        "notes": (booking.notes or "")[:1000],
    }
    body: dict = {
        "summary": f"{label}: {booking.name} ({booking.people})",
        "description": "\n".join(x for x in (booking.phone, booking.notes) if x),
        "extendedProperties": {"private": private},
    }
    if times:
        start = dt.datetime.combine(booking.day, dt.time.fromisoformat(booking.time))
        end = start + dt.timedelta(minutes=venue.avg_stay_minutes or venue.slot_minutes)
        body["start"] = {"dateTime": start.isoformat(timespec="seconds"), "timeZone": venue.timezone}
        body["end"] = {"dateTime": end.isoformat(timespec="seconds"), "timeZone": venue.timezone}
    return body
