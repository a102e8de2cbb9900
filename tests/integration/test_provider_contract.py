"""The tools behave the same on every booking back-end: one contract suite over HTTP, per provider."""

from __future__ import annotations

import pytest

from tests.support.providers import KINDS, provider_setup

FRIDAY = "2026-02-20"
MARIO = {
    "restaurant_id": "roma",
    "day": FRIDAY,
    "time": "20:00",
    "people": 4,
    "name": "Mario Rossi",
    "phone": "+393331234567",
}


@pytest.fixture(params=KINDS)
def on(request, serve, monkeypatch):
    """A server whose venues keep their bookings on the back-end `kind`; yields (api, kind, back-end server)."""
    with provider_setup(request.param) as (block_for, secrets, backend):
        for name, value in secrets.items():
            monkeypatch.setenv(name, value)
        yield serve(providers=block_for), request.param, backend


def test_a_booking_is_created_listed_read_moved_resized_and_cancelled(on):
    api, kind, _ = on
    created = api.ok("create_booking", MARIO)
    assert created["message"] == (
        "Prenotazione confermata per venerdì 20 febbraio alle 20, 4 persone a nome Mario Rossi."
    )
    booking_id = created["booking_id"]
    listed = api.ok("list_bookings", {"restaurant_id": "roma", "phone": "333 123 4567"})
    assert [b["booking_id"] for b in listed["results"]] == [booking_id]
    assert api.ok("get_booking", {"restaurant_id": "roma", "booking_id": booking_id})["people"] == 4
    moved = api.ok(
        "modify_booking",
        {
            "restaurant_id": "roma",
            "booking_id": booking_id,
            "new_day": "2026-02-21",
            "new_time": "21:00",
            "new_people": 3,
        },
    )
    assert (moved["day"], moved["time"], moved["people"]) == ("2026-02-21", "21:00", 3)
    assert moved["message"] == "Prenotazione modificata: sabato 21 febbraio alle 21, 3 persone."
    assert (
        api.ok("cancel_booking", {"restaurant_id": "roma", "booking_id": booking_id})["message"]
        == "Prenotazione cancellata."
    )
    again = api.call("cancel_booking", {"restaurant_id": "roma", "booking_id": booking_id})
    assert (again.status_code, again.json()["error_code"]) == (404, "BOOKING_NOT_FOUND")
    assert api.ok("list_bookings", {"restaurant_id": "roma", "phone": MARIO["phone"]})["count"] == 0


def test_the_same_phone_day_and_time_is_a_duplicate(on):
    api, _, _ = on
    api.ok("create_booking", MARIO)
    response = api.call("create_booking", {**MARIO, "people": 2})
    assert (response.status_code, response.json()["error_code"]) == (409, "DUPLICATE_BOOKING")


def test_capacity_is_read_from_the_back_end_by_check_openings_and_create(on):
    api, _, _ = on
    for phone in ("+393331111111", "+393332222222", "+393333333333"):
        api.ok("create_booking", {**MARIO, "phone": phone})
    check = api.ok("check_openings", {"restaurant_id": "roma", "day": FRIDAY, "time": "20:30"})
    assert (check["available"], check["reason"]) == (False, "full")
    full = api.call("create_booking", {**MARIO, "phone": "+393334444444"})
    assert (full.status_code, full.json()["error_code"]) == (409, "SLOT_FULL")
    assert full.json()["nearest_slots_human"] == ["21 e 30", "22", "22 e 30"]  # Friday dinner ends at 23:00


def test_hours_are_checked_server_side_before_anything_is_written(on):
    api, _, _ = on
    response = api.call("create_booking", {**MARIO, "time": "18:00"})
    assert (response.status_code, response.json()["error_code"]) == (422, "OUTSIDE_HOURS")
    assert response.json()["nearest_slots_human"] == ["19", "19 e 30", "20"]
    assert api.ok("list_bookings", {"restaurant_id": "roma", "phone": MARIO["phone"]})["count"] == 0


def test_a_booking_moved_into_a_full_slot_stays_where_it_was(on):
    api, _, _ = on
    for phone in ("+393331111111", "+393332222222", "+393333333333"):
        api.ok("create_booking", {**MARIO, "phone": phone})
    mover = api.ok("create_booking", {**MARIO, "time": "22:00", "phone": "+393334444444"})["booking_id"]
    response = api.call("modify_booking", {"restaurant_id": "roma", "booking_id": mover, "new_time": "20:00"})
    assert (response.status_code, response.json()["error_code"]) == (409, "SLOT_FULL")
    assert api.ok("get_booking", {"restaurant_id": "roma", "booking_id": mover})["time"] == "22:00"


def test_search_finds_a_guest_by_name_on_the_back_end(on):
    api, _, _ = on
    booking_id = api.ok("create_booking", MARIO)["booking_id"]
    found = api.ok("search_bookings", {"restaurant_id": "roma", "search_text": "rossi"})
    assert [r["booking_id"] for r in found["results"]] == [booking_id]


