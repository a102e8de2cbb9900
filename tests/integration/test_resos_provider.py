"""The resOS provider's real HTTP client against a small real resOS (tests/support/resos_server.py)."""

from __future__ import annotations

import base64
import datetime as dt
import logging
import time

import pytest

from concierge.adapters.providers.resos import ResosProvider
from concierge.domain.booking import Booking, BookingDraft
from concierge.domain.errors import ToolError
from concierge.domain.occupancy import Load
from concierge.tools.booking_rules import admit as rule_admit
from concierge.tools.provider_errors import SpokenProvider
from tests.support.local import IMPATIENT, LATE, PATIENT, free_port
from tests.support.resos_server import DEFAULT_KEY, start_resos_server

FRIDAY = dt.date(2026, 2, 20)
SATURDAY = dt.date(2026, 2, 21)
LOCAL_NOW = dt.datetime(2026, 2, 19, 18, 0, tzinfo=dt.timezone(dt.timedelta(hours=1)))
MARIO = "+393331234567"
LUCIA = "+393471112233"


@pytest.fixture
def roma(venues):
    return venues["roma"]


@pytest.fixture
def resos():
    with start_resos_server() as server:
        yield server


def provider_for(server, env=None, **block) -> SpokenProvider:
    """The provider as the tools reach it: its failures as the contract's codes, in the venue's words."""
    config = {
        "kind": "resos",
        "base_url": server.base_url,
        "api_key_env": "RESOS_API_KEY",
        "timeout_seconds": PATIENT,
    } | block
    return SpokenProvider(ResosProvider(config, {"RESOS_API_KEY": DEFAULT_KEY} if env is None else env))


@pytest.fixture
def provider(resos):
    return provider_for(resos)


def draft(day=FRIDAY, time="20:00", people=4, name="Mario Rossi", phone=MARIO, notes=None) -> BookingDraft:
    return BookingDraft(day=day, time=time, people=people, name=name, phone=phone, notes=notes)


def admit_for(venue, d: BookingDraft):
    """The real create_booking rule: hours, duplicate (phone, day, time), capacity."""
    return lambda seen: rule_admit(venue, d.day, d.time, d.phone, seen, LOCAL_NOW)


def refusal(call) -> ToolError:
    with pytest.raises(ToolError) as caught:
        call()
    return caught.value


# --- reading ------------------------------------------------------------------------------------------
def test_a_days_approved_bookings_come_back_in_venue_local_time_and_in_time_order(resos, provider, roma):
    late = resos.add_booking("2026-02-20", "21:30", people=2, name="Lucia Bianchi", phone=LUCIA, comment="Seggiolone")
    early = resos.add_booking("2026-02-20", "9:05", people=3, phone="333 123 4567")  # local number, unpadded hour
    resos.add_booking("2026-02-21", "20:00")

    bookings = provider.bookings_on(roma, FRIDAY)

    assert bookings == [
        Booking(
            booking_id=early,
            venue_id="roma",
            day=FRIDAY,
            time="09:05",
            people=3,
            name="Mario Rossi",
            phone=MARIO,
            notes=None,
        ),
        Booking(
            booking_id=late,
            venue_id="roma",
            day=FRIDAY,
            time="21:30",
            people=2,
            name="Lucia Bianchi",
            phone=LUCIA,
            notes="Seggiolone",
        ),
    ]
    assert resos.requests[0]["authorization"] == "Basic " + base64.b64encode(f"{DEFAULT_KEY}:".encode()).decode()


def test_bookings_that_free_the_table_are_never_listed(resos, provider, roma):
    kept = resos.add_booking("2026-02-20", "20:00")
    for status in ("canceled", "deleted", "declined", "left", "no_show", "waitlist"):
        resos.add_booking("2026-02-20", "20:00", status=status)
    resos.put_record({"date": "2026-02-20", "time": "20:00", "people": 2, "guest": {"name": "X"}})  # no status

    assert [b.booking_id for b in provider.bookings_on(roma, FRIDAY)] == [kept]


