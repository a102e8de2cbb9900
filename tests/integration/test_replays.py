"""Agent retries of writing calls are answered once: replays return the first answer and write nothing."""

from __future__ import annotations

import json

BOOKING = {
    "restaurant_id": "roma",
    "day": "2026-02-19",
    "time": "20:00",
    "people": 2,
    "name": "Anna",
    "phone": "+393331234567",
}


def count(api, phone=BOOKING["phone"]) -> int:
    return api.ok("list_bookings", {"restaurant_id": "roma", "phone": phone})["count"]


def vapi_call(call_id: str, args: dict) -> dict:
    return {
        "message": {
            "type": "tool-calls",
            "toolCallList": [
                {
                    "id": call_id,
                    "type": "function",
                    "function": {"name": "create_booking", "arguments": json.dumps(args)},
                }
            ],
        }
    }


def test_a_replayed_vapi_tool_call_returns_the_first_response_and_creates_nothing(api):
    first = api.call("create_booking", vapi_call("call_1", BOOKING)).json()
    again = api.call("create_booking", vapi_call("call_1", BOOKING)).json()
    assert again == first
    assert json.loads(first["results"][0]["result"])["message"].startswith("Prenotazione confermata")
    assert count(api) == 1


def test_a_new_vapi_tool_call_for_the_same_booking_is_a_duplicate(api):
    api.call("create_booking", vapi_call("call_1", BOOKING))
    second = api.call("create_booking", vapi_call("call_2", BOOKING)).json()
    assert json.loads(second["results"][0]["result"])["error_code"] == "DUPLICATE_BOOKING"


def test_a_retried_retell_call_returns_the_first_response(api):
    body = {"name": "create_booking", "args": BOOKING, "call": {"call_id": "retell_1"}}
    first = api.call("create_booking", body)
    again = api.call("create_booking", body)
    assert again.json() == first.json() and first.json()["booking_id"]
    assert count(api) == 1


def test_an_idempotency_key_header_makes_plain_http_retries_safe(api):
    headers = {"Idempotency-Key": "order-42"}
    first = api.call("create_booking", BOOKING, headers=headers)
    again = api.call("create_booking", BOOKING, headers=headers)
    assert (first.status_code, again.status_code) == (200, 200)
    assert again.json()["booking_id"] == first.json()["booking_id"]
    assert count(api) == 1


def test_the_same_key_with_a_different_request_is_refused_and_writes_nothing(api):
    api.call("create_booking", BOOKING, headers={"Idempotency-Key": "k1"})
    other = api.call("create_booking", {**BOOKING, "phone": "+393339999999"}, headers={"Idempotency-Key": "k1"})
    assert (other.status_code, other.json()["error_code"]) == (422, "IDEMPOTENCY_KEY_REUSED")
    assert count(api, "+393339999999") == 0


def test_a_replayed_cancel_answers_like_the_first_instead_of_booking_not_found(api):
    booking_id = api.ok("create_booking", BOOKING)["booking_id"]
    body = {"restaurant_id": "roma", "booking_id": booking_id}
    first = api.call("cancel_booking", body, headers={"Idempotency-Key": "c1"})
    again = api.call("cancel_booking", body, headers={"Idempotency-Key": "c1"})
    assert (again.status_code, again.json()) == (200, first.json())
    assert api.call("cancel_booking", body).json()["error_code"] == "BOOKING_NOT_FOUND"


def test_a_refusal_is_replayed_too(api):
    too_many = {**BOOKING, "people": 20}
    first = api.call("create_booking", too_many, headers={"Idempotency-Key": "big"})
    again = api.call("create_booking", too_many, headers={"Idempotency-Key": "big"})
    assert again.json() == first.json() and first.json()["error_code"] == "MAX_PEOPLE_EXCEEDED"


def test_reads_are_never_replayed_from_a_record(api):
    headers = {"Idempotency-Key": "read-1"}
    before = api.ok("list_bookings", {"restaurant_id": "roma", "phone": BOOKING["phone"]})
    api.ok("create_booking", BOOKING)
    after = api.call("list_bookings", {"restaurant_id": "roma", "phone": BOOKING["phone"]}, headers=headers).json()
    assert (before["count"], after["count"]) == (0, 1)
