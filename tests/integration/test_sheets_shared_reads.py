"""Sheets reads shared by every instance through the store's snapshots, on SQLite and on the Firestore emulator.

Each "instance" is a provider with its own store client on the same store, as two function instances are.
"""

from __future__ import annotations

import datetime as dt
import json
import threading
import time

import pytest

from concierge.adapters.leases import store_lease
from concierge.adapters.providers.errors import BackendUnavailable
from concierge.adapters.providers.sheets import SheetsProvider
from concierge.bootstrap import build_store
from concierge.domain.booking import BookingDraft
from concierge.domain.errors import ToolError
from concierge.domain.knowledge_base import load_knowledge_base
from concierge.domain.seen_day import SeenDay
from concierge.domain.occupancy import Load
from tests.conftest import VENUES_FILE
from tests.support.local import PATIENT
from tests.support.sheets_server import HEADER, SPREADSHEET_ID, start_sheets_server

FRIDAY = dt.date(2026, 2, 20)
PHONE = "+393331234567"


@pytest.fixture(scope="module")
def duo():
    return load_knowledge_base(VENUES_FILE)["duo"]


@pytest.fixture
def sheets():
    with start_sheets_server() as server:
        yield server


@pytest.fixture
def instance(sheets, settings_for):
    """instance(**block) -> a provider with its own client of the test's store."""

    def build(**config) -> SheetsProvider:
        store = build_store(settings_for())
        block = {
            "kind": "sheets",
            "spreadsheet_id": SPREADSHEET_ID,
            "credentials_env": "SHEETS_CREDENTIALS_JSON",
            "base_url": sheets.base_url,
            "timeout_seconds": PATIENT,
            "cache_seconds": 30,
            **config,
        }
        return SheetsProvider(
            block,
            {"SHEETS_CREDENTIALS_JSON": json.dumps(sheets.credentials())},
            lease=store_lease(store),
            snapshots=store,
        )

    return build


def book(provider, venue, time="20:00", phone=PHONE, admit=lambda seen: None):
    draft = BookingDraft(day=FRIDAY, time=time, people=2, name="Mario Rossi", phone=phone)
    return provider.create(venue, draft, admit)


def at_most(tables: int, at: str = "20:00"):
    """An admit callback: the slot holds `tables` bookings; it records what each decision saw."""
    seen: list[dict[str, Load]] = []

    def admit(day: SeenDay) -> None:
        seen.append(day.occupancy.loads)
        if day.occupancy.loads.get(at, Load(0, 0)).bookings >= tables:
            raise ToolError("SLOT_FULL", "full")

    admit.seen = seen  # type: ignore[attr-defined]
    return admit


def test_one_sheets_read_serves_every_instance_while_fresh(instance, sheets, duo):
    first, second, third = instance(), instance(), instance()
    first.bookings_on(duo, FRIDAY)
    second.bookings_for_phone(duo, PHONE, FRIDAY)
    third.bookings_between(duo, FRIDAY, FRIDAY)
    assert sheets.count("values_get") == 1


def test_a_write_in_one_instance_is_seen_by_another_without_a_read(instance, sheets, duo):
    writer, reader = instance(), instance()
    reader.bookings_on(duo, FRIDAY)
    made = book(writer, duo)
    before = sheets.count("values_get")
    assert [b.booking_id for b in reader.bookings_on(duo, FRIDAY)] == [made.booking_id]
    assert sheets.count("values_get") == before


def test_a_cancel_and_an_update_leave_the_worksheet_as_it_is_for_the_others(instance, sheets, duo):
    writer, reader = instance(), instance()
    first, second = book(writer, duo, "19:00"), book(writer, duo, "20:00", phone="+393331234599")
    writer.cancel(duo, first.booking_id)
    writer.update(duo, second.booking_id, lambda current, day_of: current.model_copy(update={"time": "21:00"}))
    before = sheets.count("values_get")
    seen = reader.bookings_on(duo, FRIDAY)
    assert [(b.booking_id, b.time) for b in seen] == [(second.booking_id, "21:00")]
    assert [r["booking_id"] for r in sheets.bookings("duo")] == [second.booking_id]
    assert sheets.count("values_get") == before


def test_an_expired_snapshot_is_read_again_once(instance, sheets, duo):
    first, second = instance(cache_seconds=0), instance(cache_seconds=0)
    first.bookings_on(duo, FRIDAY)
    second.bookings_on(duo, FRIDAY)
    assert sheets.count("values_get") == 2


def test_a_write_whose_outcome_is_unknown_leaves_no_snapshot(instance, sheets, duo):
    writer, reader = instance(), instance()
    reader.bookings_on(duo, FRIDAY)
    sheets.fail_next(1, "500", on="append")
    with pytest.raises(BackendUnavailable):
        book(writer, duo)
    before = sheets.count("values_get")
    reader.bookings_on(duo, FRIDAY)
    assert sheets.count("values_get") == before + 1


