"""Vapi and Retell envelopes, the API key, Retell signatures, malformed bodies and the OpenAPI document."""

from __future__ import annotations

import json
import time

import pytest

from concierge.http.auth import retell_signature

CHECK = {"restaurant_id": "roma", "day": "2026-02-19", "time": "20:00"}
BOOKING = {
    "restaurant_id": "roma",
    "day": "2026-02-19",
    "time": "20:00",
    "people": 2,
    "name": "Anna",
    "phone": "+393331234567",
}


def vapi(*calls):
    return {"message": {"type": "tool-calls", "toolCallList": list(calls)}}


def test_a_vapi_tool_call_gets_one_result_per_call_in_order_as_one_line_json(api):
    response = api.call(
        "check_openings",
        vapi(
            {"id": "call_1", "type": "function", "function": {"name": "check_openings", "arguments": CHECK}},
            {
                "id": "call_2",
                "type": "function",
                "function": {"name": "check_openings", "arguments": json.dumps({**CHECK, "time": "18:00"})},
            },
        ),
    )
    assert response.status_code == 200
    results = response.json()["results"]
    assert [r["toolCallId"] for r in results] == ["call_1", "call_2"]
    assert all("\n" not in r["result"] for r in results)
    first = json.loads(results[0]["result"])
    assert first == {
        "restaurant_id": "roma",
        "day": "2026-02-19",
        "day_label": "giovedì 19 febbraio",
        "closed": False,
        "requested_time": "20:00",
        "time_human": "20",
        "available": True,
        "reason": None,
        "nearest_slots_human": None,
        "max_people": 8,
        "message": "Disponibile.",
    }
    second = json.loads(results[1]["result"])
    assert second["nearest_slots_human"] == ["19", "19 e 30", "20"] and "nearest_slots" not in second


def test_a_vapi_call_named_at_the_top_level_reaches_the_tool_it_names(api):
    response = api.call("check_openings", vapi({"id": "c1", "name": "create_booking", "arguments": BOOKING}))
    result = json.loads(response.json()["results"][0]["result"])
    assert result["message"].startswith("Prenotazione confermata")


def test_a_vapi_error_is_returned_inside_the_result_with_http_200(api):
    response = api.call(
        "create_booking",
        vapi(
            {"id": "c1", "function": {"name": "create_booking", "arguments": {**BOOKING, "people": 20}}},
            {"id": "c2", "function": {"name": "create_booking", "arguments": "{not json"}},
        ),
    )
    assert response.status_code == 200
    first, second = (json.loads(r["result"]) for r in response.json()["results"])
    assert (first["ok"], first["error_code"], first["max_people"]) == (False, "MAX_PEOPLE_EXCEEDED", 8)
    assert second["error_code"] == "VALIDATION_ERROR"


def test_a_retell_custom_function_call_gets_the_reduced_payload(api):
    response = api.call("check_openings", {"name": "check_openings", "args": CHECK, "call": {"call_id": "r1"}})
    assert response.status_code == 200
    assert "slots" not in response.json() and response.json()["message"] == "Disponibile."


def test_a_retell_error_is_answered_with_http_200(api):
    response = api.call(
        "check_openings", {"name": "check_openings", "args": {"restaurant_id": "roma"}, "call": {"call_id": "r1"}}
    )
    assert (response.status_code, response.json()["error_code"]) == (200, "VALIDATION_ERROR")


def _signed(api, body: dict, key: str, now_ms: int | None = None):
    raw = json.dumps(body).encode()
    return api.client.post(
        f"{api.base_url}/api/check_openings",
        content=raw,
        headers={"Content-Type": "application/json", "X-Retell-Signature": retell_signature(raw, key, now_ms)},
    )


def test_a_retell_call_with_a_valid_signature_is_served(serve):
    api = serve(retell_api_key="retell-secret", api_key="tool-key")
    response = _signed(api, {"name": "check_openings", "args": CHECK, "call": {}}, "retell-secret")
    assert (response.status_code, response.json()["message"]) == (200, "Disponibile.")


@pytest.mark.parametrize("key, age_ms", [("wrong-secret", 0), ("retell-secret", 6 * 60 * 1000)])
def test_a_retell_call_with_a_bad_or_stale_signature_is_unauthorized(serve, key, age_ms):
    api = serve(retell_api_key="retell-secret")
    now_ms = int(time.time() * 1000) - age_ms
    response = _signed(api, {"name": "check_openings", "args": CHECK, "call": {}}, key, now_ms)
    assert (response.status_code, response.json()["error_code"]) == (401, "UNAUTHORIZED")


def test_a_retell_call_without_a_signature_is_unauthorized_when_the_key_is_set(serve):
    api = serve(retell_api_key="retell-secret")
    response = api.call("check_openings", {"name": "check_openings", "args": CHECK, "call": {}})
    assert response.status_code == 401


@pytest.mark.parametrize(
    "headers", [{}, {"Authorization": "Bearer wrong"}, {"X-Vapi-Secret": "wrong"}, {"Authorization": "tool-key"}]
)
def test_without_the_api_key_nothing_is_done(serve, headers):
    api = serve(api_key="tool-key")
    response = api.call("create_booking", BOOKING, headers=headers)
    assert (response.status_code, response.json()["error_code"]) == (401, "UNAUTHORIZED")
    listed = api.call(
        "list_bookings",
        {"restaurant_id": "roma", "phone": BOOKING["phone"]},
        headers={"Authorization": "Bearer tool-key"},
    )
    assert listed.json()["count"] == 0


@pytest.mark.parametrize(
    "headers",
    [{"Authorization": "Bearer tool-key"}, {"authorization": "bearer tool-key"}, {"X-Vapi-Secret": "tool-key"}],
)
def test_the_api_key_is_accepted_as_a_bearer_token_or_a_vapi_secret(serve, headers):
    api = serve(api_key="tool-key")
    assert api.call("create_booking", BOOKING, headers=headers).status_code == 200


def test_a_malformed_json_body_is_a_validation_error_without_a_stack_trace(api):
    response = api.client.post(
        f"{api.base_url}/api/check_openings",
        content=b'{"restaurant_id": "roma",',
        headers={"Content-Type": "application/json"},
    )
    assert (response.status_code, response.json()["error_code"]) == (400, "VALIDATION_ERROR")
    assert "Traceback" not in response.text


@pytest.mark.parametrize("body", [[1, 2], "text", None])
def test_a_body_that_is_not_an_object_is_a_validation_error(api, body):
    response = api.call("check_openings", body)
    assert (response.status_code, response.json()["error_code"]) == (400, "VALIDATION_ERROR")


def test_an_unknown_function_is_not_found(api):
    assert api.call("drop_tables", {}).status_code == 404


def test_the_openapi_document_describes_every_tool_with_its_request_and_response(api):
    document = api.client.get(f"{api.base_url}/openapi.json").json()
    assert document["openapi"].startswith("3.")
    assert len(document["paths"]) == 11
    operation = document["paths"]["/api/create_booking"]["post"]
    request_schema = document["components"]["schemas"]["CreateBookingRequest"]
    assert set(request_schema["required"]) == {"restaurant_id", "day", "time", "people", "name", "phone"}
    assert operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "CreateBookingResponse"
    )
    assert "results" in document["components"]["schemas"]["ListBookingsResponse"]["properties"]
