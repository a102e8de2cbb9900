"""The local back-ends answer the published docs' own example requests with answers of the docs' shape, and the
adapters read the docs' example records: an adapter and its fake cannot agree on something the API does not say.

The examples are kept, as published, under tests/fixtures/<back-end>/.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import httpx
import pytest

from concierge.adapters.providers.octotable import OctoTableProvider
from concierge.domain.knowledge_base import load_knowledge_base
from tests.conftest import VENUES_FILE
from tests.support.octotable_server import CLIENT_ID, CLIENT_SECRET, start_octotable_server

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def example(path: str) -> dict:
    return json.loads((FIXTURES / path).read_text())


def same_shape(ours: object, published: object) -> bool:
    """Every key of the published example is in ours, with a value of the same JSON type (recursively)."""
    if isinstance(published, dict):
        return isinstance(ours, dict) and all(k in ours and same_shape(ours[k], v) for k, v in published.items())
    if isinstance(published, bool) or published is None:
        return type(ours) is type(published)
    if isinstance(published, (int, float)):
        return isinstance(ours, (int, float)) and not isinstance(ours, bool)
    return isinstance(ours, type(published))


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