@pytest.mark.parametrize("status", ["approved", "arrived", "seated", "request"])
def test_parties_that_hold_a_table_count_toward_capacity(resos, provider, roma, status):
    for n in range(roma.max_concurrent_bookings):
        resos.add_booking("2026-02-20", "20:00", phone=f"+39333000000{n}", status=status)

    error = refusal(lambda: provider.create(roma, draft(people=2), admit_for(roma, draft(people=2))))

    assert error.code == "SLOT_FULL"
    assert len(resos.bookings()) == roma.max_concurrent_bookings


def test_a_callers_pending_request_is_listed_changed_and_cancelled(resos, provider, roma):
    pending = resos.add_booking("2026-02-20", "20:00", people=2, status="request")

    assert [b.booking_id for b in provider.bookings_for_phone(roma, MARIO, FRIDAY)] == [pending]
    moved = provider.update(roma, pending, lambda current, day_bookings: current.model_copy(update={"time": "21:00"}))
    assert moved.time == "21:00" and resos.booking(pending)["time"] == "21:00"
    assert resos.booking(pending)["status"] == "request"  # still the venue's to approve

    provider.cancel(roma, pending)

    assert resos.booking(pending)["status"] == "canceled"
    assert refusal(lambda: provider.get(roma, pending)).code == "BOOKING_NOT_FOUND"


def test_bookings_just_after_midnight_utc_still_belong_to_their_local_day(roma):
    new_york = roma.model_copy(update={"timezone": "America/New_York"})
    with start_resos_server(timezone="America/New_York") as server:
        late = server.add_booking("2026-02-20", "23:30")  # 04:30 UTC on the 21st
        server.add_booking("2026-02-21", "00:15")  # the next local day
        server.add_booking("2026-02-19", "23:59")  # the local day before

        bookings = provider_for(server).bookings_on(new_york, FRIDAY)

    assert [(b.booking_id, b.day, b.time) for b in bookings] == [(late, FRIDAY, "23:30")]


def test_walk_ins_without_a_phone_still_count_on_their_day(resos, provider, roma):
    walk_in = resos.add_booking("2026-02-20", "20:00", phone=None, name="")
    resos.put_record({"date": "2026-02-20", "time": "20:30", "people": 2, "status": "approved"})  # no guest at all

    bookings = provider.bookings_on(roma, FRIDAY)

    assert [b.booking_id for b in bookings][0] == walk_in
    assert [(b.name, b.phone) for b in bookings] == [("", ""), ("", "")]


def test_a_record_with_only_a_utc_date_time_is_read_in_the_venues_time(resos, provider, roma):
    booking_id = resos.put_record(
        {
            "dateTime": "2026-02-20T19:30:00Z",
            "people": 2,
            "status": "approved",
            "guest": {"name": "Mario Rossi", "phone": MARIO},
        }
    )

    booking = provider.get(roma, booking_id)

    assert (booking.day, booking.time) == (FRIDAY, "20:30")


def test_bookings_between_cover_every_day_from_first_to_last_inclusive(resos, provider, roma):
    resos.add_booking("2026-02-19", "20:00")
    friday = resos.add_booking("2026-02-20", "22:00")
    saturday = resos.add_booking("2026-02-21", "19:00")
    resos.add_booking("2026-02-22", "12:30")

    assert [b.booking_id for b in provider.bookings_between(roma, FRIDAY, SATURDAY)] == [friday, saturday]


def test_listing_reads_every_page_of_a_busy_day(resos, provider, roma):
    for i in range(130):
        resos.add_booking("2026-02-20", f"{12 + i // 60:02d}:{i % 60:02d}", phone=f"+3933312{i:05d}")

    bookings = provider.bookings_on(roma, FRIDAY)

    assert len(bookings) == 130 and bookings == sorted(bookings, key=Booking.sort_key)
    assert [r["args"]["skip"] for r in resos.requests] == ["0", "100"]


