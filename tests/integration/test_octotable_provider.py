"""The OctoTable provider's real client over real HTTP, against the small OctoTable of tests/support."""

from __future__ import annotations

import datetime as dt
import logging
import threading
import time
from contextlib import contextmanager
from zoneinfo import ZoneInfo

import httpx
import pytest

from concierge.adapters.providers.octotable import OctoTableProvider
from concierge.domain.booking import Booking, BookingDraft
from concierge.domain.errors import ToolError
from concierge.domain.knowledge_base import load_knowledge_base
from concierge.domain.occupancy import Load
from concierge.speech import phrases_for
from concierge.tools.booking_rules import admit as admit_rule
from concierge.tools.provider_errors import SpokenProvider, translated
from tests.conftest import VENUES_FILE
from tests.support.local import IMPATIENT, LATE, PATIENT, free_port
from tests.support.octotable_server import CLIENT_ID, CLIENT_SECRET, start_octotable_server

ENV = {"OCTO_ID_ROMA": CLIENT_ID, "OCTO_SECRET_ROMA": CLIENT_SECRET}
SAY = phrases_for("it", "restaurant")
FRIDAY = dt.date(2026, 2, 20)
SATURDAY = dt.date(2026, 2, 21)
NOW = dt.datetime(2026, 2, 19, 18, 0, tzinfo=ZoneInfo("Europe/Rome"))
MARIO = "+393331234567"
ROMA = load_knowledge_base(VENUES_FILE)["roma"]


@pytest.fixture(scope="module")
def roma():
    return ROMA


@pytest.fixture
def server():
    with start_octotable_server(property_id="4242") as octo:
        yield octo


def block(server, **more) -> dict:
    return {
        "kind": "octotable",
        "base_url": server.base_url,
        "property_id": "4242",
        "client_id_env": "OCTO_ID_ROMA",
        "client_secret_env": "OCTO_SECRET_ROMA",
        "timeout_seconds": PATIENT,
        **more,
    }


def spoken(config: dict, env: dict, **needs) -> SpokenProvider:
    """The provider as the tools reach it (ToolContext.provider_for): built, and its failures told as the
    contract's codes in the venue's words."""
    with translated(ROMA):
        return SpokenProvider(OctoTableProvider(config, env, **needs))


@pytest.fixture
def provider(server):
    client = spoken(block(server), ENV)
    yield client
    client.inner.close()


@pytest.fixture
def impatient(server):
    client = spoken(block(server, timeout_seconds=IMPATIENT), ENV)
    yield client
    client.inner.close()


def draft(time: str = "20:00", phone: str = MARIO, day: dt.date = FRIDAY, **more) -> BookingDraft:
    return BookingDraft(**{"day": day, "time": time, "people": 4, "name": "Mario Rossi", "phone": phone, **more})


def rules(roma, d: BookingDraft):
    """The real create_booking check: hours, duplicate (phone, day, time), capacity."""
    return lambda seen: admit_rule(roma, d.day, d.time, d.phone, seen, NOW)


def refusal(call) -> ToolError:
    with pytest.raises(ToolError) as caught:
        call()
    return caught.value


# --- reading --------------------------------------------------------------------------------
def test_a_days_bookings_come_back_in_time_order_with_e164_phones_and_local_times(provider, server, roma):
    late = server.add_reservation(
        "2026-02-20",
        "21:30:00",
        pax=2,
        first_name="Anna",
        last_name="Bianchi",
        phone="333 7654321",
        special_request="seggiolone",
    )
    early = server.add_reservation(
        "2026-02-20", "19:00:00", pax=3, first_name="Mario", last_name="De Rossi", phone="3331234567"
    )
    server.add_reservation("2026-02-21", "20:00:00")

    bookings = provider.bookings_on(roma, FRIDAY)

    assert bookings == [
        Booking(
            booking_id=early, venue_id="roma", day=FRIDAY, time="19:00", people=3, name="Mario De Rossi", phone=MARIO
        ),
        Booking(
            booking_id=late,
            venue_id="roma",
            day=FRIDAY,
            time="21:30",
            people=2,
            name="Anna Bianchi",
            phone="+393337654321",
            notes="seggiolone",
        ),
    ]


