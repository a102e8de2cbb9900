"""Retell's args-only payload, Vapi's `error` for system failures, and the caller's number as the default phone."""

from __future__ import annotations

import json

import pytest

from concierge.http.auth import retell_signature
from concierge.http.status import status_for
from tests.integration.test_envelopes_and_auth import BOOKING, CHECK, vapi
from tests.integration.test_published_examples import example, same_shape

CALLER = "+393339876543"
SAID = "+393331234567"
NO_PHONE = {k: v for k, v in BOOKING.items() if k != "phone"}


def _post(api, function: str, body: dict, key: str | None = None, signature: str | None = None, **headers):
    raw = json.dumps(body).encode()
    if key is not None:
        headers["X-Retell-Signature"] = retell_signature(raw, key)
    elif signature is not None:
        headers["X-Retell-Signature"] = signature
    return api.client.post(
        f"{api.base_url}/api/{function}", content=raw, headers={"Content-Type": "application/json", **headers}
    )


# --- Retell: args only ----------------------------------------------------------------------
def test_a_signed_args_only_body_is_served_by_the_tool_of_the_path_with_the_nested_forms_answer(serve):
    api = serve(retell_api_key="retell-secret")
    nested = _post(api, "check_openings", {"name": "check_openings", "args": CHECK, "call": {}}, "retell-secret")
    args_only = _post(api, "check_openings", CHECK, "retell-secret")
    assert args_only.status_code == 200
    assert args_only.json() == nested.json()
    assert "slots" not in args_only.json() and args_only.json()["message"] == "Disponibile."


def test_an_args_only_refusal_is_answered_with_http_200_like_the_nested_form(serve):
    api = serve(retell_api_key="retell-secret")
    response = _post(api, "create_booking", {**BOOKING, "people": 20}, "retell-secret")
    assert response.status_code == 200
    assert (response.json()["error_code"], response.json()["max_people"]) == ("MAX_PEOPLE_EXCEEDED", 8)


@pytest.mark.parametrize("signature", ["v=1,d=00", "garbage"])
def test_an_args_only_body_with_a_bad_signature_is_unauthorized_and_books_nothing(serve, signature):
    api = serve(retell_api_key="retell-secret")
    response = _post(api, "create_booking", BOOKING, signature=signature)
    assert (response.status_code, response.json()["error_code"]) == (401, "UNAUTHORIZED")
    listed = api.ok("list_bookings", {"restaurant_id": "roma", "phone": BOOKING["phone"]})
    assert listed["count"] == 0


def test_an_args_only_body_signed_with_another_key_is_unauthorized(serve):
    api = serve(retell_api_key="retell-secret")
    assert _post(api, "check_openings", CHECK, "someone-else").status_code == 401


def test_an_args_only_booking_is_made_once_and_answered_like_retell(serve):
    api = serve(retell_api_key="retell-secret")
    response = _post(api, "create_booking", BOOKING, "retell-secret")
    assert response.status_code == 200 and "ok" not in response.json()
    assert response.json()["message"].startswith("Prenotazione confermata")
    assert api.ok("list_bookings", {"restaurant_id": "roma", "phone": BOOKING["phone"]})["count"] == 1


# --- Vapi: error for the system's failures ------------------------------------------------------
def test_a_business_refusal_stays_a_spoken_message_in_the_result_without_error(api):
    response = api.call(
        "create_booking",
        vapi({"id": "c1", "function": {"name": "create_booking", "arguments": {**BOOKING, "people": 20}}}),
    )
    result = response.json()["results"][0]
    assert "error" not in result
    assert json.loads(result["result"])["error_code"] == "MAX_PEOPLE_EXCEEDED"


