"""The store port's contract, run unchanged against SQLite and the Firestore emulator."""

from __future__ import annotations

import datetime as dt

import pytest

from concierge.adapters.store import BookingMissing, SlotTaken, Store, StoreBusy
from concierge.bootstrap import build_store
from concierge.domain.booking import BookingDraft
from concierge.domain.errors import ToolError
from concierge.domain.occupancy import Load
from concierge.domain.seen_day import SeenDay
from tests.support.occupancy import assert_occupancy_is_the_recount

FRIDAY = dt.date(2026, 2, 20)
SATURDAY = dt.date(2026, 2, 21)
NOW = dt.datetime(2026, 2, 19, 17, 0, tzinfo=dt.timezone.utc)


@pytest.fixture
def store(settings_for) -> Store:
    return build_store(settings_for())


def draft(time="20:00", phone="+393331234567", day=FRIDAY, people=2) -> BookingDraft:
    return BookingDraft(day=day, time=time, people=people, name="Ana", phone=phone)


def accept(seen):
    return None


def test_venues_are_written_together_and_read_back_whole(store):
    store.put_venues({"a": {"name": "A", "hours": {"mon": {"dinner": ["19:00", "22:00"]}}}, "b": {"name": "B"}})
    assert store.get_venue("a") == {"name": "A", "hours": {"mon": {"dinner": ["19:00", "22:00"]}}}
    assert store.get_venue("missing") is None
    assert store.venue_ids() == ["a", "b"]


def test_a_created_booking_is_found_by_day_by_phone_and_by_id(store):
    booking = store.create_booking("v", draft(), accept)
    assert store.bookings_on("v", FRIDAY) == [booking]
    assert store.bookings_for_phone("v", "+393331234567", FRIDAY) == [booking]
    assert store.get_booking("v", booking.booking_id) == booking
    assert store.bookings_on("other-venue", FRIDAY) == []


def test_admit_sees_what_the_day_holds_and_who_holds_a_time_and_a_refusal_writes_nothing(store):
    store.create_booking("v", draft(time="19:00", phone="+393330000001"), accept)
    loads, held = [], []

    def refuse(day: SeenDay):
        loads.append(day.occupancy.loads)
        held.extend([day.holds("+393330000001", "19:00"), day.holds("+393330000001", "20:00")])
        held.append(day.holds("+393339999999", "19:00"))
        raise ToolError("SLOT_FULL", "full")

    with pytest.raises(ToolError):
        store.create_booking("v", draft(), refuse)
    assert loads == [{"19:00": Load(bookings=1, covers=2)}]
    assert held == [True, False, False]
    assert [b.time for b in store.bookings_on("v", FRIDAY)] == ["19:00"]


def test_the_same_phone_day_and_time_cannot_be_written_twice_even_if_admit_lets_it(store):
    store.create_booking("v", draft(), accept)
    with pytest.raises(SlotTaken):
        store.create_booking("v", draft(), accept)
    assert len(store.bookings_on("v", FRIDAY)) == 1


def test_a_keyed_create_delivered_again_answers_with_the_booking_it_wrote_whatever_the_admit_says(store):
    keyed = draft().model_copy(update={"replay_key": "open|v|vapi:call-1"})
    first = store.create_booking("v", keyed, accept)

    def full_once_it_is_there(day: SeenDay):  # the first delivery's own booking now fills the slot
        if "20:00" in day.occupancy.loads:
            raise ToolError("SLOT_FULL", "full")

    assert store.create_booking("v", keyed, full_once_it_is_there) == first
    assert store.create_booking("v", keyed, accept) == first  # admitted again: the write finds it there
    assert store.bookings_on("v", FRIDAY) == [first]
    assert_occupancy_is_the_recount(store, "v", [FRIDAY])