def test_only_reservations_that_hold_a_table_are_listed(provider, server, roma):
    shown = {
        status: server.add_reservation("2026-02-20", f"{19 + i}:00:00", status=status)
        for i, status in enumerate(["WAITING", "ACCEPTED", "CONFIRMED", "PREPAY"])
    }
    for status in ["CANCELLED", "EXPIRED", "REJECTED", "OUTOFORDER"]:
        server.add_reservation("2026-02-20", "20:00:00", status=status)

    assert [b.booking_id for b in provider.bookings_on(roma, FRIDAY)] == list(shown.values())
    assert server.requests[-1]["args"]["status[]"] == ["WAITING", "ACCEPTED", "CONFIRMED", "PREPAY"]


def test_bookings_between_cover_both_ends_and_follow_every_page(provider, server, roma):
    server.max_page_size = 2
    for day in ["2026-02-19", "2026-02-20", "2026-02-21", "2026-02-22"]:
        for hour in ["19:00:00", "20:00:00", "21:00:00"]:
            server.add_reservation(day, hour)

    bookings = provider.bookings_between(roma, FRIDAY, SATURDAY)

    assert [(b.day, b.time) for b in bookings] == [
        (d, t) for d in (FRIDAY, SATURDAY) for t in ("19:00", "20:00", "21:00")
    ]
    assert len([r for r in server.requests if r["path"] == "/reservations"]) == 3


def test_bookings_for_a_phone_start_from_the_given_day_whatever_form_staff_typed_the_number(provider, server, roma):
    server.add_reservation("2026-02-18", "20:00:00", phone="3331234567")
    national = server.add_reservation("2026-02-20", "20:00:00", phone="333 1234567")
    international = server.add_reservation("2026-03-05", "19:30:00", phone="+39 333 1234567")
    server.add_reservation("2026-02-20", "21:00:00", phone="3331234568")
    server.add_reservation("2026-02-21", "21:00:00", phone="3331234567", status="CANCELLED")

    found = provider.bookings_for_phone(roma, MARIO, FRIDAY)

    assert [b.booking_id for b in found] == [national, international]
    assert server.requests[-1]["args"]["text_search"] == ["3331234567"]


def test_every_request_carries_one_granted_token_and_the_property_header(provider, server, roma):
    provider.bookings_on(roma, FRIDAY)
    provider.create(roma, draft(), lambda seen: None)

    assert server.token_requests == [
        {"grant_type": "client_credentials", "client_id": CLIENT_ID, "client_secret": CLIENT_SECRET}
    ]
    assert len({(r["authorization"], r["property"]) for r in server.requests}) == 1
    assert server.requests[0]["authorization"].startswith("Bearer ") and server.requests[0]["property"] == "4242"


def test_get_returns_one_active_booking(provider, server, roma):
    rid = server.add_reservation(
        "2026-02-20", "20:30:00", pax=5, first_name="Mario", last_name="Rossi", phone="3331234567"
    )

    assert provider.get(roma, rid) == Booking(
        booking_id=rid, venue_id="roma", day=FRIDAY, time="20:30", people=5, name="Mario Rossi", phone=MARIO
    )


@pytest.mark.parametrize("which", ["missing", "cancelled", "expired", "not an octotable id", "../../services"])
def test_get_of_a_booking_that_is_not_active_or_not_there_is_booking_not_found(provider, server, roma, which):
    rid = {"missing": "999", "not an octotable id": "abc", "../../services": "../../services"}.get(which)
    if rid is None:
        rid = server.add_reservation("2026-02-20", "20:00:00", status=which.upper())

    error = refusal(lambda: provider.get(roma, rid))

    assert (error.code, error.message) == ("BOOKING_NOT_FOUND", SAY.booking_not_found())


# --- creating -------------------------------------------------------------------------------
def test_create_hands_the_days_active_bookings_to_admit_and_then_writes_the_reservation(provider, server, roma):
    server.add_reservation("2026-02-20", "19:00:00")
    server.add_reservation("2026-02-20", "19:30:00", status="CANCELLED")
    seen = []

    booking = provider.create(roma, draft(notes="anniversario"), seen.append)

    assert [day.occupancy.loads for day in seen] == [{"19:00": Load(1, 2)}]  # not the cancelled 19:30
    assert booking == Booking(
        booking_id=booking.booking_id,
        venue_id="roma",
        day=FRIDAY,
        time="20:00",
        people=4,
        name="Mario Rossi",
        phone=MARIO,
        notes="anniversario",
    )
    written = server.reservation(booking.booking_id)
    assert (written["start_date"], written["start_hour"], written["pax"], written["channel"]) == (
        "2026-02-20",
        "20:00:00",
        4,
        "OCTOTABLE_ADMIN",
    )
    assert {"first_name": "Mario", "last_name": "Rossi", "phone": MARIO}.items() <= written["customer"].items()
    assert written["special_request"] == "anniversario"


