"""The Google Sheets provider, through gspread and google-auth, over real HTTP against a local Sheets API."""

from __future__ import annotations

import datetime as dt
import json
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import pytest

from concierge.adapters.providers import ProviderNotConfigured
from concierge.adapters.providers.sheets import LocalSnapshots, SheetsProvider
from concierge.adapters.store import StoreBusy
from concierge.domain.booking import Booking, BookingDraft
from concierge.domain.errors import ToolError
from concierge.speech import phrases_for
from concierge.tools.booking_rules import admit as admit_rule
from concierge.tools.provider_errors import SpokenProvider
from tests.conftest import THURSDAY_EVENING_ROME
from tests.support.local import IMPATIENT, LATE, PATIENT
from tests.support.sheets_server import HEADER, SPREADSHEET_ID, SheetsServer, start_sheets_server

FRIDAY = dt.date(2026, 2, 20)
SATURDAY = dt.date(2026, 2, 21)
NOW = dt.datetime.fromisoformat(THURSDAY_EVENING_ROME)
SAY = phrases_for("it", "restaurant")
PHONE = "+393331234567"


class LockLease:
    """A threading.Lock per lease name, recording the names taken in order."""

    def __init__(self) -> None:
        self.locks: dict[str, threading.Lock] = {}
        self.guard = threading.Lock()
        self.taken: list[str] = []

    @contextmanager
    def __call__(self, name: str):
        with self.guard:
            lock = self.locks.setdefault(name, threading.Lock())
        with lock:
            with self.guard:
                self.taken.append(name)
            yield


@pytest.fixture
def sheets():
    with start_sheets_server() as server:
        yield server


@pytest.fixture
def lease():
    return LockLease()


@pytest.fixture
def make(sheets, lease):
    snapshots = LocalSnapshots()  # this test's own: a later test's server may reuse an earlier one's port

    def build(lease=lease, env=None, **config) -> SpokenProvider:
        """The provider as the tools reach it: its failures as the contract's codes, in the venue's words."""
        block = {
            "kind": "sheets",
            "spreadsheet_id": SPREADSHEET_ID,
            "credentials_env": "SHEETS_CREDENTIALS_JSON",
            "base_url": sheets.base_url,
            "timeout_seconds": PATIENT,
            **config,
        }
        env = {"SHEETS_CREDENTIALS_JSON": json.dumps(sheets.credentials())} if env is None else env
        return SpokenProvider(SheetsProvider(block, env, lease=lease, snapshots=snapshots))

    return build


@pytest.fixture
def provider(make) -> SpokenProvider:
    return make()


@pytest.fixture
def duo(venues):
    return venues["duo"]


@pytest.fixture
def roma(venues):
    return venues["roma"]


def draft(day=FRIDAY, time="20:00", phone=PHONE, name="Mario Rossi", people=2, notes=None) -> BookingDraft:
    return BookingDraft(day=day, time=time, people=people, name=name, phone=phone, notes=notes)


def rules(venue, d: BookingDraft):
    """The tools' own admit for this draft: hours, duplicates, capacity."""
    return lambda seen: admit_rule(venue, d.day, d.time, d.phone, seen, NOW)


def book(provider, venue, **fields) -> Booking:
    d = draft(**fields)
    return provider.create(venue, d, rules(venue, d))


def move_to(day=None, time=None, venue=None):
    """A change like modify_booking's: move the booking and re-admit it on its new day."""

    def change(current: Booking, day_of) -> Booking:
        updated = current.model_copy(update={"day": day or current.day, "time": time or current.time})
        target = day_of(updated.day)
        others = target.without(current) if updated.day == current.day else target
        if venue is not None:
            admit_rule(venue, updated.day, updated.time, updated.phone, others, NOW)
        return updated

    return change


def refusal(call) -> ToolError:
    with pytest.raises(ToolError) as caught:
        call()
    return caught.value


# --- every port method ------------------------------------------------------------------------


