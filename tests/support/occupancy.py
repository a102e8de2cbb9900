"""A day's stored occupancy against a recount of its bookings; days that lost theirs (as before it was kept)."""

from __future__ import annotations

import datetime as dt
import sqlite3

from concierge.domain.occupancy import Occupancy


def stored_and_recounted(store, venue_id: str, day: dt.date) -> tuple[Occupancy, Occupancy]:
    """What the store answers for the day's occupancy, and what its active bookings hold."""
    return store.occupancy_on(venue_id, day), Occupancy.of(store.bookings_on(venue_id, day))


def assert_occupancy_is_the_recount(store, venue_id: str, days) -> None:
    for day in days:
        stored, recounted = stored_and_recounted(store, venue_id, day)
        assert stored == recounted, f"{venue_id} {day}: stored {stored}, bookings hold {recounted}"


def forget_occupancy(store, venue_id: str, day: dt.date) -> None:
    """Make the day look as a store written before occupancies were kept left it."""
    if hasattr(store, "db"):  # Firestore: the day document without its occupancy
        from google.cloud import firestore

        ref = store.db.document(f"venues/{venue_id}/days/{day.isoformat()}")
        if ref.get().exists:
            ref.update({"occupancy": firestore.DELETE_FIELD, "occupancy_writes": firestore.DELETE_FIELD})
    else:  # SQLite: no row for the day
        with sqlite3.connect(store.path) as conn:
            conn.execute("DELETE FROM days WHERE venue_id = ? AND day = ?", (venue_id, day.isoformat()))
        conn.close()


def write_as_an_older_writer(store, venue_id: str, day: dt.date) -> None:
    """Firestore: a writer that moves the day document on without keeping the occupancy (an older instance)."""
    from google.cloud import firestore

    store.db.document(f"venues/{venue_id}/days/{day.isoformat()}").set({"writes": firestore.Increment(1)}, merge=True)
