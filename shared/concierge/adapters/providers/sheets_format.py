"""The worksheet of a venue's bookings: its header row, and rows read as bookings and written from them.

We write ISO days and HH:MM times as raw text; staff type what they are used to, and Sheets shows a date
cell in the spreadsheet's locale. So a row is read tolerantly: days as ISO, or day/month/year with `/`,
`.` or `-` and a 2- or 4-digit year (month first only for venues in the United States); times as
20:30, 20.30, 20h30, 20h, 20, 8pm, 8:30 pm, 8.30 p.m.; people as 4 or 4.0. A row that still cannot be
read is skipped with a warning naming its row number (and reported by `concierge providers check`).
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from typing import NamedTuple

from concierge.domain.booking import Booking
from concierge.domain.phone import InvalidPhone, to_e164
from concierge.domain.venue import Venue

log = logging.getLogger(__name__)

HEADER = ["booking_id", "day", "time", "people", "name", "phone", "notes", "created_at"]


def to_row(booking: Booking, created_at: str = "") -> list[str]:
    created_at = created_at or dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    return [
        booking.booking_id,
        booking.day.isoformat(),
        booking.time,
        str(booking.people),
        booking.name,
        booking.phone,
        booking.notes or "",
        created_at,
    ]


class Row(NamedTuple):
    """A booking as read, with its row number (1-based) and created_at (written back unchanged)."""

    number: int
    booking: Booking
    created_at: str


class Unreadable(NamedTuple):
    """A row skipped: its number (1-based, as the sheet shows it) and what could not be read."""

    number: int
    reason: str


def parse_rows(venue: Venue, values: list[list[str]]) -> list[Row]:
    """The readable bookings; unreadable rows are skipped with a warning naming them."""
    rows, skipped = read_rows(venue, values)
    for row in skipped:
        log.warning("sheets: venue %s, row %d skipped: %s", venue.id, row.number, row.reason)
    return rows


def read_rows(venue: Venue, values: list[list[str]]) -> tuple[list[Row], list[Unreadable]]:
    """The bookings read, and the rows that could not be. A wrong header row is an error: nothing can be read."""
    if not values:
        return [], []
    if [c.strip().lower() for c in values[0][: len(HEADER)]] != HEADER:
        raise ValueError("the worksheet's first row is not the expected header")
    rows: list[Row] = []
    skipped: list[Unreadable] = []
    month_first = (venue.country or "").upper() == "US"
    for number, cells in enumerate(values[1:], start=2):
        cells = (list(cells) + [""] * len(HEADER))[: len(HEADER)]
        if not cells[0].strip():
            continue  # a blank or half-cleared row is not a booking
        booking_id, day, time_, people, name, phone, notes, created_at = (c.strip() for c in cells)
        try:
            booking = Booking(
                booking_id=booking_id,
                venue_id=venue.id,
                day=read_day(day, month_first),
                time=read_time(time_),
                people=read_people(people),
                name=name,
                phone=_e164(phone, venue),
                notes=notes or None,
            )
        except ValueError as exc:
            skipped.append(Unreadable(number, str(exc).splitlines()[0]))
            continue
        rows.append(Row(number, booking, created_at))
    return rows, skipped


_ISO_DAY = re.compile(r"^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$")
_LOCAL_DAY = re.compile(r"^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$")
_TIME = re.compile(r"^(\d{1,2})(?:\s*[:.h]\s*(\d{2}))?(?::\d{2})?\s*(h|am|pm|a\.m\.|p\.m\.)?$", re.IGNORECASE)
_PEOPLE = re.compile(r"^(\d{1,4})(?:[.,]0+)?$")


def read_day(text: str, month_first: bool = False) -> dt.date:
    """2026-02-20, or 20/02/2026, 20.2.26, 20-02-2026 (02/20/2026 when month_first)."""
    iso = _ISO_DAY.match(text)
    local = _LOCAL_DAY.match(text)
    try:
        if iso:
            return dt.date(int(iso.group(1)), int(iso.group(2)), int(iso.group(3)))
        if local:
            first, second, year = (int(g) for g in local.groups())
            year += 2000 if year < 100 else 0
            return dt.date(year, first, second) if month_first else dt.date(year, second, first)
    except ValueError:
        pass
    raise ValueError(f'day "{text}" is not a date')


def read_time(text: str) -> str:
    """HH:MM from 20:30, 20.30, 20h30, 20h, 20, 8pm, 8:30 pm, 8.30 p.m. (seconds ignored)."""
    match = _TIME.match(text.strip())
    if match:
        hours, minutes = int(match.group(1)), int(match.group(2) or 0)
        suffix = (match.group(3) or "").lower().replace(".", "")
        if suffix in ("am", "pm"):
            hours = hours % 12 + (12 if suffix == "pm" else 0) if 1 <= hours <= 12 else 99
        if hours < 24 and minutes < 60:
            return f"{hours:02d}:{minutes:02d}"
    raise ValueError(f'time "{text}" is not a time')


def read_people(text: str) -> int:
    match = _PEOPLE.match(text)
    if not match or int(match.group(1)) < 1:
        raise ValueError(f'people "{text}" is not a party size')
    return int(match.group(1))


def _e164(raw: str, venue: Venue) -> str:
    try:
        return to_e164(raw, venue.country)
    except InvalidPhone:
        return raw  # kept as written: it still matches itself for duplicates
