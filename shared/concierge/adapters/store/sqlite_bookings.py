"""The booking role on the embedded store: the built-in provider's bookings (tables created beside the others).

A unique partial index keeps one active booking per phone, day and time; the store's atomic step
(BEGIN IMMEDIATE) keeps the capacity check and the write together. A row of `days` holds a day's
occupancy (JSON: {"20:00": [bookings, covers]}), written in the same transaction as every booking
that changes it, so an availability check reads one row, and so does the admit of a create or a move
(the caller's own booking at that time is looked up only to tell a full slot the caller already holds
from one full of others). A day with no row yet (never written since the table exists, or empty) is
counted from its bookings when read, and gets its row at its next write.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import logging
import sqlite3
from contextlib import AbstractContextManager
from typing import Callable

from concierge.adapters.store import Admit, BookingMissing, Change, SlotTaken, new_booking_id
from concierge.domain.booking import Booking, BookingDraft
from concierge.domain.occupancy import Occupancy, OccupancyDrift
from concierge.domain.replays import booking_id_for
from concierge.domain.seen_day import SeenDay

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
CREATE TABLE IF NOT EXISTS days (
    venue_id TEXT NOT NULL,
    day TEXT NOT NULL,
    occupancy TEXT NOT NULL,
    PRIMARY KEY (venue_id, day)
) WITHOUT ROWID;
"""

log = logging.getLogger("concierge.store")

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


@functools.lru_cache(maxsize=1024)
def _parsed(stored: str) -> Occupancy:
    """A `days` row's occupancy. Kept by the row's text, never by its day: a write changes the text, so a
    changed day is parsed afresh, and an unchanged one (most availability checks) is parsed once."""
    return Occupancy.from_document(json.loads(stored))


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

    def occupancy_on(self, venue_id: str, day: dt.date) -> Occupancy:
        return self._occupancy(self._conn(), venue_id, day)

    def _seen(self, conn: sqlite3.Connection, venue_id: str, day: dt.date) -> SeenDay:
        """The day for an admit, inside the write's transaction: its row; whether a phone holds a time is one
        lookup of the unique index, made only if the admit asks (the index refuses a duplicate at the write
        whatever the admit saw)."""

        def holds(phone: str, time: str) -> bool:
            found = conn.execute(
                "SELECT 1 FROM bookings"
                " WHERE venue_id = ? AND phone = ? AND day = ? AND time = ? AND status = 'active'",
                (venue_id, phone, day.isoformat(), time),
            )
            return found.fetchone() is not None

        return SeenDay(self._occupancy(conn, venue_id, day), holds, commit_refuses_duplicates=True)

    # --- the day's occupancy ---------------------------------------------------------------------
    @staticmethod
    def _recount(conn: sqlite3.Connection, venue_id: str, day: dt.date) -> Occupancy:
        rows = conn.execute(
            "SELECT time, count(*), sum(people) FROM bookings WHERE venue_id = ? AND day = ? AND status = 'active'"
            " GROUP BY time",
            (venue_id, day.isoformat()),
        )
        return Occupancy.counted(rows)

    def _occupancy(self, conn: sqlite3.Connection, venue_id: str, day: dt.date) -> Occupancy:
        row = conn.execute("SELECT occupancy FROM days WHERE venue_id = ? AND day = ?", (venue_id, day.isoformat()))
        found = row.fetchone()
        if found is None:  # a day not written since the table exists (or never): its bookings say
            return self._recount(conn, venue_id, day)
        return _parsed(found[0])

    @staticmethod
    def _keep(conn: sqlite3.Connection, venue_id: str, day: dt.date, occupancy: Occupancy) -> None:
        conn.execute(
            "INSERT INTO days (venue_id, day, occupancy) VALUES (?, ?, ?)"
            " ON CONFLICT (venue_id, day) DO UPDATE SET occupancy = excluded.occupancy",
            (venue_id, day.isoformat(), json.dumps(occupancy.to_document())),
        )

    def _moved(
        self,
        conn: sqlite3.Connection,
        venue_id: str,
        before: Booking,
        after: Booking | None,
        read: dict[dt.date, Occupancy],
    ) -> dict[dt.date, Occupancy]:
        """The occupancy of each day a change touches, once `before` became `after` (None: cancelled),
        from each day's row (as this step already read it, or read now)."""
        days: dict[dt.date, Occupancy] = {}

        def of(day: dt.date) -> Occupancy:
            if day not in days:
                days[day] = read[day] if day in read else self._occupancy(conn, venue_id, day)
            return days[day]

        try:
            days[before.day] = of(before.day).minus(before)
        except OccupancyDrift:  # a row that lost count (edited by hand): counted again from the bookings
            log.warning("occupancy of %s on %s recounted", venue_id, before.day.isoformat())
            days[before.day] = self._recount(conn, venue_id, before.day).minus(before)
        if after is not None:
            days[after.day] = of(after.day).plus(after)
        return days

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
            day = self._seen(conn, venue_id, draft.day)
            admit(day)
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
            self._keep(conn, venue_id, booking.day, day.occupancy.plus(booking))
        return booking

    def update_booking(self, venue_id: str, booking_id: str, change: Change) -> Booking:
        with self._atomic() as conn:
            current = self._get(conn, venue_id, booking_id)
            if current is None:
                raise BookingMissing(booking_id)
            read: dict[dt.date, Occupancy] = {}

            def day_of(day: dt.date) -> SeenDay:
                seen = self._seen(conn, venue_id, day)
                read[day] = seen.occupancy
                return seen

            updated = change(current, day_of)
            holds = (current.day, current.time, current.people) != (updated.day, updated.time, updated.people)
            occupancies = self._moved(conn, venue_id, current, updated, read) if holds else {}
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
            for day, occupancy in occupancies.items():
                self._keep(conn, venue_id, day, occupancy)
        return updated

    def cancel_booking(self, venue_id: str, booking_id: str) -> None:
        with self._atomic() as conn:
            current = self._get(conn, venue_id, booking_id)
            if current is None:
                raise BookingMissing(booking_id)
            [(day, occupancy)] = self._moved(conn, venue_id, current, None, {}).items()
            conn.execute("UPDATE bookings SET status = 'cancelled' WHERE booking_id = ?", (booking_id,))
            self._keep(conn, venue_id, day, occupancy)
