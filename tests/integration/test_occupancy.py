"""A day's occupancy never drifts from its bookings, on SQLite and on the Firestore emulator."""

from __future__ import annotations

import datetime as dt
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from concierge.adapters.store import BookingMissing, SlotTaken, Store
from concierge.adapters.store.sqlite import SqliteStore
from concierge.bootstrap import build_context, build_store
from concierge.domain.booking import Booking, BookingDraft
from concierge.domain.knowledge_base import load_knowledge_base
from concierge.domain.occupancy import Load, Occupancy
from concierge.domain.seen_day import SeenDay
from concierge.http.envelopes import run_tool
from concierge.tools import TOOLS
from tests.conftest import VENUES_FILE
from tests.support.occupancy import assert_occupancy_is_the_recount, forget_occupancy

DAYS = [dt.date(2026, 2, 20), dt.date(2026, 2, 21), dt.date(2026, 2, 23)]
TIMES = ["19:00", "19:30", "20:00", "21:00"]
PHONES = ["+393330000001", "+393330000002", "+393330000003"]


@pytest.fixture
def store(settings_for) -> Store:
    return build_store(settings_for())


def accept(seen):
    return None


def asking_who_holds_a_time(seen: SeenDay) -> None:
    """An admit that asks whether the caller holds a time, as one telling a duplicate from a full slot does."""
    seen.holds(PHONES[0], "20:00")


def draft(day=DAYS[0], time="20:00", phone=PHONES[0], people=2) -> BookingDraft:
    return BookingDraft(day=day, time=time, people=people, name="Ana", phone=phone)


days = st.sampled_from(DAYS)
times = st.sampled_from(TIMES)
people = st.integers(min_value=1, max_value=8)
which = st.integers(min_value=0, max_value=50)  # one of the active bookings, modulo their number
steps = st.one_of(
    st.tuples(st.just("create"), days, times, st.sampled_from(PHONES), people, st.booleans()),
    st.tuples(st.just("move"), which, st.one_of(st.none(), days), st.one_of(st.none(), times), st.booleans()),
    st.tuples(st.just("resize"), which, people),
    st.tuples(st.just("rename"), which),
    st.tuples(st.just("cancel"), which),
    st.tuples(st.just("forget"), days),  # the day as a store from before occupancies left it
)


def active(store, venue_id: str) -> list[Booking]:
    return store.bookings_between(venue_id, DAYS[0], DAYS[-1])


def apply(store, venue_id: str, step: tuple) -> None:
    kind, *args = step
    if kind == "create":
        day, time, phone, size, asks = args
        store.create_booking(venue_id, draft(day, time, phone, size), asking_who_holds_a_time if asks else accept)
        return
    if kind == "forget":
        forget_occupancy(store, venue_id, args[0])
        return
    bookings = active(store, venue_id)
    if not bookings:
        return
    target = bookings[args[0] % len(bookings)]
    if kind == "cancel":
        store.cancel_booking(venue_id, target.booking_id)
        return
    if kind == "move":
        update = {"day": args[1] or target.day, "time": args[2] or target.time}
    elif kind == "resize":
        update = {"people": args[1]}
    else:
        update = {"name": "Renamed"}

    def change(current: Booking, day_of) -> Booking:
        moved_to = day_of(update.get("day", current.day))  # as modify_booking reads the day it moves to
        others = moved_to.without(current) if update.get("day", current.day) == current.day else moved_to
        if kind == "move" and args[3]:
            others.holds(PHONES[0], "20:00")
        return current.model_copy(update=update)

    store.update_booking(venue_id, target.booking_id, change)


@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(sequence=st.lists(steps, min_size=1, max_size=20))
def test_random_creates_moves_resizes_and_cancels_leave_every_day_holding_its_recount(store, sequence):
    venue_id = f"v{uuid.uuid4().hex[:10]}"  # a venue of its own per example
    for step in sequence:
        try:
            apply(store, venue_id, step)
        except SlotTaken:  # the same phone, day and time: refused whole
            pass
        assert_occupancy_is_the_recount(store, venue_id, DAYS)