def test_staff_edits_are_seen_once_the_snapshot_expires_and_writes_always_see_them(instance, sheets, duo):
    provider = instance(cache_seconds=30)
    provider.bookings_on(duo, FRIDAY)
    sheets.add_worksheet("duo", rows=[HEADER, ["x1", "2026-02-20", "20:00", "2", "A", "+393331234501"]])
    assert provider.bookings_on(duo, FRIDAY) == []  # the shared copy, for up to cache_seconds
    seen_by_writer = []
    provider.create(
        duo,
        BookingDraft(day=FRIDAY, time="21:00", people=2, name="B", phone=PHONE),
        lambda seen: seen_by_writer.append((seen.occupancy.loads, seen.holds("+393331234501", "20:00"))),
    )
    assert seen_by_writer == [({"20:00": Load(1, 2)}, True)]  # the staff's row, which the shared copy missed
    assert len(provider.bookings_on(duo, FRIDAY)) == 2


# --- booking decisions on the last writer's copy ----------------------------------------------------------
def test_bookings_that_follow_each_other_decide_on_the_last_writers_copy_without_reading(instance, sheets, duo):
    first, second = instance(cache_seconds=5), instance(cache_seconds=5)
    book(first, duo, "19:00", phone="+393331230001")
    assert sheets.count("values_get") == 1
    book(second, duo, "19:30", phone="+393331230002")
    book(first, duo, "20:00", phone="+393331230003")
    admit = at_most(1, "19:30")
    with pytest.raises(ToolError):
        book(second, duo, "19:30", phone="+393331230004", admit=admit)  # the copy knows the 19:30 booking
    assert sheets.count("values_get") == 1
    assert len(sheets.bookings("duo")) == 3


def test_a_readers_copy_never_serves_a_booking_decision(instance, sheets, duo):
    reader, writer = instance(cache_seconds=5), instance(cache_seconds=5)
    reader.bookings_on(duo, FRIDAY)
    book(writer, duo)
    assert sheets.count("values_get") == 2


def test_fresh_decisions_read_the_sheet_before_every_booking(instance, sheets, duo):
    writer = instance(cache_seconds=5, fresh_decisions=True)
    book(writer, duo, "19:00", phone="+393331230001")
    book(writer, duo, "20:00", phone="+393331230002")
    assert sheets.count("values_get") == 2


def test_a_row_staff_type_reaches_booking_decisions_once_cache_seconds_have_passed(instance, sheets, duo):
    writer = instance(cache_seconds=1)
    book(writer, duo, "19:00", phone="+393331230001")
    rows = sheets.rows("duo") + [["x1", "2026-02-20", "20:00", "2", "Staff", "+393331234501"]]
    sheets.add_worksheet("duo", rows=rows)
    time.sleep(1.1)
    admit = at_most(1)
    with pytest.raises(ToolError):
        book(writer, duo, "20:00", phone="+393331230002", admit=admit)
    assert admit.seen[0]["20:00"] == Load(1, 2)  # the staff's row, written after the copy was taken


def test_bookings_racing_across_four_instances_on_a_slot_of_two_make_exactly_two(instance, sheets, duo):
    instances = [instance(cache_seconds=10) for _ in range(4)]
    book(instances[0], duo, "19:00", phone="+393331230000")  # a writer's copy to decide on
    start = threading.Barrier(12)
    outcomes: list[str] = []

    def one(n: int) -> None:
        start.wait()
        try:
            book(instances[n % 4], duo, "20:00", phone=f"+39333124{n:04d}", admit=at_most(2))
            outcomes.append("OK")
        except ToolError as refused:
            outcomes.append(refused.code)
        except Exception as failed:  # noqa: BLE001 - named in the assertion below
            outcomes.append(type(failed).__name__)

    threads = [threading.Thread(target=one, args=(n,)) for n in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["OK", "OK"] + ["SLOT_FULL"] * 10
    assert sum(r["time"] == "20:00" for r in sheets.bookings("duo")) == 2
    assert sheets.count("values_get") <= 3  # one read, and one more each time the copy outlives cache_seconds


def test_a_refused_booking_leaves_its_fresh_read_for_the_next_decision(instance, sheets, duo):
    first, second = instance(cache_seconds=5), instance(cache_seconds=5)
    first.bookings_on(duo, FRIDAY)  # a reader's copy: no decision is taken on it
    with pytest.raises(ToolError):
        book(first, duo, admit=at_most(0))
    book(second, duo, phone="+393331230009")
    assert sheets.count("values_get") == 2


def test_callers_of_one_instance_finding_the_copy_expired_together_make_one_read(instance, sheets, duo):
    provider = instance(cache_seconds=5)
    start = threading.Barrier(10)
    seen: list[int] = []

    def ask() -> None:
        start.wait()
        seen.append(len(provider.bookings_on(duo, FRIDAY)))

    threads = [threading.Thread(target=ask) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == [0] * 10 and sheets.count("values_get") == 1