def test_a_phones_bookings_are_found_from_the_given_day_on(resos, provider, roma):
    resos.add_booking("2026-02-18", "20:00")  # before the day
    friday = resos.add_booking("2026-02-20", "20:00", phone="+39 333 123 4567")
    later = resos.add_booking("2026-06-30", "13:00", phone="0039 3331234567")
    resos.add_booking("2026-02-20", "21:00", phone=LUCIA)
    resos.add_booking("2026-02-21", "20:00", status="canceled")
    resos.add_booking("2028-01-01", "20:00")  # beyond phone_search_days

    found = provider.bookings_for_phone(roma, MARIO, FRIDAY)

    assert [b.booking_id for b in found] == [friday, later]
    assert all(b.phone == MARIO for b in found)


def test_get_returns_an_approved_booking_and_refuses_missing_or_canceled_ones(resos, provider, roma):
    kept = resos.add_booking("2026-02-20", "20:00", people=5, comment="  ")
    canceled = resos.add_booking("2026-02-20", "20:00", status="canceled")

    booking = provider.get(roma, kept)

    assert (booking.booking_id, booking.people, booking.notes) == (kept, 5, None)
    for missing in (canceled, "nope", "", "../bookings"):
        error = refusal(lambda: provider.get(roma, missing))
        assert (error.code, error.message) == ("BOOKING_NOT_FOUND", "Non trovo quella prenotazione.")


# --- creating -------------------------------------------------------------------------------------------
def test_create_checks_the_days_bookings_through_admit_then_writes_an_approved_booking(resos, provider, roma):
    resos.add_booking("2026-02-20", "19:00", phone=LUCIA)
    resos.add_booking("2026-02-20", "19:30", status="canceled")
    seen = []
    wanted = draft(notes="Tavolo vicino alla finestra")

    booking = provider.create(roma, wanted, seen.append)

    assert [day.occupancy.loads for day in seen] == [{"19:00": Load(1, 2)}]  # not the cancelled 19:30
    assert seen[0].holds(LUCIA, "19:00")
    assert booking == Booking(booking_id=booking.booking_id, venue_id="roma", **wanted.model_dump())
    record = resos.booking(booking.booking_id)
    assert {k: record[k] for k in ("date", "time", "people", "guest", "status", "comment", "duration")} == {
        "date": "2026-02-20",
        "time": "20:00",
        "people": 4,
        "guest": {"name": "Mario Rossi", "phone": MARIO},
        "status": "approved",
        "comment": "Tavolo vicino alla finestra",
        "duration": 90,
    }
    assert provider.get(roma, booking.booking_id) == booking


def test_create_accepts_an_answer_that_is_only_the_new_id(resos, provider, roma):
    resos.create_answers_id_only = True

    booking = provider.create(roma, draft(), admit_for(roma, draft()))

    assert resos.booking(booking.booking_id)["guest"]["phone"] == MARIO


def test_a_duplicate_is_refused_through_admit_and_nothing_is_written(resos, provider, roma):
    resos.add_booking("2026-02-20", "20:00", phone=MARIO)

    error = refusal(lambda: provider.create(roma, draft(), admit_for(roma, draft())))

    assert (error.code, error.message) == ("DUPLICATE_BOOKING", "Risulta già una prenotazione con questi dati.")
    assert resos.writes() == []


def test_a_full_slot_is_refused_through_admit_and_nothing_is_written(resos, provider, roma):
    for phone in ("+393330000001", "+393330000002", "+393330000003"):
        resos.add_booking("2026-02-20", "20:00", phone=phone)

    error = refusal(lambda: provider.create(roma, draft(), admit_for(roma, draft())))

    assert error.code == "SLOT_FULL" and error.extra["nearest_slots"]
    assert resos.writes() == []


def test_a_canceled_booking_at_the_same_time_is_no_duplicate(resos, provider, roma):
    resos.add_booking("2026-02-20", "20:00", phone=MARIO, status="canceled")

    booking = provider.create(roma, draft(), admit_for(roma, draft()))

    assert resos.booking(booking.booking_id)["status"] == "approved"


def test_no_suitable_table_becomes_no_table_available_in_the_venues_language(resos, provider, roma):
    resos.refuse_tables("2026-02-20", "20:00")

    error = refusal(lambda: provider.create(roma, draft(), admit_for(roma, draft())))

    assert (error.code, error.message) == ("NO_TABLE_AVAILABLE", "Non ci sono tavoli per quell'orario.")
    assert resos.bookings() == []