def test_deliveries_of_one_keyed_create_racing_on_threads_write_one_booking_and_all_answer_it(store):
    import threading

    keyed = draft().model_copy(update={"replay_key": "open|v|vapi:call-2"})
    start, answers, lock = threading.Barrier(6), [], threading.Lock()

    def deliver() -> None:
        start.wait()
        try:
            answer: object = store.create_booking("v", keyed, accept)
        except Exception as failure:  # noqa: BLE001 - any failure fails the test below
            answer = failure
        with lock:
            answers.append(answer)

    threads = [threading.Thread(target=deliver) for _ in range(6)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert store.bookings_on("v", FRIDAY) == [answers[0]]
    assert answers == [answers[0]] * 6
    assert_occupancy_is_the_recount(store, "v", [FRIDAY])


def test_phone_listing_starts_at_the_given_day_in_time_order(store):
    for day, time in [(SATURDAY, "20:00"), (FRIDAY, "21:00"), (dt.date(2026, 2, 18), "20:00")]:
        store.create_booking("v", draft(day=day, time=time), accept)
    found = store.bookings_for_phone("v", "+393331234567", FRIDAY)
    assert [(b.day, b.time) for b in found] == [(FRIDAY, "21:00"), (SATURDAY, "20:00")]


def test_an_update_moves_a_booking_to_another_day_and_frees_its_old_slot_key(store):
    booking = store.create_booking("v", draft(), accept)
    moved = store.update_booking(
        "v", booking.booking_id, lambda current, day_of: current.model_copy(update={"day": SATURDAY, "people": 5})
    )
    assert (moved.day, moved.people) == (SATURDAY, 5)
    assert store.bookings_on("v", FRIDAY) == [] and store.bookings_on("v", SATURDAY) == [moved]
    assert store.create_booking("v", draft(), accept).day == FRIDAY  # the old phone/day/time is free again


def test_an_update_can_read_the_target_day_and_refuse_leaving_the_booking_unchanged(store):
    store.create_booking("v", draft(day=SATURDAY, phone="+393330000001"), accept)
    booking = store.create_booking("v", draft(), accept)
    seen = []

    def refuse(current, day_of):
        seen.append(day_of(SATURDAY).occupancy.loads)
        raise ToolError("SLOT_FULL", "full")

    with pytest.raises(ToolError):
        store.update_booking("v", booking.booking_id, refuse)
    assert seen == [{"20:00": Load(bookings=1, covers=2)}]
    assert store.get_booking("v", booking.booking_id) == booking


def test_updating_or_cancelling_a_missing_booking_raises_booking_missing(store):
    with pytest.raises(BookingMissing):
        store.update_booking("v", "nope", lambda current, day_of: current)
    with pytest.raises(BookingMissing):
        store.cancel_booking("v", "nope")


def test_a_cancelled_booking_is_invisible_and_cannot_be_cancelled_again(store):
    booking = store.create_booking("v", draft(), accept)
    store.cancel_booking("v", booking.booking_id)
    assert store.bookings_on("v", FRIDAY) == [] and store.get_booking("v", booking.booking_id) is None
    assert store.bookings_for_phone("v", booking.phone, FRIDAY) == []
    with pytest.raises(BookingMissing):
        store.cancel_booking("v", booking.booking_id)
    assert store.create_booking("v", draft(), accept)  # its slot key is free again


def test_a_storm_of_concurrent_creates_moves_and_cancels_keeps_capacity_and_the_occupancy_the_recount(store):
    import random
    import threading
    from collections import Counter

    days, times, capacity = [FRIDAY, SATURDAY], ["19:00", "20:00", "21:00"], 2

    def room_at(time):
        def admit(day: SeenDay):
            if time in day.occupancy.loads and day.occupancy.loads[time].bookings >= capacity:
                raise ToolError("SLOT_FULL", "full")

        return admit

    start, outcomes, lock = threading.Barrier(6), Counter(), threading.Lock()

    def storm(n: int) -> None:
        rng = random.Random(n)
        start.wait()
        for i in range(12):  # enough steps that every kind of write lands whatever the interleaving
            kind = rng.choice(["create", "create", "move", "move", "cancel"])
            day, time, people = rng.choice(days), rng.choice(times), rng.randint(1, 6)
            try:
                if kind == "create":
                    store.create_booking("v", draft(time, f"+39333{n:02d}{i:04d}", day, people), room_at(time))
                else:
                    bookings = store.bookings_between("v", FRIDAY, SATURDAY)
                    if not bookings:
                        continue
                    target = rng.choice(bookings)
                    if kind == "cancel":
                        store.cancel_booking("v", target.booking_id)
                    else:

                        def move(current, day_of):
                            target = day_of(day)  # as modify_booking: a move within the day competes without itself
                            room_at(time)(target.without(current) if day == current.day else target)
                            return current.model_copy(update={"day": day, "time": time, "people": people})

                        store.update_booking("v", target.booking_id, move)
                outcome = kind
            except (ToolError, SlotTaken, BookingMissing, StoreBusy) as refusal:
                outcome = type(refusal).__name__
            except Exception as failure:  # anything else fails the test below
                outcome = f"failure: {failure!r}"
            with lock:
                outcomes[outcome] += 1

    threads = [threading.Thread(target=storm, args=(n,)) for n in range(6)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert not [o for o in outcomes if o.startswith("failure")], outcomes
    assert outcomes["create"] and outcomes["move"] and outcomes["cancel"], outcomes
    for day in days:
        held = Counter(b.time for b in store.bookings_on("v", day))
        assert max(held.values(), default=0) <= capacity
    assert_occupancy_is_the_recount(store, "v", days)


# --- idempotency records ----------------------------------------------------------------------


def claim(store, key="k", fingerprint="f1", now=NOW, lease=30, expiry=3600):
    return store.claim_idempotency(
        key, fingerprint, now, now + dt.timedelta(seconds=lease), now + dt.timedelta(seconds=expiry)
    )


def test_a_key_is_claimed_once_and_then_held_in_progress(store):
    assert claim(store) is None
    held = claim(store, fingerprint="f2")
    assert (held.status, held.fingerprint, held.payload) == ("in_progress", "f1", None)


def test_claims_of_one_key_racing_on_threads_give_it_to_exactly_one(store):
    import threading

    start, outcomes, lock = threading.Barrier(8), [], threading.Lock()

    def race(n: int) -> None:
        start.wait()
        held = claim(store, fingerprint=f"f{n}")
        with lock:
            outcomes.append(held)

    threads = [threading.Thread(target=race, args=(n,)) for n in range(8)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert outcomes.count(None) == 1
    winners = {held.fingerprint for held in outcomes if held is not None}
    assert len(winners) == 1 and all(held.status == "in_progress" for held in outcomes if held is not None)


def test_a_completed_record_returns_its_payload(store):
    claim(store)
    store.complete_idempotency("k", {"ok": True, "booking_id": "b1"}, NOW + dt.timedelta(hours=1))
    held = claim(store)
    assert (held.status, held.payload) == ("completed", {"ok": True, "booking_id": "b1"})


def test_an_in_progress_claim_past_its_lease_and_an_expired_record_are_claimed_anew(store):
    claim(store, lease=30)
    assert claim(store, now=NOW + dt.timedelta(seconds=31)) is None
    store.complete_idempotency("k", {"ok": True}, NOW + dt.timedelta(seconds=60))
    assert claim(store, now=NOW + dt.timedelta(seconds=61)) is None


def test_a_released_key_can_be_claimed_again_and_expired_records_are_purged(store):
    claim(store)
    store.release_idempotency("k")
    assert claim(store) is None
    claim(store, key="old", expiry=10)
    assert store.purge_idempotency(NOW + dt.timedelta(seconds=11)) == 1
    assert claim(store, key="old", fingerprint="new") is None


# --- leases ------------------------------------------------------------------------------------


def test_a_lease_is_held_by_one_holder_until_released_or_expired(store):
    later = NOW + dt.timedelta(seconds=10)
    assert store.acquire_lease("day", "a", NOW, later)
    assert not store.acquire_lease("day", "b", NOW, later)
    assert store.acquire_lease("other-day", "b", NOW, later)
    store.release_lease("day", "b")  # not b's to release
    assert not store.acquire_lease("day", "b", NOW, later)
    store.release_lease("day", "a")
    assert store.acquire_lease("day", "b", NOW, later)
    assert store.acquire_lease("day", "c", later + dt.timedelta(seconds=1), later + dt.timedelta(seconds=20))


def test_a_store_lease_lets_one_thread_at_a_time_into_the_block(store):
    import threading

    from concierge.adapters.leases import store_lease

    lease = store_lease(store)
    inside, most, lock = [0], [0], threading.Lock()

    def work():
        with lease("venue:day"):
            with lock:
                inside[0] += 1
                most[0] = max(most[0], inside[0])
            threading.Event().wait(0.01)
            with lock:
                inside[0] -= 1

    threads = [threading.Thread(target=work) for _ in range(8)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert most[0] == 1


# --- snapshots: shared back-end reads -------------------------------------------------------------
def test_a_readers_snapshot_is_kept_and_read_back_by_anyone(store):
    until = NOW + dt.timedelta(seconds=5)
    assert store.get_snapshot("sheet|roma") is None
    assert store.offer_snapshot("sheet|roma", 0, '[["a"]]', until)
    seen = store.get_snapshot("sheet|roma")
    assert (seen.body, seen.fresh_until, seen.generation) == ('[["a"]]', until, 0)


def test_a_read_that_started_before_a_write_cannot_overwrite_the_writers_copy(store):
    until = NOW + dt.timedelta(seconds=5)
    store.offer_snapshot("k", 0, "old", until)
    seen = store.get_snapshot("k").generation
    store.replace_snapshot("k", "written", until)
    assert not store.offer_snapshot("k", seen, "read before the write", until)
    assert store.get_snapshot("k").body == "written"
    assert store.offer_snapshot("k", store.get_snapshot("k").generation, "newer", until)
    assert store.get_snapshot("k").body == "newer"


def test_a_dropped_snapshot_has_no_body_and_a_first_write_starts_the_generations(store):
    store.replace_snapshot("k", None, NOW)
    dropped = store.get_snapshot("k")
    assert dropped.body is None and dropped.generation == 1
    assert not store.offer_snapshot("k", 0, "from before", NOW)