def test_a_created_booking_is_a_row_under_the_header_and_reads_back_everywhere(provider, sheets, duo):
    booking = book(provider, duo, notes="finestra")
    [row] = sheets.bookings("duo")
    assert row["booking_id"] == booking.booking_id
    assert (row["day"], row["time"], row["people"], row["name"], row["phone"], row["notes"]) == (
        "2026-02-20",
        "20:00",
        "2",
        "Mario Rossi",
        PHONE,
        "finestra",
    )
    assert row["created_at"].endswith("+00:00")
    assert provider.bookings_on(duo, FRIDAY) == [booking]
    assert provider.get(duo, booking.booking_id) == booking
    assert provider.bookings_for_phone(duo, PHONE, FRIDAY) == [booking]
    assert provider.bookings_between(duo, FRIDAY, SATURDAY) == [booking]
    assert booking.venue_id == "duo" and booking.notes == "finestra"


def test_an_empty_worksheet_gets_its_header_with_the_first_booking(provider, sheets, duo):
    sheets.add_worksheet("duo", rows=[])
    booking = book(provider, duo)
    assert sheets.rows("duo")[0] == HEADER
    assert provider.get(duo, booking.booking_id) == booking


def test_bookings_for_phone_start_from_the_given_day_in_time_order(provider, duo):
    late = book(provider, duo, day=SATURDAY, time="21:00")
    early = book(provider, duo, day=SATURDAY, time="19:00")
    friday = book(provider, duo, day=FRIDAY)
    book(provider, duo, day=FRIDAY, time="19:30", phone="+393331234568")
    assert provider.bookings_for_phone(duo, PHONE, FRIDAY) == [friday, early, late]
    assert provider.bookings_for_phone(duo, PHONE, SATURDAY) == [early, late]


def test_bookings_between_include_both_ends_and_come_in_time_order(provider, duo):
    sunday = book(provider, duo, day=dt.date(2026, 2, 22), time="19:00")
    saturday = book(provider, duo, day=SATURDAY, time="20:30")
    friday = book(provider, duo, day=FRIDAY, time="21:00")
    book(provider, duo, day=dt.date(2026, 2, 23))
    assert provider.bookings_between(duo, FRIDAY, dt.date(2026, 2, 22)) == [friday, saturday, sunday]
    assert provider.bookings_on(duo, SATURDAY) == [saturday]


def test_rows_typed_by_hand_are_read_with_local_phones_and_short_hours(provider, sheets, roma):
    sheets.add_worksheet(
        "roma",
        rows=[
            HEADER,
            ["r1", "2026-02-20", "9:30", "3", "Anna", "06 1234 5678"],
            ["", "", "", "", "", ""],
            ["r2", "2026-02-20", "20:00", "2", "Bea", PHONE],
        ],
    )
    first, second = provider.bookings_on(roma, FRIDAY)
    assert (first.booking_id, first.time, first.phone, first.notes) == ("r1", "09:30", "+390612345678", None)
    assert second.booking_id == "r2"


def test_the_worksheet_defaults_to_the_venue_id_and_the_block_can_name_another(make, sheets, duo):
    sheets.add_worksheet("Prenotazioni Duo")
    booking = book(make(worksheet="Prenotazioni Duo"), duo)
    assert [r["booking_id"] for r in sheets.bookings("Prenotazioni Duo")] == [booking.booking_id]
    assert sheets.bookings("duo") == []


def test_an_unknown_booking_id_is_booking_not_found_in_italian(provider, duo):
    book(provider, duo)
    error = refusal(lambda: provider.get(duo, "nope"))
    assert (error.code, error.message) == ("BOOKING_NOT_FOUND", SAY.booking_not_found())


def test_get_reads_afresh_when_the_cached_sheet_lacks_the_booking(make, sheets, duo):
    provider = make(cache_seconds=60)
    assert provider.bookings_on(duo, FRIDAY) == []
    sheets.add_worksheet("duo", rows=[HEADER, ["w1", "2026-02-20", "20:00", "2", "A", PHONE]])  # another process
    assert provider.get(duo, "w1").booking_id == "w1"


