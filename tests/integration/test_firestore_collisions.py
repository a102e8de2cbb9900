"""Firestore writers that collide are retried, and give up cleanly, on the real emulator."""

from __future__ import annotations

import datetime as dt

import pytest
from google.cloud import firestore

from concierge.adapters.store import SlotTaken, StoreBusy
from concierge.adapters.store.firestore import FirestoreStore
from concierge.domain.booking import BookingDraft
from concierge.domain.occupancy import Load
from concierge.domain.seen_day import SeenDay
from tests.support import firestore_emulator
from tests.support.occupancy import assert_occupancy_is_the_recount, write_as_an_older_writer

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

    def admit(seen: SeenDay):
        calls.append(seen.occupancy.bookings)
        if len(calls) <= times:
            day.set({"writes": firestore.Increment(1)}, merge=True)

    return admit, calls


def test_a_write_that_loses_a_race_reads_again_and_succeeds(client):
    store = FirestoreStore(client, attempts=5, first_backoff=0.001)
    store.create_booking("v", draft("+393330000001"), lambda seen: None)  # the day document exists
    admit, calls = interfering(client, times=2)
    booking = store.create_booking("v", draft(), admit)
    assert len(calls) == 3
    assert [b.booking_id for b in store.bookings_on("v", FRIDAY) if b.phone == draft().phone] == [booking.booking_id]


def test_a_write_that_keeps_losing_gives_up_and_writes_nothing(client):
    store = FirestoreStore(client, attempts=3, first_backoff=0.001)
    store.create_booking("v", draft("+393330000001"), lambda seen: None)
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


def test_a_day_an_older_writer_moved_on_is_counted_again_from_its_bookings(client):
    store = FirestoreStore(client, attempts=5, first_backoff=0.001)
    store.create_booking("v", draft(), lambda seen: None)
    write_as_an_older_writer(store, "v", FRIDAY)  # as an instance that does not keep the occupancy
    client.document("venues/v/bookings/older").set(
        {"day": FRIDAY.isoformat(), "time": "21:00", "people": 5, "name": "B", "phone": "+39333", "status": "active"}
    )
    assert store.occupancy_on("v", FRIDAY).loads == {"20:00": Load(1, 2), "21:00": Load(1, 5)}
    assert client.document(f"venues/v/days/{FRIDAY.isoformat()}").get().get("occupancy") == {
        "20:00": [1, 2],
        "21:00": [1, 5],
    }  # kept by the reader for the next one
    store.cancel_booking("v", "older")
    assert_occupancy_is_the_recount(store, "v", [FRIDAY])


def test_every_collision_leaves_the_occupancy_the_recount(client):
    store = FirestoreStore(client, attempts=5, first_backoff=0.001)
    store.create_booking("v", draft("+393330000001"), lambda seen: None)
    admit, calls = interfering(client, times=2)
    store.create_booking("v", draft(), admit)
    assert len(calls) == 3
    assert store.occupancy_on("v", FRIDAY).loads == {"20:00": Load(2, 4)}
    assert_occupancy_is_the_recount(store, "v", [FRIDAY])


class QueryCountingStore(FirestoreStore):
    """The real store, counting its queries of a day's bookings."""

    queried: list[dt.date]

    def bookings_on(self, venue_id, day):
        self.queried.append(day)
        return super().bookings_on(venue_id, day)


def test_a_create_is_admitted_from_the_day_document_without_querying_the_days_bookings(client):
    store = QueryCountingStore(client, attempts=5, first_backoff=0.001)
    store.queried = []
    store.create_booking("v", draft("+393330000001"), lambda seen: None)
    seen_loads = []
    store.create_booking("v", draft(), lambda seen: seen_loads.append(seen.occupancy.loads))
    assert seen_loads == [{"20:00": Load(1, 2)}]
    assert store.queried == []
    assert_occupancy_is_the_recount(store, "v", [FRIDAY])


def test_an_admit_asks_the_slot_key_who_holds_a_time_and_a_duplicate_it_lets_in_still_fails_at_commit(client):
    store = QueryCountingStore(client, attempts=5, first_backoff=0.001)
    store.queried = []
    store.create_booking("v", draft(), lambda seen: None)
    asked = []

    def admit_letting_it_in(seen: SeenDay):
        asked.extend([seen.holds(draft().phone, "20:00"), seen.holds(draft().phone, "21:00")])

    with pytest.raises(SlotTaken):
        store.create_booking("v", draft(), admit_letting_it_in)
    assert asked == [True, False]
    assert store.queried == []  # the slot keys answered, not a query of the day's bookings
    assert len(store.bookings_on("v", FRIDAY)) == 1