def test_an_unknown_booking_is_not_found(on):
    api, _, _ = on
    for tool, body in [("get_booking", {}), ("modify_booking", {"new_people": 2}), ("cancel_booking", {})]:
        response = api.call(tool, {"restaurant_id": "roma", "booking_id": "no-such-booking", **body})
        assert (response.status_code, response.json()["error_code"]) == (404, "BOOKING_NOT_FOUND"), tool


def test_a_retried_create_with_the_same_idempotency_key_books_once(on):
    api, _, _ = on
    first = api.call("create_booking", MARIO, headers={"Idempotency-Key": "retry-1"})
    again = api.call("create_booking", MARIO, headers={"Idempotency-Key": "retry-1"})
    assert again.json() == first.json() and first.status_code == 200
    assert api.ok("list_bookings", {"restaurant_id": "roma", "phone": MARIO["phone"]})["count"] == 1


def test_twenty_concurrent_creates_on_a_slot_of_capacity_two_give_two_bookings_on_every_back_end(on):
    from collections import Counter

    from tests.integration.test_races import race

    api, _, _ = on
    bodies = [
        {
            "restaurant_id": "duo",
            "day": FRIDAY,
            "time": "20:00",
            "people": 2,
            "name": f"Guest {i}",
            "phone": f"+39333100{i:04d}",
        }
        for i in range(20)
    ]
    assert race(api, bodies) == Counter({"OK": 2, "SLOT_FULL": 18})


def test_ten_identical_concurrent_creates_give_one_booking_on_every_back_end(on):
    from collections import Counter

    from tests.integration.test_races import race

    api, _, _ = on
    assert race(api, [MARIO] * 10) == Counter({"OK": 1, "DUPLICATE_BOOKING": 9})
    assert api.ok("list_bookings", {"restaurant_id": "roma", "phone": MARIO["phone"]})["count"] == 1


# --- failures of the back-end, as the tools answer them ---------------------------------------------------

BACKENDS = [k for k in KINDS if k != "builtin"]


@pytest.fixture(params=BACKENDS)
def on_backend(request, serve, monkeypatch):
    with provider_setup(request.param) as (block_for, secrets, backend):
        for name, value in secrets.items():
            monkeypatch.setenv(name, value)
        yield serve(providers=block_for), request.param, backend


@pytest.mark.parametrize("fault", ["5xx", "429 storm"])
def test_a_failing_back_end_answers_provider_unavailable_and_writes_nothing(on_backend, fault):
    from tests.support.providers import break_backend, stored, throttle_backend

    api, kind, backend = on_backend
    api.ok("check_openings", {"restaurant_id": "roma", "day": FRIDAY})  # warm: tokens and metadata fetched
    (break_backend if fault == "5xx" else throttle_backend)(kind, backend)
    response = api.call("create_booking", MARIO)
    assert (response.status_code, response.json()["error_code"]) == (503, "PROVIDER_UNAVAILABLE"), response.json()
    assert response.json()["message"] == "Il sistema di prenotazione non è raggiungibile in questo momento."
    assert stored(kind, backend) == 0


def test_check_openings_on_a_failing_back_end_is_a_capacity_read_error(on_backend):
    from tests.support.providers import break_backend

    api, kind, backend = on_backend
    break_backend(kind, backend)
    response = api.call("check_openings", {"restaurant_id": "roma", "day": FRIDAY, "time": "20:00"})
    assert (response.status_code, response.json()["error_code"]) == (503, "CAPACITY_READ_ERROR")


def test_each_back_end_answers_its_own_contract_codes(on_backend, monkeypatch):
    api, kind, backend = on_backend
    if kind == "resos":
        backend.refuse_tables(FRIDAY, "20:00")
        refused = api.call("create_booking", MARIO)
        assert (refused.status_code, refused.json()["error_code"]) == (422, "NO_TABLE_AVAILABLE")
        monkeypatch.delenv("RESOS_API_KEY")
        missing = api.call("list_bookings", {"restaurant_id": "roma", "phone": MARIO["phone"]})
        assert (missing.status_code, missing.json()["error_code"]) == (500, "RESOS_NOT_CONFIGURED")
    elif kind == "octotable":
        backend.limit_covers(1)
        refused = api.call("create_booking", MARIO)
        assert (refused.status_code, refused.json()["error_code"]) == (422, "NO_TABLE_AVAILABLE")
    elif kind == "sheets":  # The Harbour Kitchen has no worksheet in the test spreadsheet
        missing = api.call("list_bookings", {"restaurant_id": "harbour", "phone": "+442071234567"})
        assert (missing.status_code, missing.json()["error_code"]) == (500, "SHEET_NOT_FOUND")
    elif kind == "gcal":
        monkeypatch.delenv("GCAL_SERVICE_ACCOUNT_JSON")
        missing = api.call("list_bookings", {"restaurant_id": "harbour", "phone": "+442071234567"})
        assert (missing.status_code, missing.json()["error_code"]) == (500, "GCAL_NOT_CONFIGURED")