def test_an_update_rewrites_the_row_in_place_keeping_its_id_and_created_at(provider, sheets, duo):
    booking = book(provider, duo)
    created_at = sheets.bookings("duo")[0]["created_at"]
    other = book(provider, duo, phone="+393331234568", time="19:00")
    moved = provider.update(duo, booking.booking_id, move_to(SATURDAY, "21:00", duo))
    assert (moved.booking_id, moved.day, moved.time, moved.venue_id) == (booking.booking_id, SATURDAY, "21:00", "duo")
    rows = sheets.bookings("duo")
    assert [r["booking_id"] for r in rows] == [booking.booking_id, other.booking_id]
    assert (rows[0]["day"], rows[0]["time"], rows[0]["created_at"]) == ("2026-02-21", "21:00", created_at)
    assert provider.get(duo, booking.booking_id) == moved


def test_an_update_holds_the_worksheet_and_both_days_in_sorted_order(provider, lease, duo):
    booking = book(provider, duo, day=SATURDAY)
    lease.taken.clear()
    provider.update(duo, booking.booking_id, move_to(FRIDAY, venue=duo))
    prefix = f"sheets:{SPREADSHEET_ID}:duo:"
    assert lease.taken == [prefix + "rows", prefix + "2026-02-20", prefix + "2026-02-21"]


def test_a_create_holds_the_lease_of_its_worksheet_as_every_writer_does(provider, lease, duo):
    book(provider, duo)
    assert lease.taken == [f"sheets:{SPREADSHEET_ID}:duo:rows"]


def test_an_update_whose_day_the_snapshot_did_not_know_still_locks_it_before_deciding(make, lease, sheets, duo):
    provider = make(cache_seconds=60)
    booking = book(provider, duo)
    provider.bookings_on(duo, FRIDAY)  # cached: the booking on Friday
    sheets.add_worksheet("duo", rows=[HEADER, [booking.booking_id, "2026-02-22", "20:00", "2", "Mario", PHONE, "", ""]])
    lease.taken.clear()
    moved = provider.update(duo, booking.booking_id, move_to(time="21:00", venue=duo))
    assert (moved.day, moved.time) == (dt.date(2026, 2, 22), "21:00")
    assert f"sheets:{SPREADSHEET_ID}:duo:2026-02-22" in lease.taken


def test_an_update_of_an_unknown_booking_is_booking_not_found(provider, duo):
    assert refusal(lambda: provider.update(duo, "nope", move_to(SATURDAY))).code == "BOOKING_NOT_FOUND"


def test_an_update_refused_by_its_change_writes_nothing(provider, sheets, duo):
    book(provider, duo, day=SATURDAY, phone="+393331234501")
    book(provider, duo, day=SATURDAY, phone="+393331234502")
    mine = book(provider, duo)
    before = sheets.rows("duo")
    error = refusal(lambda: provider.update(duo, mine.booking_id, move_to(SATURDAY, venue=duo)))
    assert error.code == "SLOT_FULL" and error.extra["nearest_slots_human"]
    assert sheets.rows("duo") == before


def test_cancel_deletes_the_row_and_a_second_cancel_is_booking_not_found(provider, sheets, duo):
    booking = book(provider, duo)
    provider.cancel(duo, booking.booking_id)
    assert sheets.rows("duo") == [HEADER]
    error = refusal(lambda: provider.cancel(duo, booking.booking_id))
    assert (error.code, error.message) == ("BOOKING_NOT_FOUND", SAY.booking_not_found())
    assert provider.bookings_on(duo, FRIDAY) == []


def test_cancel_removes_only_its_own_row_among_others(provider, sheets, duo):
    kept = [book(provider, duo, time=t, phone=f"+3933312345{i:02d}") for i, t in enumerate(["19:00", "20:00", "21:00"])]
    gone = book(provider, duo, day=SATURDAY)
    provider.cancel(duo, kept[1].booking_id)
    provider.cancel(duo, gone.booking_id)
    assert [r["booking_id"] for r in sheets.bookings("duo")] == [kept[0].booking_id, kept[2].booking_id]


# --- refusals through admit -------------------------------------------------------------------------


def test_a_time_outside_the_hours_is_outside_hours_with_the_nearest_slots_spoken(provider, sheets, duo):
    error = refusal(lambda: book(provider, duo, time="23:00"))
    assert error.code == "OUTSIDE_HOURS"
    assert error.extra["nearest_slots"] and error.extra["nearest_slots_human"]
    assert sheets.bookings("duo") == []