@pytest.mark.parametrize("key", [None, "resos-key"], ids=["secret-missing", "back-end-down"])
def test_a_system_failure_sets_error_as_one_line_as_well_as_the_result(serve, monkeypatch, key):
    if key:
        monkeypatch.setenv("RESOS_KEY_FOR_THIS_TEST", key)
    else:
        monkeypatch.delenv("RESOS_KEY_FOR_THIS_TEST", raising=False)
    dead = {"kind": "resos", "base_url": "http://127.0.0.1:9", "api_key_env": "RESOS_KEY_FOR_THIS_TEST"}
    api = serve(providers=lambda venue_id: dead)
    response = api.call(
        "check_openings",
        vapi(
            {"id": "c1", "function": {"name": "check_openings", "arguments": CHECK}},
            {
                "id": "c2",
                "function": {"name": "resolve_relative_day", "arguments": {"restaurant_id": "roma", "text": "domani"}},
            },
        ),
    )
    failed, fine = response.json()["results"]
    payload = json.loads(failed["result"])
    assert payload["ok"] is False and status_for(payload["error_code"]) >= 500
    assert failed["error"] == " ".join(payload["message"].split()) and "\n" not in failed["error"]
    assert same_shape(failed, example("vapi/tool_calls.json")["failed_result"])  # Vapi's documented fields
    assert "error" not in fine and json.loads(fine["result"])["date"] == "2026-02-20"


# --- the caller's number ----------------------------------------------------------------------
def test_a_vapi_booking_without_a_phone_is_made_under_the_callers_number(api):
    body = vapi({"id": "c1", "function": {"name": "create_booking", "arguments": NO_PHONE}})
    body["message"]["call"] = {"id": "call-1", "customer": {"number": CALLER}}
    result = json.loads(api.call("create_booking", body).json()["results"][0]["result"])
    assert result["phone"] == CALLER
    assert api.ok("list_bookings", {"restaurant_id": "roma", "phone": CALLER})["count"] == 1


def test_a_number_the_caller_said_is_never_overridden_by_the_callers_number(api):
    body = vapi({"id": "c1", "function": {"name": "create_booking", "arguments": {**NO_PHONE, "phone": SAID}}})
    body["message"]["call"] = {"customer": {"number": CALLER}}
    result = json.loads(api.call("create_booking", body).json()["results"][0]["result"])
    assert result["phone"] == SAID


def test_a_retell_list_without_a_phone_lists_the_callers_bookings(api):
    api.ok("create_booking", {**BOOKING, "phone": CALLER})
    body = {
        "name": "list_bookings",
        "args": {"restaurant_id": "roma"},
        "call": {"call_id": "r9", "from_number": CALLER},
    }
    response = api.call("list_bookings", body)
    assert (response.status_code, response.json()["count"]) == (200, 1)


def test_a_retell_booking_without_a_phone_uses_from_number(api):
    body = {"name": "create_booking", "args": NO_PHONE, "call": {"call_id": "r10", "from_number": CALLER}}
    assert api.call("create_booking", body).json()["phone"] == CALLER


@pytest.mark.parametrize("number", [None, "", "anonymous", "sip:reception@example.com"])
def test_without_a_dialable_callers_number_the_phone_is_still_required(api, number):
    body = vapi({"id": "c1", "function": {"name": "create_booking", "arguments": NO_PHONE}})
    body["message"]["call"] = {"customer": {"number": number}}
    result = json.loads(api.call("create_booking", body).json()["results"][0]["result"])
    assert (result["error_code"], "phone" in result["message"]) == ("VALIDATION_ERROR", True)


def test_the_callers_number_does_not_become_a_new_contact_phone_on_modify(api):
    made = api.ok("create_booking", BOOKING)
    body = {
        "name": "modify_booking",
        "args": {"restaurant_id": "roma", "booking_id": made["booking_id"], "new_people": 3},
        "call": {"call_id": "r11", "from_number": CALLER},
    }
    assert api.call("modify_booking", body).json()["phone"] == BOOKING["phone"]


def test_plain_http_calls_never_get_a_callers_number(api):
    response = api.call("create_booking", {**NO_PHONE, "call": {"from_number": CALLER}})
    assert (response.status_code, response.json()["error_code"]) == (400, "VALIDATION_ERROR")