def test_a_validation_refusal_from_resos_is_a_provider_error(resos, provider, roma):
    error = refusal(lambda: provider.create(roma, draft(name="M"), lambda seen: None))  # resOS wants 2+ letters

    assert (error.code, error.message) == (
        "PROVIDER_ERROR",
        "C'è stato un errore tecnico con il sistema di prenotazione.",
    )


# --- updating and cancelling ---------------------------------------------------------------------------------
def test_update_sends_only_what_changed_and_keeps_the_guests_other_details(resos, provider, roma):
    booking_id = resos.add_booking(
        "2026-02-20",
        "20:00",
        people=2,
        comment="Compleanno",
        tables=[{"_id": "t1"}],
        guest={"name": "Mario Rossi", "phone": MARIO, "email": "mario@example.com"},
    )

    def change(current, day_of):
        return current.model_copy(update={"day": SATURDAY, "time": "21:00", "name": "Mario R.", "notes": None})

    updated = provider.update(roma, booking_id, change)

    assert (updated.booking_id, updated.day, updated.time, updated.people, updated.notes) == (
        booking_id,
        SATURDAY,
        "21:00",
        2,
        None,
    )
    put = resos.writes()[-1]
    assert put["method"] == "PUT" and set(put["json"]) == {"date", "time", "guest", "comment"}
    record = resos.booking(booking_id)
    assert record["guest"] == {"name": "Mario R.", "phone": MARIO, "email": "mario@example.com"}
    assert record["tables"] == [{"_id": "t1"}] and record["comment"] == ""
    assert provider.get(roma, booking_id) == updated


def test_update_lets_change_read_other_days_and_refuse_without_writing(resos, provider, roma):
    booking_id = resos.add_booking("2026-02-20", "20:00", phone=MARIO)
    resos.add_booking("2026-02-21", "21:00", phone=MARIO)
    read = []

    def change(current, day_of):
        read.append(day_of(SATURDAY).holds(MARIO, "21:00"))
        moved = current.model_copy(update={"day": SATURDAY, "time": "21:00"})
        rule_admit(roma, moved.day, moved.time, moved.phone, day_of(SATURDAY), LOCAL_NOW)
        return moved

    error = refusal(lambda: provider.update(roma, booking_id, change))

    assert read == [True] and error.code == "DUPLICATE_BOOKING"
    assert resos.writes() == [] and resos.booking(booking_id)["date"] == "2026-02-20"


def test_an_update_that_changes_nothing_writes_nothing(resos, provider, roma):
    booking_id = resos.add_booking("2026-02-20", "20:00")

    assert provider.update(roma, booking_id, lambda current, day_of: current).booking_id == booking_id
    assert resos.writes() == []


def test_moving_to_a_slot_without_a_suitable_table_is_no_table_available(resos, provider, roma):
    booking_id = resos.add_booking("2026-02-20", "20:00")
    resos.refuse_tables("2026-02-20", "21:00")

    error = refusal(
        lambda: provider.update(roma, booking_id, lambda current, day_of: current.model_copy(update={"time": "21:00"}))
    )

    assert error.code == "NO_TABLE_AVAILABLE" and resos.booking(booking_id)["time"] == "20:00"


def test_updating_a_missing_or_canceled_booking_is_booking_not_found(resos, provider, roma):
    canceled = resos.add_booking("2026-02-20", "20:00", status="canceled")

    for booking_id in (canceled, "missing"):
        error = refusal(lambda: provider.update(roma, booking_id, lambda current, day_of: current))
        assert error.code == "BOOKING_NOT_FOUND"
    assert resos.writes() == []


def test_cancel_puts_status_canceled_and_cancelling_again_is_booking_not_found(resos, provider, roma):
    booking_id = resos.add_booking("2026-02-20", "20:00")

    provider.cancel(roma, booking_id)

    assert resos.writes()[-1]["json"] == {"status": "canceled"}
    assert resos.booking(booking_id)["status"] == "canceled"
    assert provider.bookings_on(roma, FRIDAY) == []
    assert refusal(lambda: provider.cancel(roma, booking_id)).code == "BOOKING_NOT_FOUND"
    assert refusal(lambda: provider.cancel(roma, "never-existed")).code == "BOOKING_NOT_FOUND"
    assert len(resos.writes()) == 1