def test_the_same_phone_day_and_time_is_duplicate_booking(provider, sheets, duo):
    book(provider, duo)
    error = refusal(lambda: book(provider, duo, name="Altro nome"))
    assert (error.code, error.message) == ("DUPLICATE_BOOKING", SAY.duplicate())
    assert len(sheets.bookings("duo")) == 1


def test_a_full_slot_is_slot_full_with_the_nearest_slots(provider, sheets, duo):
    book(provider, duo, phone="+393331234501")
    book(provider, duo, phone="+393331234502")
    error = refusal(lambda: book(provider, duo, phone="+393331234503"))
    assert error.code == "SLOT_FULL" and "21:00" in error.extra["nearest_slots"]
    assert len(sheets.bookings("duo")) == 2


# --- missing sheets and configuration -------------------------------------------------------------

PORT_CALLS = {
    "bookings_on": lambda p, v: p.bookings_on(v, FRIDAY),
    "bookings_for_phone": lambda p, v: p.bookings_for_phone(v, PHONE, FRIDAY),
    "bookings_between": lambda p, v: p.bookings_between(v, FRIDAY, SATURDAY),
    "get": lambda p, v: p.get(v, "b1"),
    "create": lambda p, v: p.create(v, draft(), lambda b: None),
    "update": lambda p, v: p.update(v, "b1", move_to(SATURDAY)),
    "cancel": lambda p, v: p.cancel(v, "b1"),
}


@pytest.mark.parametrize("method", PORT_CALLS)
def test_a_missing_spreadsheet_is_sheet_not_found_for_every_method(make, duo, method):
    provider = make(spreadsheet_id="does-not-exist")
    assert refusal(lambda: PORT_CALLS[method](provider, duo)).code == "SHEET_NOT_FOUND"


@pytest.mark.parametrize("method", PORT_CALLS)
def test_a_missing_worksheet_is_sheet_not_found_for_every_method(make, duo, method):
    provider = make(worksheet="no such tab")
    assert refusal(lambda: PORT_CALLS[method](provider, duo)).code == "SHEET_NOT_FOUND"


def test_a_worksheet_recreated_under_another_id_is_still_found_by_cancel(provider, sheets, duo):
    first, second = book(provider, duo), book(provider, duo, day=SATURDAY)
    provider.cancel(duo, first.booking_id)  # the worksheet's id is now known to this process
    sheets.add_worksheet("duo", rows=sheets.rows("duo"))  # deleted and recreated: same title, a new id
    provider.cancel(duo, second.booking_id)
    assert sheets.bookings("duo") == []


def test_a_block_without_spreadsheet_or_credentials_env_is_config_error(sheets):
    for block in ({"kind": "sheets", "credentials_env": "X"}, {"kind": "sheets", "spreadsheet_id": "s"}):
        with pytest.raises(ProviderNotConfigured) as caught:
            SheetsProvider(block, {})
        assert caught.value.code == "CONFIG_ERROR"


@pytest.mark.parametrize(
    "env",
    [{}, {"SHEETS_CREDENTIALS_JSON": "not json"}, {"SHEETS_CREDENTIALS_JSON": json.dumps({"type": "service_account"})}],
)
def test_missing_or_unreadable_credentials_are_config_error_naming_only_the_variable(make, duo, env):
    error = refusal(lambda: make(env=env).bookings_on(duo, FRIDAY))
    assert error.code == "CONFIG_ERROR" and "SHEETS_CREDENTIALS_JSON" in error.message


def test_a_key_the_token_endpoint_rejects_is_provider_error(make, sheets, duo):
    stranger = SheetsServer().credentials()  # the same shape, another private key
    env = {"SHEETS_CREDENTIALS_JSON": json.dumps({**stranger, "token_uri": f"{sheets.base_url}/token"})}
    assert refusal(lambda: make(env=env).bookings_on(duo, FRIDAY)).code == "PROVIDER_ERROR"


def test_every_api_call_carries_the_token_obtained_with_the_service_account_key(provider, sheets, duo):
    book(provider, duo)
    provider.bookings_on(duo, SATURDAY)
    assert sheets.count("token") == 1 and len(sheets.tokens) == 1


# --- faults ---------------------------------------------------------------------------------


