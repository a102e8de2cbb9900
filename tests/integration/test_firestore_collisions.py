"""Firestore writers that collide are retried, and give up cleanly, on the real emulator."""

from __future__ import annotations

import datetime as dt

import pytest
from google.cloud import firestore

from concierge.adapters.store import StoreBusy
from concierge.adapters.store.firestore import FirestoreStore
from concierge.domain.booking import BookingDraft
from tests.support import firestore_emulator

FRIDAY = dt.date(2026, 2, 20)


@pytest.fixture
def client():
    firestore_emulator.clear(firestore_emulator.emulator_host())
    return firestore.Client(project=firestore_emulator.PROJECT)


def draft(phone="+393331234567") -> BookingDraft:
    return BookingDraft(day=FRIDAY, time="20:00", people=2, name="Ana", phone=phone)


def interfering(client, times: int):
    """An admit that lets another writer touch the day between our read and our commit."""
    day = client.document(f"venues/v/days/{FRIDAY.isoformat()}")
    calls = []

    def admit(bookings):
        calls.append(len(bookings))
        if len(calls) <= times:
            day.set({"writes": firestore.Increment(1)}, merge=True)

    return admit, calls


def test_a_write_that_loses_a_race_reads_again_and_succeeds(client):
    store = FirestoreStore(client, attempts=5, first_backoff=0.001)
    store.create_booking("v", draft("+393330000001"), lambda bookings: None)  # the day document exists
    admit, calls = interfering(client, times=2)
    booking = store.create_booking("v", draft(), admit)
    assert len(calls) == 3
    assert [b.booking_id for b in store.bookings_on("v", FRIDAY) if b.phone == draft().phone] == [booking.booking_id]


def test_a_write_that_keeps_losing_gives_up_and_writes_nothing(client):
    store = FirestoreStore(client, attempts=3, first_backoff=0.001)
    store.create_booking("v", draft("+393330000001"), lambda bookings: None)
    admit, calls = interfering(client, times=99)
    with pytest.raises(StoreBusy):
        store.create_booking("v", draft(), admit)
    assert len(calls) == 3
    assert [b.phone for b in store.bookings_on("v", FRIDAY)] == ["+393330000001"]
    assert not client.document(f"venues/v/slot_keys/{draft().phone}|{FRIDAY.isoformat()}|20:00").get().exists


def test_the_first_writers_of_a_new_day_race_to_create_its_document(client):
    store = FirestoreStore(client, attempts=5, first_backoff=0.001)
    admit, calls = interfering(client, times=1)  # the day document appears between read and commit
    store.create_booking("v", draft(), admit)
    assert calls == [0, 0]
    assert len(store.bookings_on("v", FRIDAY)) == 1