# --- configuration and secrets --------------------------------------------------------------------------------
PORT_CALLS = {
    "bookings_on": lambda p, v: p.bookings_on(v, FRIDAY),
    "bookings_for_phone": lambda p, v: p.bookings_for_phone(v, MARIO, FRIDAY),
    "bookings_between": lambda p, v: p.bookings_between(v, FRIDAY, SATURDAY),
    "get": lambda p, v: p.get(v, "abc"),
    "create": lambda p, v: p.create(v, draft(), lambda seen: None),
    "update": lambda p, v: p.update(v, "abc", lambda current, day_of: current),
    "cancel": lambda p, v: p.cancel(v, "abc"),
}


@pytest.mark.parametrize("method", PORT_CALLS)
def test_a_missing_api_key_is_resos_not_configured_for_every_method(resos, roma, method):
    for env in ({}, {"RESOS_API_KEY": "  "}):
        error = refusal(lambda: PORT_CALLS[method](provider_for(resos, env=env), roma))
        assert error.code == "RESOS_NOT_CONFIGURED" and "RESOS_API_KEY" in error.message
    assert resos.requests == []


def test_the_key_is_read_from_the_env_var_the_block_names(resos, roma):
    resos.add_booking("2026-02-20", "20:00")
    provider = provider_for(resos, env={"ROMA_RESOS_KEY": DEFAULT_KEY}, api_key_env="ROMA_RESOS_KEY")

    assert len(provider.bookings_on(roma, FRIDAY)) == 1


def test_a_rejected_api_key_is_a_provider_error(resos, roma):
    error = refusal(lambda: provider_for(resos, env={"RESOS_API_KEY": "wrong-key"}).bookings_on(roma, FRIDAY))

    assert error.code == "PROVIDER_ERROR"


def test_the_api_key_never_appears_in_logs_or_error_messages(resos, roma, caplog):
    caplog.set_level(logging.DEBUG)
    provider = provider_for(resos, timeout_seconds=IMPATIENT)
    booking_id = resos.add_booking("2026-02-20", "20:00")
    errors = []
    resos.fail_next(1)
    resos.malformed_next(1)
    resos.throttle_next(3, retry_after="0")
    resos.delay_next(1, LATE)
    for _ in range(4):
        errors.append(refusal(lambda: provider.bookings_on(roma, FRIDAY)))
    errors.append(refusal(lambda: provider_for(resos, env={"RESOS_API_KEY": "wrong"}).get(roma, booking_id)))
    provider.cancel(roma, booking_id)

    assert {e.code for e in errors} == {"PROVIDER_UNAVAILABLE", "PROVIDER_ERROR"}
    encoded = base64.b64encode(f"{DEFAULT_KEY}:".encode()).decode()
    for text in [caplog.text, *(str(e.payload()) for e in errors), *(repr(e) for e in errors)]:
        assert DEFAULT_KEY not in text and encoded not in text
    assert "resOS" in caplog.text


def test_the_provider_factory_builds_it_from_a_venues_block(resos, roma):
    from concierge.bootstrap import provider_factory

    resos.add_booking("2026-02-20", "20:00")
    venue = roma.model_copy(
        update={
            "provider": roma.provider.model_validate(
                {"kind": "resos", "base_url": resos.base_url, "api_key_env": "RESOS_API_KEY"}
            )
        }
    )

    provider = provider_factory(None, {"RESOS_API_KEY": DEFAULT_KEY})(venue)

    assert isinstance(provider, ResosProvider) and len(provider.bookings_on(venue, FRIDAY)) == 1


# --- faults ----------------------------------------------------------------------------------------------------
def test_a_slow_answer_is_provider_unavailable(resos, roma):
    resos.delay_next(1, LATE)

    error = refusal(lambda: provider_for(resos, timeout_seconds=IMPATIENT).bookings_on(roma, FRIDAY))

    assert (error.code, error.message) == (
        "PROVIDER_UNAVAILABLE",
        "Il sistema di prenotazione non è raggiungibile in questo momento.",
    )