def test_a_server_error_is_provider_unavailable(provider, sheets, duo):
    sheets.fail_next(1, "500")
    error = refusal(lambda: provider.bookings_on(duo, FRIDAY))
    assert (error.code, error.message) == ("PROVIDER_UNAVAILABLE", SAY.provider_unavailable())


def test_no_answer_within_the_timeout_is_provider_unavailable_soon(make, sheets, duo):
    sheets.fail_next(1, "timeout", delay=20)
    started = time.monotonic()
    assert refusal(lambda: make(timeout_seconds=IMPATIENT).bookings_on(duo, FRIDAY)).code == "PROVIDER_UNAVAILABLE"
    assert time.monotonic() - started < 15  # gave up long before the server answered


def test_a_server_that_is_not_there_is_provider_unavailable(make, duo):
    from tests.support.local import free_port

    provider = make(base_url=f"http://127.0.0.1:{free_port()}")
    assert refusal(lambda: provider.bookings_on(duo, FRIDAY)).code == "PROVIDER_UNAVAILABLE"


def test_a_malformed_answer_is_provider_error(provider, sheets, duo):
    sheets.fail_next(1, "malformed", on="values_get")
    error = refusal(lambda: provider.bookings_on(duo, FRIDAY))
    assert (error.code, error.message) == ("PROVIDER_ERROR", SAY.provider_error())


def test_a_worksheet_with_another_header_is_provider_error(provider, sheets, duo):
    sheets.add_worksheet("duo", rows=[["id", "when"], ["x", "y"]])
    assert refusal(lambda: provider.bookings_on(duo, FRIDAY)).code == "PROVIDER_ERROR"
    assert refusal(lambda: provider.create(duo, draft(), lambda b: None)).code == "PROVIDER_ERROR"
    assert len(sheets.rows("duo")) == 2


@pytest.mark.parametrize(
    "day, time, people",
    [
        ("20/02/2026", "20:00", "2"),
        ("20.2.26", "20.00", "2"),
        ("20-02-2026", "20h", "2"),
        ("2026-02-20", "8pm", "2"),
        ("20/02/2026", "8:00 p.m.", "2.0"),
        ("2026/02/20", "20h00", "2"),
        ("2026-02-20", "20:00:00", "2,0"),
    ],
)
def test_days_times_and_parties_typed_by_staff_in_the_venues_locale_are_read(provider, sheets, roma, day, time, people):
    sheets.add_worksheet("roma", rows=[HEADER, ["s1", day, time, people, "Anna", "06 1234 5678"]])
    [booking] = provider.bookings_on(roma, FRIDAY)
    assert (booking.day, booking.time, booking.people) == (FRIDAY, "20:00", 2)


def test_half_past_typed_as_20h30_or_8_30pm_is_read_to_the_minute(provider, sheets, roma):
    sheets.add_worksheet(
        "roma",
        rows=[HEADER, ["a", "20/02/2026", "20h30", "2", "A", PHONE], ["b", "20/02/2026", "8:30 pm", "2", "B", PHONE]],
    )
    assert [b.time for b in provider.bookings_on(roma, FRIDAY)] == ["20:30", "20:30"]


def test_a_row_that_cannot_be_read_is_skipped_with_a_warning_naming_it_and_the_others_still_work(
    provider, sheets, duo, caplog
):
    sheets.add_worksheet(
        "duo",
        rows=[
            HEADER,
            ["b1", "venerdì", "20:00", "2", "A", PHONE],
            ["b2", "20/02/2026", "21:00", "2", "B", PHONE],
            ["b3", "2026-02-20", "dopo cena", "2", "C", PHONE],
        ],
    )
    assert [b.booking_id for b in provider.bookings_on(duo, FRIDAY)] == ["b2"]
    assert "row 2 skipped" in caplog.text and "row 4 skipped" in caplog.text and "venerdì" in caplog.text

    made = provider.create(duo, draft(), rules(duo, draft()))

    assert made.booking_id in [r["booking_id"] for r in sheets.bookings("duo")] and len(sheets.rows("duo")) == 5
    assert refusal(lambda: provider.cancel(duo, "b1")).code == "BOOKING_NOT_FOUND"