def test_create_sends_the_room_and_service_of_the_block(server, roma):
    client = spoken(block(server, room_id=23288, service_id=30280), ENV)
    client.create(roma, draft(), lambda seen: None)
    assert {"room_id": 23288, "service_id": 30280}.items() <= server.requests[-1]["json"].items()


def test_octotable_itself_accepts_a_duplicate_so_admit_is_what_refuses_it(provider, server, roma):
    server.add_reservation("2026-02-20", "20:00:00", phone="3331234567")
    body = {
        "start_date": "2026-02-20",
        "start_hour": "20:00:00",
        "pax": 2,
        "customer": {"first_name": "Mario", "phone": "3331234567"},
    }
    raw = httpx.post(
        f"{server.base_url}/reservations",
        json=body,
        headers={"Authorization": f"Bearer {server.valid_token()}", "Property": "4242"},
    )
    assert raw.status_code == 201  # OctoTable's side: no duplicate check of its own
    before = len(server.reservations())

    error = refusal(lambda: provider.create(roma, draft(), rules(roma, draft())))

    assert (error.code, error.message) == ("DUPLICATE_BOOKING", SAY.duplicate())
    assert len(server.reservations()) == before
    assert server.requests[-1]["method"] == "GET"


def test_a_full_slot_is_refused_through_admit_and_nothing_is_written(provider, server, roma):
    for phone in ("3330000001", "3330000002", "3330000003"):
        server.add_reservation("2026-02-20", "20:00:00", phone=phone)

    error = refusal(lambda: provider.create(roma, draft(), rules(roma, draft())))

    assert error.code == "SLOT_FULL" and error.extra["nearest_slots"]
    assert len(server.reservations()) == 3


def test_no_table_in_octotable_is_no_table_available(provider, server, roma):
    server.limit_covers(6)
    server.add_reservation("2026-02-20", "20:00:00", pax=4)

    error = refusal(lambda: provider.create(roma, draft(), lambda seen: None))

    assert (error.code, error.message) == ("NO_TABLE_AVAILABLE", SAY.no_table())
    assert len(server.reservations()) == 1


def test_a_validation_refusal_is_provider_error_with_octotables_reason(provider, server, roma):
    error = refusal(lambda: provider.create(roma, draft().model_copy(update={"name": " "}), lambda seen: None))

    assert (error.code, error.message) == ("PROVIDER_ERROR", SAY.provider_error())
    assert "VALIDATION_ERROR" in error.extra["reason"] and "first_name" in error.extra["reason"]


def test_a_create_that_timed_out_after_writing_is_refused_as_a_duplicate_when_retried(impatient, server, roma):
    server.delay_next(0)  # the day's read answers at once ...
    server.delay_next(LATE)  # ... the POST answers after the client gave up, but is carried out

    assert refusal(lambda: impatient.create(roma, draft(), rules(roma, draft()))).code == "PROVIDER_UNAVAILABLE"
    deadline = time.monotonic() + 5
    while not server.reservations() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(server.reservations()) == 1

    again = refusal(lambda: impatient.create(roma, draft(), rules(roma, draft())))

    assert again.code == "DUPLICATE_BOOKING"
    assert len(server.reservations()) == 1