def test_nothing_listening_is_provider_unavailable(roma):
    provider = SpokenProvider(
        ResosProvider(
            {"kind": "resos", "base_url": f"http://127.0.0.1:{free_port()}/v1"}, {"RESOS_API_KEY": DEFAULT_KEY}
        )
    )

    for call in PORT_CALLS.values():
        assert refusal(lambda: call(provider, roma)).code == "PROVIDER_UNAVAILABLE"


@pytest.mark.parametrize("status", [500, 502, 503])
def test_a_server_error_is_provider_unavailable_and_not_retried(resos, provider, roma, status):
    resos.fail_next(1, status=status)

    assert refusal(lambda: provider.bookings_on(roma, FRIDAY)).code == "PROVIDER_UNAVAILABLE"
    assert len(resos.requests) == 1


def test_a_server_error_while_writing_is_provider_unavailable(resos, provider, roma):
    resos.add_booking("2026-02-21", "20:00")

    def fail_the_post(seen):
        resos.fail_next(1, status=503)

    assert refusal(lambda: provider.create(roma, draft(), fail_the_post)).code == "PROVIDER_UNAVAILABLE"
    assert len(resos.bookings()) == 1


def test_a_429_is_retried_after_the_wait_resos_asks_for(resos, provider, roma):
    resos.add_booking("2026-02-20", "20:00")
    resos.throttle_next(2, retry_after="400")  # milliseconds, as resOS sends it
    started = time.monotonic()

    bookings = provider.bookings_on(roma, FRIDAY)

    assert len(bookings) == 1 and len(resos.requests) == 3
    assert time.monotonic() - started >= 0.8


def test_a_429_without_retry_after_is_retried_with_backoff(resos, provider, roma):
    resos.throttle_next(1, retry_after=None)

    booking = provider.create(roma, draft(), admit_for(roma, draft()))

    assert resos.booking(booking.booking_id) is not None


def test_a_429_that_persists_gives_up_as_provider_unavailable_after_three_tries(resos, provider, roma):
    resos.throttle_next(5, retry_after="100")

    assert refusal(lambda: provider.get(roma, "abc")).code == "PROVIDER_UNAVAILABLE"
    assert len(resos.requests) == 3


def test_a_retry_after_beyond_the_budget_is_not_waited_for(resos, provider, roma):
    resos.throttle_next(1, retry_after="30000")

    assert refusal(lambda: provider.bookings_on(roma, FRIDAY)).code == "PROVIDER_UNAVAILABLE"
    assert len(resos.requests) == 1


@pytest.mark.parametrize("method", ["bookings_on", "get", "create", "cancel"])
def test_a_body_that_is_not_json_is_a_provider_error(resos, provider, roma, method):
    resos.add_booking("2026-02-20", "20:00", _id="abc")
    resos.malformed_next(1)

    assert refusal(lambda: PORT_CALLS[method](provider, roma)).code == "PROVIDER_ERROR"


@pytest.mark.parametrize(
    "record",
    [
        {"time": "20:00", "people": 2},  # no date
        {"date": "20/02/2026", "time": "20:00", "people": 2},
        {"date": "2026-02-20", "time": "8pm", "people": 2},
        {"date": "2026-02-20", "time": "20:00", "people": "two"},
        {"date": "2026-02-20", "time": "20:00", "people": 2, "guest": "Mario"},
        {"dateTime": "2026-02-20T20:00:00", "people": 2},  # no zone: ambiguous
    ],
)
def test_an_unreadable_booking_record_is_a_provider_error(resos, provider, roma, record):
    booking_id = resos.put_record({"status": "approved", "guest": {"name": "Mario Rossi"}} | record)

    assert refusal(lambda: provider.get(roma, booking_id)).code == "PROVIDER_ERROR"


def test_a_listing_that_is_not_a_list_is_a_provider_error(resos, roma):
    from flask import jsonify

    resos.app.view_functions["list_bookings"] = lambda: jsonify({"bookings": []})

    assert refusal(lambda: provider_for(resos).bookings_on(roma, FRIDAY)).code == "PROVIDER_ERROR"