def test_two_rows_with_one_id_are_ambiguous_and_provider_error(provider, sheets, duo):
    row = ["b1", "2026-02-20", "20:00", "2", "A", PHONE]
    sheets.add_worksheet("duo", rows=[HEADER, row, row])
    assert refusal(lambda: provider.cancel(duo, "b1")).code == "PROVIDER_ERROR"
    assert len(sheets.rows("duo")) == 3


def test_a_429_is_retried_after_its_retry_after(provider, sheets, duo):
    sheets.fail_next(1, "429", on="values_get", retry_after="1")
    started = time.monotonic()
    assert provider.bookings_on(duo, FRIDAY) == []
    assert time.monotonic() - started >= 1
    assert sheets.count("values_get") == 2


def test_429s_that_outlast_six_tries_are_provider_unavailable(provider, sheets, duo):
    sheets.fail_next(10, "429", on="values_get")
    assert refusal(lambda: provider.bookings_on(duo, FRIDAY)).code == "PROVIDER_UNAVAILABLE"
    assert sheets.count("values_get") == 6


def test_a_429_asking_for_longer_than_other_back_ends_wait_is_waited_within_the_sheets_budget(provider, sheets, duo):
    sheets.fail_next(1, "429", on="values_get", retry_after="4")  # beyond the 3 s of the other back-ends
    started = time.monotonic()
    assert provider.bookings_on(duo, FRIDAY) == []
    assert time.monotonic() - started >= 4 and sheets.count("values_get") == 2


def test_the_wait_budget_is_configurable_and_gives_up_before_overrunning_it(make, sheets, duo):
    sheets.fail_next(10, "429", on="values_get", retry_after="0.4")
    assert refusal(lambda: make(wait_budget_seconds=1).bookings_on(duo, FRIDAY)).code == "PROVIDER_UNAVAILABLE"
    assert sheets.count("values_get") <= 3  # waits of 0.4 s: a third one would overrun the 1 s budget


def test_the_budget_is_for_the_whole_call_not_each_request(make, sheets, duo):
    sheets.fail_next(1, "429", on="values_get", retry_after="2")
    sheets.fail_next(1, "429", on="append", retry_after="2")
    started = time.monotonic()
    error = refusal(lambda: book(make(wait_budget_seconds=3), duo))
    assert error.code == "PROVIDER_UNAVAILABLE" and sheets.bookings("duo") == []
    assert time.monotonic() - started >= 2
    assert (sheets.count("values_get"), sheets.count("append")) == (2, 1)  # the append's wait would overrun


def test_the_wait_budget_never_exceeds_fifteen_seconds(make):
    assert make(wait_budget_seconds=60).inner.wait_budget == 15


def test_a_retry_after_beyond_the_budget_gives_up_at_once(provider, sheets, duo):
    sheets.fail_next(1, "429", retry_after="30")
    assert refusal(lambda: provider.bookings_on(duo, FRIDAY)).code == "PROVIDER_UNAVAILABLE"
    assert sheets.count("values_get") == 1


def test_a_create_whose_append_keeps_getting_429_writes_nothing(provider, sheets, duo):
    sheets.fail_next(10, "429", on="append")
    assert refusal(lambda: book(provider, duo)).code == "PROVIDER_UNAVAILABLE"
    assert sheets.bookings("duo") == [] and sheets.count("append") == 6


def test_a_create_whose_append_landed_but_answered_too_late_is_confirmed_by_a_fresh_read(make, sheets, duo):
    sheets.fail_next(1, "stall_after_write", on="append", delay=LATE)
    booking = book(make(timeout_seconds=IMPATIENT), duo)
    assert [r["booking_id"] for r in sheets.bookings("duo")] == [booking.booking_id]


def test_a_create_whose_append_got_no_answer_and_did_not_land_is_provider_unavailable(make, sheets, duo):
    sheets.fail_next(1, "timeout", on="append", delay=LATE)
    assert refusal(lambda: book(make(timeout_seconds=IMPATIENT), duo)).code == "PROVIDER_UNAVAILABLE"
    assert sheets.bookings("duo") == []


def test_a_server_error_on_update_or_cancel_is_provider_unavailable_and_changes_nothing(provider, sheets, duo):
    booking = book(provider, duo)
    before = sheets.rows("duo")
    sheets.fail_next(1, "500", on="values_update")
    assert refusal(lambda: provider.update(duo, booking.booking_id, move_to(SATURDAY))).code == "PROVIDER_UNAVAILABLE"
    sheets.fail_next(1, "500", on="batch_update")
    assert refusal(lambda: provider.cancel(duo, booking.booking_id)).code == "PROVIDER_UNAVAILABLE"
    assert sheets.rows("duo") == before


