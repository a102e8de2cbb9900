"""The tools plans use: get_booking, search_bookings, and contact details on modify_booking."""

from __future__ import annotations

import pytest

ROSSI = {
    "restaurant_id": "roma",
    "day": "2026-02-21",
    "time": "21:00",
    "people": 4,
    "name": "Mario Rossi",
    "phone": "+393331234567",
    "notes": "finestra",
}


@pytest.fixture
def booked(api):
    ids = {"rossi": api.ok("create_booking", ROSSI)["booking_id"]}
    ids["bianchi"] = api.ok(
        "create_booking",
        {
            **ROSSI,
            "name": "Giulia Bianchi",
            "phone": "+393337654321",
            "day": "2026-02-20",
            "time": "20:00",
            "notes": None,
        },
    )["booking_id"]
    ids["rossi_later"] = api.ok(
        "create_booking", {**ROSSI, "name": "Luca Rossi", "phone": "+393330000000", "day": "2026-03-06"}
    )["booking_id"]
    return ids


def test_get_booking_returns_the_booking_with_its_spoken_forms_and_notes(api, booked):
    body = api.ok("get_booking", {"restaurant_id": "roma", "booking_id": booked["rossi"]})
    assert (body["day_label"], body["time_human"], body["people"], body["notes"]) == (
        "sabato 21 febbraio",
        "21",
        4,
        "finestra",
    )


def test_get_booking_of_an_unknown_id_is_not_found(api):
    response = api.call("get_booking", {"restaurant_id": "roma", "booking_id": "nope"})
    assert (response.status_code, response.json()["error_code"]) == (404, "BOOKING_NOT_FOUND")


def test_search_finds_bookings_by_a_misspelt_name_best_first_then_in_time_order(api, booked):
    body = api.ok("search_bookings", {"restaurant_id": "roma", "search_text": "rosi"})
    assert [r["booking_id"] for r in body["results"]] == [booked["rossi"], booked["rossi_later"]]
    first = body["results"][0]
    assert (first["guest_name"], first["booking_date"], first["booking_time"], first["party_size"]) == (
        "Mario Rossi",
        "2026-02-21",
        "21:00",
        4,
    )
    assert first["display_label"] == "Mario Rossi, sabato 21 febbraio, 21:00, 4 persone"


def test_search_by_phone_digits_and_within_a_date_range(api, booked):
    by_phone = api.ok("search_bookings", {"restaurant_id": "roma", "search_text": "7654321"})
    assert [r["guest_name"] for r in by_phone["results"]] == ["Giulia Bianchi"]
    ranged = api.ok(
        "search_bookings",
        {
            "restaurant_id": "roma",
            "search_text": "Rossi",
            "date_range_start": "2026-03-01",
            "date_range_end": "2026-03-31",
        },
    )
    assert [r["booking_id"] for r in ranged["results"]] == [booked["rossi_later"]]


def test_search_without_a_match_is_empty_and_max_results_bounds_it(api, booked):
    assert api.ok("search_bookings", {"restaurant_id": "roma", "search_text": "Verdi"})["count"] == 0
    assert api.ok("search_bookings", {"restaurant_id": "roma", "search_text": "rossi", "max_results": 1})["count"] == 1


def test_modify_changes_contact_details_and_keeps_the_slot(api, booked):
    body = api.ok(
        "modify_booking",
        {
            "restaurant_id": "roma",
            "booking_id": booked["rossi"],
            "name": "Mario R.",
            "phone": "347 765 4321",
            "notes": "",
        },
    )
    assert (body["name"], body["phone"], body["time"]) == ("Mario R.", "+393477654321", "21:00")
    after = api.ok("get_booking", {"restaurant_id": "roma", "booking_id": booked["rossi"]})
    assert after["notes"] is None
    assert api.ok("list_bookings", {"restaurant_id": "roma", "phone": "+393331234567"})["count"] == 0


def test_modify_refuses_a_phone_that_already_holds_that_slot(api, booked):
    other = api.ok("create_booking", {**ROSSI, "phone": "+393339999999", "name": "Altro"})["booking_id"]
    response = api.call("modify_booking", {"restaurant_id": "roma", "booking_id": other, "phone": "+393331234567"})
    assert (response.status_code, response.json()["error_code"]) == (409, "DUPLICATE_BOOKING")


def test_modify_refuses_an_invalid_phone(api, booked):
    response = api.call("modify_booking", {"restaurant_id": "roma", "booking_id": booked["rossi"], "phone": "12"})
    assert (response.status_code, response.json()["field"]) == (400, "phone")