def test_every_write_changes_the_occupancy_of_the_days_it_touches(store):
    first = store.create_booking("v", draft(time="20:00", people=2), accept)
    store.create_booking("v", draft(time="20:00", phone=PHONES[1], people=3), accept)
    assert store.occupancy_on("v", DAYS[0]).loads == {"20:00": Load(2, 5)}
    store.update_booking("v", first.booking_id, lambda b, day_of: b.model_copy(update={"day": DAYS[1], "people": 4}))
    assert store.occupancy_on("v", DAYS[0]).loads == {"20:00": Load(1, 3)}
    assert store.occupancy_on("v", DAYS[1]).loads == {"20:00": Load(1, 4)}
    store.cancel_booking("v", first.booking_id)
    assert store.occupancy_on("v", DAYS[1]) == Occupancy() and store.occupancy_on("v", DAYS[2]) == Occupancy()


def test_a_refused_write_leaves_the_occupancy_as_it_was(store):
    booking = store.create_booking("v", draft(), accept)
    with pytest.raises(SlotTaken):
        store.create_booking("v", draft(people=6), accept)
    with pytest.raises(BookingMissing):
        store.cancel_booking("v", "missing")

    def refuse(current, day_of):
        raise LookupError("refused by the rules")

    with pytest.raises(LookupError):
        store.update_booking("v", booking.booking_id, refuse)
    assert store.occupancy_on("v", DAYS[0]).loads == {"20:00": Load(1, 2)}


def test_a_day_written_before_occupancies_were_kept_is_counted_from_its_bookings_then_kept(store):
    kept = [store.create_booking("v", draft(time=t, phone=p), accept) for t in TIMES[:2] for p in PHONES]
    forget_occupancy(store, "v", DAYS[0])
    assert store.occupancy_on("v", DAYS[0]).loads == {"19:00": Load(3, 6), "19:30": Load(3, 6)}
    store.cancel_booking("v", kept[0].booking_id)  # a write starts from the count, not from nothing
    store.create_booking("v", draft(time="21:00"), accept)
    assert store.occupancy_on("v", DAYS[0]).loads == {"19:00": Load(2, 4), "19:30": Load(3, 6), "21:00": Load(1, 2)}
    assert_occupancy_is_the_recount(store, "v", DAYS)


def test_check_openings_reads_the_days_occupancy_and_never_its_bookings(store, settings_for, monkeypatch):
    store.put_venues({vid: v.model_dump(mode="json") for vid, v in load_knowledge_base(VENUES_FILE).items()})
    for phone in PHONES:
        store.create_booking("roma", draft(phone=phone), accept)

    def no_day_queries(venue_id, day):
        raise AssertionError(f"the bookings of {day} were queried")

    monkeypatch.setattr(store, "bookings_on", no_day_queries)
    ctx = build_context(settings_for(), store=store)
    answer = run_tool(ctx, TOOLS["check_openings"], {"restaurant_id": "roma", "day": "2026-02-20", "time": "20:00"})
    assert (answer["available"], answer["reason"]) == (False, "full")
    assert answer["nearest_slots"] == ["21:30", "22:00", "22:30"]


def test_a_create_on_sqlite_reads_the_days_row_and_looks_a_booking_up_only_when_the_admit_asks(tmp_path):
    store = SqliteStore(tmp_path)
    for i, time in enumerate(TIMES * 3):
        store.create_booking("v", draft(time=time, phone=f"+39333100{i:04d}"), accept)
    statements: list[str] = []
    store._conn().set_trace_callback(statements.append)  # this thread's connection: the one a create uses

    store.create_booking("v", draft(time="19:00"), accept)
    assert not [s for s in statements if "FROM bookings" in s]
    statements.clear()
    store.create_booking("v", draft(time="20:00"), asking_who_holds_a_time)
    assert len([s for s in statements if "FROM bookings" in s]) == 1
    assert_occupancy_is_the_recount(store, "v", DAYS)