def test_an_unreachable_token_endpoint_is_provider_unavailable(make, sheets, duo):
    sheets.fail_next(10, "timeout", on="token", delay=LATE)
    assert refusal(lambda: make(timeout_seconds=IMPATIENT).bookings_on(duo, FRIDAY)).code == "PROVIDER_UNAVAILABLE"


def test_a_lease_that_cannot_be_had_is_provider_unavailable(make, sheets, duo):
    @contextmanager
    def busy(name):
        raise StoreBusy()
        yield

    provider = make(lease=busy)
    assert refusal(lambda: book(provider, duo)).code == "PROVIDER_UNAVAILABLE"
    assert sheets.bookings("duo") == []


# --- quota: one values read per call, a short shared cache ------------------------------------------


def test_reads_within_the_cache_time_share_one_values_read_across_instances(make, sheets, duo):
    first, second = make(cache_seconds=30), make(cache_seconds=30)
    first.bookings_on(duo, FRIDAY)
    second.bookings_for_phone(duo, PHONE, FRIDAY)
    first.bookings_between(duo, FRIDAY, SATURDAY)
    assert sheets.count("values_get") == 1


def test_every_call_makes_at_most_one_values_read(provider, sheets, duo):
    booking = book(provider, duo)
    for call in (
        lambda: provider.bookings_on(duo, FRIDAY),
        lambda: provider.get(duo, booking.booking_id),
        lambda: provider.update(duo, booking.booking_id, move_to(SATURDAY, venue=duo)),
        lambda: provider.cancel(duo, booking.booking_id),
        lambda: book(provider, duo),
        lambda: provider.bookings_for_phone(duo, PHONE, FRIDAY),
    ):
        before = sheets.count("values_get")
        call()
        assert sheets.count("values_get") - before <= 1


def test_an_update_right_after_a_write_reads_once_from_the_copy_the_writer_left(provider, sheets, duo):
    booking = book(provider, duo)  # the writer leaves the worksheet as it wrote it
    before = sheets.count("values_get")
    provider.update(duo, booking.booking_id, move_to(SATURDAY, venue=duo))
    assert sheets.count("values_get") - before == 1  # only the fresh read inside the leases


def test_an_update_without_a_recent_read_reads_twice_to_learn_which_days_to_lock(make, sheets, duo):
    provider = make(cache_seconds=0.1)
    booking = book(provider, duo)
    time.sleep(0.2)
    before = sheets.count("values_get")
    provider.update(duo, booking.booking_id, move_to(SATURDAY, venue=duo))
    assert sheets.count("values_get") - before == 2


def test_writes_decide_on_a_fresh_read_inside_the_lease(make, sheets, duo):
    provider = make(cache_seconds=30)
    provider.bookings_on(duo, FRIDAY)
    sheets.add_worksheet(
        "duo",
        rows=[
            HEADER,
            ["x1", "2026-02-20", "20:00", "2", "A", "+393331234501"],
            ["x2", "2026-02-20", "20:00", "2", "B", "+393331234502"],
        ],
    )
    assert provider.bookings_on(duo, FRIDAY) == []  # still the cached read
    assert refusal(lambda: book(provider, duo)).code == "SLOT_FULL"  # the fresh read inside the lease
    assert len(provider.bookings_on(duo, FRIDAY)) == 2


def test_an_expired_cache_is_read_again(make, sheets, duo):
    provider = make(cache_seconds=0.2)
    provider.bookings_on(duo, FRIDAY)
    time.sleep(0.3)
    provider.bookings_on(duo, FRIDAY)
    assert sheets.count("values_get") == 2


# --- real threads ------------------------------------------------------------------------------


def run_together(calls):
    barrier = threading.Barrier(len(calls))

    def run(call):
        barrier.wait()
        try:
            return call()
        except ToolError as error:
            return error

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, calls))