def test_writers_sharing_the_lease_cannot_both_book_the_same_phone_and_time(server, roma):
    lock = threading.Lock()
    names = []

    @contextmanager
    def lease(name):
        names.append(name)
        with lock:
            yield

    client = spoken(block(server), ENV, lease=lease)
    server.delay_next(0.3, times=4)  # slow reads and writes: without the lease both would pass the check
    outcomes = []

    def book():
        try:
            outcomes.append(client.create(roma, draft(), rules(roma, draft())).booking_id)
        except ToolError as exc:
            outcomes.append(exc.code)

    threads = [threading.Thread(target=book) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert sorted(o == "DUPLICATE_BOOKING" for o in outcomes) == [False, True]
    assert len(server.reservations()) == 1
    assert names == ["octotable:4242", "octotable:4242"]


# --- updating and cancelling -------------------------------------------------------------------
def test_update_reads_the_booking_lets_change_see_the_new_day_and_writes_the_result(provider, server, roma):
    rid = server.add_reservation(
        "2026-02-20", "20:00:00", pax=2, first_name="Mario", last_name="Rossi", phone="3331234567"
    )
    server.add_reservation("2026-02-21", "21:00:00")
    read_days = []

    def change(current, day_of):
        read_days.append(day_of(SATURDAY).occupancy.loads)
        return current.model_copy(update={"day": SATURDAY, "time": "21:00", "people": 3, "notes": "terrazza"})

    updated = provider.update(roma, rid, change)

    assert [list(loads) for loads in read_days] == [["21:00"]]  # the neighbour, read on the new day
    assert updated == Booking(
        booking_id=rid,
        venue_id="roma",
        day=SATURDAY,
        time="21:00",
        people=3,
        name="Mario Rossi",
        phone=MARIO,
        notes="terrazza",
    )
    row = server.reservation(rid)
    assert (row["start_date"], row["start_hour"], row["pax"], row["special_request"]) == (
        "2026-02-21",
        "21:00:00",
        3,
        "terrazza",
    )


def test_update_of_a_missing_or_cancelled_booking_is_booking_not_found(provider, server, roma):
    cancelled = server.add_reservation("2026-02-20", "20:00:00", status="CANCELLED")
    for rid in ("999", cancelled):
        error = refusal(lambda: provider.update(roma, rid, lambda current, day_of: current))
        assert (error.code, error.message) == ("BOOKING_NOT_FOUND", SAY.booking_not_found())


def test_a_refusal_from_change_passes_through_and_nothing_is_written(provider, server, roma):
    rid = server.add_reservation("2026-02-20", "20:00:00", phone="3331234567")
    server.add_reservation("2026-02-20", "21:00:00", phone="3331234567")

    def change(current, day_of):
        moved = current.model_copy(update={"time": "21:00"})
        others = day_of(moved.day).without(current)
        admit_rule(roma, moved.day, moved.time, moved.phone, others, NOW)
        return moved

    error = refusal(lambda: provider.update(roma, rid, change))

    assert error.code == "DUPLICATE_BOOKING"
    assert server.reservation(rid)["start_hour"] == "20:00:00"
    assert "PUT" not in {r["method"] for r in server.requests}


def test_moving_to_an_hour_without_tables_is_no_table_available(provider, server, roma):
    server.limit_covers(4)
    rid = server.add_reservation("2026-02-20", "20:00:00", pax=2)
    server.add_reservation("2026-02-20", "21:00:00", pax=4)

    error = refusal(lambda: provider.update(roma, rid, lambda c, day_of: c.model_copy(update={"time": "21:00"})))

    assert error.code == "NO_TABLE_AVAILABLE"
    assert server.reservation(rid)["start_hour"] == "20:00:00"


def test_cancel_deletes_the_reservation_and_a_second_cancel_is_booking_not_found(provider, server, roma):
    rid = server.add_reservation("2026-02-20", "20:00:00")

    provider.cancel(roma, rid)

    assert server.reservation(rid)["status"] == "CANCELLED"
    assert server.requests[-1]["method"] == "DELETE"
    assert provider.bookings_on(roma, FRIDAY) == []
    assert refusal(lambda: provider.cancel(roma, rid)).code == "BOOKING_NOT_FOUND"
    assert refusal(lambda: provider.cancel(roma, "424242")).code == "BOOKING_NOT_FOUND"


# --- faults ------------------------------------------------------------------------------------
PORT_CALLS = {
    "bookings_on": lambda p, v: p.bookings_on(v, FRIDAY),
    "bookings_for_phone": lambda p, v: p.bookings_for_phone(v, MARIO, FRIDAY),
    "bookings_between": lambda p, v: p.bookings_between(v, FRIDAY, SATURDAY),
    "get": lambda p, v: p.get(v, "32992281"),
    "create": lambda p, v: p.create(v, draft(time="21:00"), lambda seen: None),
    "update": lambda p, v: p.update(v, "32992281", lambda c, day_of: c),
    "cancel": lambda p, v: p.cancel(v, "32992281"),
}


@pytest.fixture
def seeded(server):
    assert server.add_reservation("2026-02-20", "20:00:00") == "32992281"
    return server


@pytest.mark.parametrize("method", PORT_CALLS)
def test_every_port_method_answers_from_the_server_when_nothing_goes_wrong(provider, seeded, roma, method):
    asked_before = len(seeded.requests)

    PORT_CALLS[method](provider, roma)

    assert len(seeded.requests) > asked_before


@pytest.mark.parametrize("method", PORT_CALLS)
def test_a_timeout_is_provider_unavailable_on_every_port_method(impatient, seeded, roma, method):
    seeded.delay_next(LATE)

    error = refusal(lambda: PORT_CALLS[method](impatient, roma))

    assert (error.code, error.message) == ("PROVIDER_UNAVAILABLE", SAY.provider_unavailable())


@pytest.mark.parametrize("status", [500, 502, 503])
@pytest.mark.parametrize("method", PORT_CALLS)
def test_server_errors_are_provider_unavailable(provider, seeded, roma, method, status):
    seeded.fail_next(status=status)
    assert refusal(lambda: PORT_CALLS[method](provider, roma)).code == "PROVIDER_UNAVAILABLE"


def test_a_refused_connection_is_provider_unavailable(roma):
    client = spoken(
        {"kind": "octotable", "base_url": f"http://127.0.0.1:{free_port()}", "property_id": "4242"},
        {"OCTOTABLE_CLIENT_ID": CLIENT_ID, "OCTOTABLE_CLIENT_SECRET": CLIENT_SECRET},
    )
    for method in PORT_CALLS:
        assert refusal(lambda: PORT_CALLS[method](client, roma)).code == "PROVIDER_UNAVAILABLE"


def test_a_429_is_retried_after_the_time_retry_after_asks(provider, seeded, roma):
    provider.bookings_on(roma, FRIDAY)  # a token of this server's (a cached one may be another's, on the same port)
    before = len(seeded.requests)
    seeded.rate_limit_next(retry_after="1")
    started = time.monotonic()

    assert [b.booking_id for b in provider.bookings_on(roma, FRIDAY)] == ["32992281"]

    assert time.monotonic() - started >= 0.9
    assert len(seeded.requests) - before == 2


@pytest.mark.parametrize("method", PORT_CALLS)
def test_a_429_that_persists_gives_up_after_three_tries(provider, seeded, roma, method):
    seeded.rate_limit_next(times=3, retry_after="0")

    assert refusal(lambda: PORT_CALLS[method](provider, roma)).code == "PROVIDER_UNAVAILABLE"
    assert len(seeded.requests) == 3


def test_a_429_asking_to_wait_longer_than_the_budget_gives_up_at_once(provider, seeded, roma):
    seeded.rate_limit_next(retry_after="30")

    assert refusal(lambda: provider.bookings_on(roma, FRIDAY)).code == "PROVIDER_UNAVAILABLE"
    assert len(seeded.requests) == 1


def test_a_429_without_retry_after_backs_off_and_succeeds(provider, seeded, roma):
    seeded.rate_limit_next(times=2, retry_after=None)
    assert len(provider.bookings_on(roma, FRIDAY)) == 1
    assert len(seeded.requests) == 3


@pytest.mark.parametrize(
    "body,content_type",
    [
        ("<html>Bad gateway", "text/html"),
        ('{"data": [', "application/json"),
        ('{"reservations": []}', "application/json"),
        ('{"data": [{"id": 1, "status": "CONFIRMED"}]}', "application/json"),
        (
            '{"data": [{"id": 1, "status": "CONFIRMED", "start_date": "2026-02-20", "start_hour": "8pm", "pax": 2}]}',
            "application/json",
        ),
        ('{"success": false, "error": {"code": "X"}}', "application/json"),
        ("[1, 2]", "application/json"),
    ],
)
@pytest.mark.parametrize("method", PORT_CALLS)
def test_a_malformed_answer_is_provider_error(provider, seeded, roma, method, body, content_type):
    seeded.malformed_next(body=body, content_type=content_type)

    error = refusal(lambda: PORT_CALLS[method](provider, roma))

    assert (error.code, error.message) == ("PROVIDER_ERROR", SAY.provider_error())


# --- the access token ----------------------------------------------------------------------------
def test_the_token_is_asked_for_once_and_reused_by_every_call_and_every_client_of_the_process(server, roma):
    first, second = spoken(block(server), ENV), spoken(block(server), ENV)
    for client in (first, second, first):
        client.bookings_on(roma, FRIDAY)
    assert len(server.token_requests) == 1 and len(server.requests) == 3


def test_a_token_refused_as_stale_is_renewed_once_and_the_call_goes_through(provider, seeded, roma):
    provider.bookings_on(roma, FRIDAY)
    seeded.expire_tokens()

    assert [b.booking_id for b in provider.bookings_on(roma, FRIDAY)] == ["32992281"]
    assert len(seeded.token_requests) == 2
    assert [r["authorization"] == seeded.requests[0]["authorization"] for r in seeded.requests] == [True, True, False]


def test_a_write_after_the_token_expired_is_made_once(provider, seeded, roma):
    provider.bookings_on(roma, FRIDAY)
    seeded.expire_tokens()
    provider.create(roma, draft(time="21:00"), lambda seen: None)
    assert len(seeded.reservations()) == 2 and len(seeded.token_requests) == 2


def test_a_token_is_renewed_shortly_before_it_expires_without_a_refused_request(roma):
    with start_octotable_server(token_lifetime=1.5) as short:
        client = spoken(block(short), ENV)
        client.bookings_on(roma, FRIDAY)
        time.sleep(1.4)  # inside the last tenth of the token's life
        client.bookings_on(roma, FRIDAY)
        assert len(short.token_requests) == 2
        assert short.requests[0]["authorization"] != short.requests[1]["authorization"]


def test_a_token_refused_twice_is_provider_error_and_asks_for_one_new_token_only(provider, seeded, roma):
    provider.bookings_on(roma, FRIDAY)
    seeded.expire_tokens()
    seeded.token_lifetime = 0  # every new token is already stale
    error = refusal(lambda: provider.bookings_on(roma, FRIDAY))
    assert error.code == "PROVIDER_ERROR" and "401" in error.extra["reason"]
    assert len(seeded.token_requests) == 2


@pytest.mark.parametrize("env", [{**ENV, "OCTO_SECRET_ROMA": "wrong"}, {**ENV, "OCTO_ID_ROMA": "someone-else"}])
def test_refused_client_credentials_are_config_error_without_the_secret(server, roma, env, caplog):
    caplog.set_level(logging.DEBUG)
    error = refusal(lambda: spoken(block(server), env).bookings_on(roma, FRIDAY))
    assert error.code == "CONFIG_ERROR" and "client_secret_env" in error.message
    assert env["OCTO_SECRET_ROMA"] not in str(error.payload()) + caplog.text
    assert server.requests == []


# --- configuration and secrets ------------------------------------------------------------------
@pytest.mark.parametrize("unset", ["OCTO_ID_ROMA", "OCTO_SECRET_ROMA"])
def test_a_missing_client_secret_is_config_error_naming_the_variable_to_set(server, unset):
    for env in ({k: v for k, v in ENV.items() if k != unset}, {**ENV, unset: "  "}):
        error = refusal(lambda: spoken(block(server), env))
        assert error.code == "CONFIG_ERROR" and unset in error.message


def test_the_default_variables_are_octotable_client_id_and_secret(server, roma):
    config = {k: v for k, v in block(server).items() if not k.endswith("_env")}
    assert "OCTOTABLE_CLIENT_ID" in refusal(lambda: spoken(config, {})).message
    env = {"OCTOTABLE_CLIENT_ID": CLIENT_ID, "OCTOTABLE_CLIENT_SECRET": CLIENT_SECRET}
    assert spoken(config, env).bookings_on(roma, FRIDAY) == []


def test_a_block_without_property_id_is_config_error(server):
    config = {k: v for k, v in block(server).items() if k != "property_id"}
    assert refusal(lambda: spoken(config, ENV)).code == "CONFIG_ERROR"


def test_a_refused_property_is_provider_error(server, roma):
    client = spoken(block(server, property_id="9999"), ENV)
    error = refusal(lambda: client.bookings_on(roma, FRIDAY))
    assert error.code == "PROVIDER_ERROR" and "403" in error.extra["reason"]


def test_the_secret_and_the_token_never_appear_in_logs_or_error_messages(impatient, seeded, roma, caplog):
    caplog.set_level(logging.DEBUG)
    errors = []
    for inject in (
        lambda: None,
        lambda: seeded.delay_next(LATE),
        lambda: seeded.fail_next(),
        lambda: seeded.rate_limit_next(times=3, retry_after="0"),
        lambda: seeded.malformed_next(),
        seeded.expire_tokens,
    ):
        for method in PORT_CALLS:
            inject()
            try:
                PORT_CALLS[method](impatient, roma)
            except ToolError as exc:
                errors.append(str(exc.payload()))
    tokens = {r["authorization"][7:] for r in seeded.requests if r["authorization"]}
    assert errors and caplog.records and tokens
    for secret in (CLIENT_SECRET, *tokens):
        assert secret not in caplog.text and all(secret not in e for e in errors)
        assert secret not in repr(impatient.inner) and secret not in str(vars(impatient.inner).keys())
