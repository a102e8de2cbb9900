"""The booking role on the embedded store: the built-in provider's bookings (tables created beside the others).

A unique partial index keeps one active booking per phone, day and time; the store's atomic step
(BEGIN IMMEDIATE) keeps the capacity check and the write together.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from contextlib import AbstractContextManager
from typing import Callable

from concierge.adapters.store import Admit, BookingMissing, Change, SlotTaken, new_booking_id
from concierge.domain.booking import Booking, BookingDraft
from concierge.domain.replays import booking_id_for

SCHEMA = """
CREATE TABLE IF NOT EXISTS bookings (
    booking_id TEXT PRIMARY KEY,
    venue_id TEXT NOT NULL,
    day TEXT NOT NULL,
    time TEXT NOT NULL,
    people INTEGER NOT NULL,
    name TEXT NOT NULL,
    phone TEXT NOT NULL,
    notes TEXT,
    status TEXT NOT NULL DEFAULT 'active',
    created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS bookings_by_day ON bookings (venue_id, day, status);
CREATE INDEX IF NOT EXISTS bookings_by_phone ON bookings (venue_id, phone, day);
CREATE UNIQUE INDEX IF NOT EXISTS one_active_booking_per_phone_and_slot
    ON bookings (venue_id, phone, day, time) WHERE status = 'active';
"""

_COLUMNS = "booking_id, venue_id, day, time, people, name, phone, notes"


def _booking(row: tuple) -> Booking:
    booking_id, venue_id, day, time, people, name, phone, notes = row
    return Booking(
        booking_id=booking_id,
        venue_id=venue_id,
        day=dt.date.fromisoformat(day),
        time=time,
        people=people,
        name=name,
        phone=phone,
        notes=notes,
    )


class SqliteBookings:
    """Mixed into SqliteStore, which provides the connection and the atomic step."""

    _conn: Callable[[], sqlite3.Connection]
    _atomic: Callable[[], AbstractContextManager[sqlite3.Connection]]

    def _on(self, conn: sqlite3.Connection, venue_id: str, day: dt.date) -> list[Booking]:
        rows = conn.execute(
            f"SELECT {_COLUMNS} FROM bookings WHERE venue_id = ? AND day = ? AND status = 'active' ORDER BY time",
            (venue_id, day.isoformat()),
        )
        return [_booking(r) for r in rows]

    def bookings_on(self, venue_id: str, day: dt.date) -> list[Booking]:
        return self._on(self._conn(), venue_id, day)

    def bookings_for_phone(self, venue_id: str, phone: str, from_day: dt.date) -> list[Booking]:
        rows = self._conn().execute(
            f"SELECT {_COLUMNS} FROM bookings WHERE venue_id = ? AND phone = ? AND day >= ? AND status = 'active'"
            " ORDER BY day, time",
            (venue_id, phone, from_day.isoformat()),
        )
        return [_booking(r) for r in rows]

    def bookings_between(self, venue_id: str, first_day: dt.date, last_day: dt.date) -> list[Booking]:
        rows = self._conn().execute(
            f"SELECT {_COLUMNS} FROM bookings WHERE venue_id = ? AND status = 'active' AND day BETWEEN ? AND ?"
            " ORDER BY day, time",
            (venue_id, first_day.isoformat(), last_day.isoformat()),
        )
        return [_booking(r) for r in rows]

    def _get(self, conn: sqlite3.Connection, venue_id: str, booking_id: str) -> Booking | None:
        row = conn.execute(
            f"SELECT {_COLUMNS} FROM bookings WHERE venue_id = ? AND booking_id = ? AND status = 'active'",
            (venue_id, booking_id),
        ).fetchone()
        return _booking(row) if row else None

    def get_booking(self, venue_id: str, booking_id: str) -> Booking | None:
        return self._get(self._conn(), venue_id, booking_id)

    def create_booking(self, venue_id: str, draft: BookingDraft, admit: Admit) -> Booking:
        booking_id = booking_id_for(draft.replay_key) if draft.replay_key else new_booking_id()
        booking = Booking(booking_id=booking_id, venue_id=venue_id, **draft.model_dump())
        with self._atomic() as conn:
            if draft.replay_key:  # written by this very call before a crash: that booking is the answer
                row = conn.execute(f"SELECT {_COLUMNS} FROM bookings WHERE booking_id = ?", (booking_id,)).fetchone()
                if row is not None:
                    return _booking(row)
            admit(self._on(conn, venue_id, draft.day))
            try:
                conn.execute(
                    f"INSERT INTO bookings ({_COLUMNS}, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        booking.booking_id,
                        venue_id,
                        booking.day.isoformat(),
                        booking.time,
                        booking.people,
                        booking.name,
                        booking.phone,
                        booking.notes,
                        dt.datetime.now(dt.timezone.utc).isoformat(),
                    ),
                )
            except sqlite3.IntegrityError:
                raise SlotTaken() from None
        return booking

    def update_booking(self, venue_id: str, booking_id: str, change: Change) -> Booking:
        with self._atomic() as conn:
            current = self._get(conn, venue_id, booking_id)
            if current is None:
                raise BookingMissing(booking_id)
            updated = change(current, lambda day: self._on(conn, venue_id, day))
            try:
                conn.execute(
                    "UPDATE bookings SET day = ?, time = ?, people = ?, name = ?, phone = ?, notes = ?"
                    " WHERE venue_id = ? AND booking_id = ?",
                    (
                        updated.day.isoformat(),
                        updated.time,
                        updated.people,
                        updated.name,
                        updated.phone,
                        updated.notes,
                        venue_id,
                        booking_id,
                    ),
                )
            except sqlite3.IntegrityError:
                raise SlotTaken() from None
        return updated

    def cancel_booking(self, venue_id: str, booking_id: str) -> None:
        with self._atomic() as conn:
            cursor = conn.execute(
                "UPDATE bookings SET status = 'cancelled' WHERE venue_id = ? AND booking_id = ? AND status = 'active'",
                (venue_id, booking_id),
            )
            if cursor.rowcount == 0:
                raise BookingMissing(booking_id)