def test_twenty_concurrent_creates_on_a_slot_for_two_write_exactly_two_rows(provider, sheets, duo):
    outcomes = run_together([lambda i=i: book(provider, duo, phone=f"+3933312345{i:02d}") for i in range(20)])
    booked = [o for o in outcomes if isinstance(o, Booking)]
    assert len(booked) == 2 and len(sheets.bookings("duo")) == 2
    assert {o.code for o in outcomes if isinstance(o, ToolError)} == {"SLOT_FULL"}


def test_ten_identical_concurrent_creates_write_one_row(provider, sheets, duo):
    outcomes = run_together([lambda: book(provider, duo) for _ in range(10)])
    assert len([o for o in outcomes if isinstance(o, Booking)]) == 1
    assert [o.code for o in outcomes if isinstance(o, ToolError)] == ["DUPLICATE_BOOKING"] * 9
    assert len(sheets.bookings("duo")) == 1


def test_a_429_storm_during_creates_loses_no_booking_and_invents_none(provider, sheets, duo):
    """Twelve creates queue on one day's lease; twenty 429s in a row sink the first three (six tries each)."""
    sheets.fail_next(18, "429", retry_after="0")
    outcomes = run_together(
        [lambda i=i: provider.create(duo, draft(phone=f"+3933312345{i:02d}"), lambda b: None) for i in range(12)]
    )
    booked = {o.booking_id for o in outcomes if isinstance(o, Booking)}
    assert [o.code for o in outcomes if isinstance(o, ToolError)] == ["PROVIDER_UNAVAILABLE"] * 3
    assert {r["booking_id"] for r in sheets.bookings("duo")} == booked and len(booked) == 9


def test_a_429_storm_across_days_keeps_the_sheet_and_the_answers_in_agreement(provider, sheets, duo):
    sheets.fail_next(25, "429", retry_after="0")
    outcomes = run_together([lambda i=i: book(provider, duo, day=FRIDAY + dt.timedelta(days=i)) for i in range(12)])
    booked = {o.booking_id for o in outcomes if isinstance(o, Booking)}
    assert {o.code for o in outcomes if isinstance(o, ToolError)} <= {"PROVIDER_UNAVAILABLE"}
    assert {r["booking_id"] for r in sheets.bookings("duo")} == booked


def test_concurrent_cancels_and_updates_touch_only_their_own_rows(provider, sheets, duo):
    bookings = [book(provider, duo, day=FRIDAY + dt.timedelta(days=i)) for i in range(10)]
    cancelled, moved = bookings[::2], bookings[1::2]
    calls = [lambda b=b: provider.cancel(duo, b.booking_id) for b in cancelled]
    calls += [lambda b=b: provider.update(duo, b.booking_id, move_to(time="21:30")) for b in moved]
    outcomes = run_together(calls)
    assert not [o for o in outcomes if isinstance(o, ToolError)]
    rows = sheets.bookings("duo")
    assert {r["booking_id"] for r in rows} == {b.booking_id for b in moved}
    assert {(r["day"], r["time"]) for r in rows} == {(b.day.isoformat(), "21:30") for b in moved}


# --- secrets --------------------------------------------------------------------------------


def test_the_key_and_the_token_never_reach_logs_or_error_messages(make, sheets, duo, caplog):
    caplog.set_level(logging.DEBUG)
    credentials = sheets.credentials()
    provider = make(cache_seconds=0)  # every call reads the sheet, so each fault below is met
    booking = book(provider, duo)
    messages = []
    for kind, on, n in (("500", "values_get", 1), ("malformed", "values_get", 1), ("429", "append", 6)):
        sheets.fail_next(n, kind, on=on)
        try:
            book(provider, duo, phone="+393331234599")
        except ToolError as error:
            messages.append(str(error) + json.dumps(error.payload()))
    provider.cancel(duo, booking.booking_id)
    messages.append(
        str(
            refusal(
                lambda: make(
                    env={"SHEETS_CREDENTIALS_JSON": "{" + credentials["private_key"]}, cache_seconds=0
                ).bookings_on(duo, FRIDAY)
            )
        )
    )
    key_body = credentials["private_key"].splitlines()[5]
    for text in [caplog.text, *messages]:
        assert key_body not in text
        for token in sheets.tokens:
            assert token not in text
    assert len(messages) == 4
