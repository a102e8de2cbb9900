"""The worksheet of a venue's bookings: its header row, and rows read as bookings and written from them."""

from __future__ import annotations

import datetime as dt
from typing import NamedTuple

from concierge.domain.booking import Booking
from concierge.domain.phone import InvalidPhone, to_e164
from concierge.domain.venue import Venue

HEADER = ["booking_id", "day", "time", "people", "name", "phone", "notes", "created_at"]


def to_row(booking: Booking, created_at: str = "") -> list[str]:
    created_at = created_at or dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    return [booking.booking_id, booking.day.isoformat(), booking.time, str(booking.people), booking.name,
            booking.phone, booking.notes or "", created_at]


class Row(NamedTuple):
    """A booking as read, with its row number (1-based) and created_at (written back unchanged)."""

    number: int
    booking: Booking
    created_at: str


def parse_rows(venue: Venue, values: list[list[str]]) -> list[Row]:
    if not values:
        return []
    if [c.strip() for c in values[0][:len(HEADER)]] != HEADER:
        raise ValueError("the worksheet's first row is not the expected header")
    rows = []
    for number, cells in enumerate(values[1:], start=2):
        cells = (cells + [""] * len(HEADER))[:len(HEADER)]
        if not cells[0].strip():
            continue  # a blank or half-cleared row is not a booking
        booking_id, day, time_, people, name, phone, notes, created_at = (c.strip() for c in cells)
        rows.append(Row(number, Booking(booking_id=booking_id, venue_id=venue.id, day=dt.date.fromisoformat(day),
                                           time=_hhmm(time_), people=int(people), name=name,
                                           phone=_e164(phone, venue), notes=notes or None), created_at))
    return rows


def _hhmm(text: str) -> str:
    hours, minutes = text.split(":")[:2]
    if not (hours.isdigit() and minutes.isdigit() and int(hours) < 24 and int(minutes) < 60 and len(minutes) == 2):
        raise ValueError("not a time")
    return f"{int(hours):02d}:{minutes}"


def _e164(raw: str, venue: Venue) -> str:
    try:
        return to_e164(raw, venue.country)
    except InvalidPhone:
        return raw  # kept as written: it still matches itself for duplicates
