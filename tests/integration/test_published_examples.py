"""The local back-ends answer the published docs' own example requests with answers of the docs' shape, and the
adapters read the docs' example records: an adapter and its fake cannot agree on something the API does not say.

The examples are kept, as published, under tests/fixtures/<back-end>/ (their sources in tests/fixtures/README.md);
the Google APIs' are checked in test_published_google_examples.py.
"""

from __future__ import annotations

import datetime as dt
import json

import httpx
import pytest

from concierge.adapters.providers.octotable import OctoTableProvider
from concierge.domain.knowledge_base import load_knowledge_base
from tests.conftest import VENUES_FILE
from tests.support.octotable_server import CLIENT_ID, CLIENT_SECRET, start_octotable_server
from tests.support.published import JSON_TYPES, example, same_shape
from tests.support.resos_server import DEFAULT_KEY, start_resos_server


@pytest.fixture(scope="module")
def roma():
    return load_knowledge_base(VENUES_FILE)["roma"]


# --- OctoTable --------------------------------------------------------------------------------------
def test_octotable_grants_a_token_to_the_docs_example_request_in_the_docs_shape():
    published = example("octotable/token.json")
    with start_octotable_server() as server:
        body = {**published["request"], "client_id": CLIENT_ID, "client_secret": CLIENT_SECRET}
        answer = httpx.post(f"{server.base_url}/oauth2/token", json=body, headers={"Accept": "application/json"})
    assert answer.status_code == 200
    assert same_shape(answer.json(), published["response"]) and answer.json()["type"] == "Bearer"


def test_octotable_refuses_the_docs_example_with_unknown_credentials():
    published = example("octotable/token.json")
    with start_octotable_server() as server:
        answer = httpx.post(f"{server.base_url}/oauth2/token", json=published["request"])
    assert answer.status_code == 401


def test_the_octotable_adapter_reads_the_docs_example_reservation_and_hides_it_while_cancelled(roma):
    published = example("octotable/reservation.json")["reservation"]
    with start_octotable_server() as server:
        rid = server.add_reservation(
            published["start_date"],
            published["start_hour"],
            pax=published["pax"],
            first_name=published["customer"]["first_name"],
            last_name=published["customer"]["last_name"],
            phone=published["customer"]["phone"],
            status=published["status"],
        )
        listed = httpx.get(
            f"{server.base_url}/reservations/{rid}",
            headers={"Authorization": f"Bearer {server.valid_token()}", "Property": "4242"},
        ).json()
        assert same_shape(listed["data"], published)
        env = {"OCTOTABLE_CLIENT_ID": CLIENT_ID, "OCTOTABLE_CLIENT_SECRET": CLIENT_SECRET}
        client = OctoTableProvider({"base_url": server.base_url, "property_id": "4242"}, env)
        day = dt.date.fromisoformat(published["start_date"])
        assert client.bookings_on(roma, day) == []
        server.set_status(rid, "CONFIRMED")
        [booking] = client.bookings_on(roma, day)
    assert (booking.time, booking.people, booking.name, booking.phone) == ("13:00", 2, "Adam Devis", "+393332211456")


# --- Vapi and Retell --------------------------------------------------------------------------------
def test_vapis_example_tool_calls_message_gets_the_documented_answer(api):
    published = example("vapi/tool_calls.json")
    answer = api.call("check_openings", published["request"])
    assert answer.status_code == 200
    assert same_shape(answer.json(), published["response"])
    assert answer.json()["results"][0]["toolCallId"] == published["request"]["message"]["toolCallList"][0]["id"]


def test_retells_example_request_nested_and_args_only_gets_the_same_answer(serve):
    from concierge.http.auth import retell_signature

    published = example("retell/custom_function.json")["request"]
    api = serve(retell_api_key="retell-secret")
    answers = []
    for body in (published, published["args"]):
        raw = json.dumps(body).encode()
        answers.append(
            api.client.post(
                f"{api.base_url}/api/check_openings",
                content=raw,
                headers={
                    "Content-Type": "application/json",
                    "X-Retell-Signature": retell_signature(raw, "retell-secret"),
                },
            )
        )
    assert [a.status_code for a in answers] == [200, 200] and answers[0].json() == answers[1].json()


# --- resOS ----------------------------------------------------------------------------------------
def test_resos_retry_after_is_read_in_the_docs_unit():
    from concierge.adapters.providers.rate_limits import retry_after
    from concierge.adapters.providers.resos import RETRY_AFTER_UNIT

    published = example("resos/rate_limit.json")
    assert RETRY_AFTER_UNIT == published["unit_seconds"]
    assert retry_after(published["headers"], 1, RETRY_AFTER_UNIT) == pytest.approx(0.4)


def _documented(record: dict, fields: dict[str, str]) -> list[str]:
    """The keys of a resOS record the docs do not define, or whose value is of another JSON type."""
    return [
        key
        for key, value in record.items()
        if key not in fields
        or not isinstance(value, JSON_TYPES[fields[key]])
        or (isinstance(value, bool) and fields[key] != "boolean")
    ]


def test_resos_accepts_the_docs_create_example_and_keeps_to_the_documented_booking_fields():
    published = example("resos/booking.json")
    with start_resos_server() as server:
        auth = (DEFAULT_KEY, "")
        created = httpx.post(f"{server.base_url}/bookings", json=published["create_request"], auth=auth)
        assert created.status_code == 200
        record = httpx.get(f"{server.base_url}/bookings/{created.json()['_id']}", auth=auth).json()
        moved = httpx.put(f"{server.base_url}/bookings/{record['_id']}", json={"time": "21:30"}, auth=auth)
    assert _documented(record, published["booking_fields"]) == []
    assert _documented(record["guest"], published["guest_fields"]) == []
    assert same_shape(record, published["create_request"]) and record["status"] in published["statuses"]
    assert moved.json() is published["update_answer"]


def test_the_resos_adapter_reads_the_docs_example_booking_a_pending_request_that_holds_a_table(roma):
    from concierge.adapters.providers.resos import ResosProvider

    published = example("resos/booking.json")["create_request"]
    with start_resos_server() as server:
        server.put_record({**published, "createdAt": "2021-09-01T10:00:00.000Z"})
        client = ResosProvider({"base_url": server.base_url}, {"RESOS_API_KEY": DEFAULT_KEY})
        [booking] = client.bookings_on(roma, dt.date.fromisoformat(published["date"]))
    assert (booking.time, booking.people, booking.name, booking.phone) == (
        "21:00",
        4,
        "Thomas A. Anderson",
        "+13115552368",
    )
