"""The tools over MCP, through the SDK's own client on stdio and on streamable HTTP, against the HTTP tools.

Every test runs on both transports and both stores. The stdio server is `concierge mcp` started
as a subprocess on the same store as the local HTTP server, whose /mcp is the HTTP transport.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import httpx
import pytest
from mcp import StdioServerParameters
from mcp.shared.exceptions import MCPError
from mcp_types import CallToolResult

from concierge.tools import TOOLS
from tests.conftest import THURSDAY_EVENING_ROME
from tests.integration.conftest import Api
from tests.support import firestore_emulator
from tests.support.mcp_client import HttpServer, McpClient, mcp_client

KEY = "tool-key"
NINE = [
    "check_openings",
    "create_booking",
    "list_bookings",
    "modify_booking",
    "cancel_booking",
    "faq",
    "is_open_now",
    "resolve_relative_day",
    "resolve_relative_time",
]
CHAT = [
    "schedule_appointment",
    "get_available_slots",
    "list_events",
    "cancel_appointment",
    "request_human_support",
    "update_client_info",
    "update_conversation_tags",
    "end_conversation",
    "summarize_conversation",
]
MARIO = {
    "restaurant_id": "roma",
    "day": "2026-02-19",
    "time": "20:00",
    "people": 4,
    "name": "Mario Rossi",
    "phone": "+393331234567",
}


@dataclass
class Agent:
    """An MCP client and the HTTP tools of the same server, on the same store."""

    mcp: McpClient
    api: Api
    transport: str

    def http(self, tool: str, arguments: dict) -> dict:
        return self.api.call(tool, arguments, headers={"Authorization": f"Bearer {KEY}"}).json()

    def both(self, tool: str, arguments: dict) -> dict:
        """Call over MCP, then over HTTP with the same input: the answers must be the same."""
        result = self.mcp.call_tool(tool, arguments)
        body = self.http(tool, arguments)
        assert_same_answer(result, body, f"{tool} {arguments}")
        return body


def assert_same_answer(result: CallToolResult, body: dict, what: str = "") -> None:
    """The HTTP body as structured content and as JSON text, its message spoken first, refusals as tool errors."""
    assert result.structured_content == body, what
    assert result.is_error is (body.get("ok") is False), what
    texts = [block.text for block in result.content]
    assert json.loads(texts[-1]) == body, what
    if body.get("message"):
        assert texts == [body["message"], texts[-1]], what


def stdio_server(store_kind: str, data_dir) -> StdioServerParameters:
    """`concierge mcp` on the test's store, with the test's clock."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("LANGFUSE_", "CONCIERGE_"))}
    env.update(
        CONCIERGE_STORE=store_kind,
        CONCIERGE_DATA=str(data_dir),
        CONCIERGE_NOW=THURSDAY_EVENING_ROME,
        CONCIERGE_FIRESTORE_PROJECT=firestore_emulator.PROJECT,
    )
    if store_kind == "firestore":
        env["FIRESTORE_EMULATOR_HOST"] = firestore_emulator.emulator_host()
    return StdioServerParameters(command=sys.executable, args=["-m", "concierge.cli", "mcp"], env=env)


@pytest.fixture(params=["http", "stdio"])
def agent(request, serve, store_kind, tmp_path) -> Iterator[Agent]:
    api = serve(api_key=KEY, data_dir=tmp_path / "data")
    if request.param == "http":
        server: HttpServer | StdioServerParameters = HttpServer(
            f"{api.base_url}/mcp", {"Authorization": f"Bearer {KEY}"}
        )
    else:
        server = stdio_server(store_kind, tmp_path / "data")
    with mcp_client(server) as client:
        yield Agent(client, api, request.param)


def without_id(body: dict) -> dict:
    return {key: value for key, value in body.items() if key != "booking_id"}


def test_the_nine_booking_tools_are_listed_with_the_http_tools_input_schemas(agent):
    tools = {tool.name: tool for tool in agent.mcp.list_tools().tools}
    assert list(tools) == NINE + CHAT
    for name in NINE:
        tool = tools[name]
        expected = TOOLS[name].request.model_json_schema(mode="validation")
        expected.pop("title")
        assert tool.input_schema == expected
        assert "restaurant_id" in tool.input_schema["required"]
        assert len(tool.description or "") > 80 and tool.title
        assert tool.annotations.read_only_hint is not TOOLS[name].writes
    assert tools["cancel_booking"].annotations.destructive_hint is True
    assert tools["create_booking"].annotations.destructive_hint is False


def test_each_venue_knowledge_base_is_a_resource_with_hours_faq_and_contact(agent):
    resources = {str(r.uri): r for r in agent.mcp.list_resources().resources}
    assert {"concierge://venues/roma", "concierge://venues/cabinet", "concierge://venues/harbour"} <= set(resources)
    assert resources["concierge://venues/roma"].title == "Trattoria Roma"
    assert resources["concierge://venues/roma"].mime_type == "application/json"

    contents = agent.mcp.read_resource("concierge://venues/roma").contents
    roma = json.loads(contents[0].text)
    assert roma["hours"]["fri"] == {"lunch": ["12:30", "14:30"], "dinner": ["19:00", "23:00"]}
    assert "sun" not in roma["hours"]
    assert roma["closed_dates"] == ["2026-12-25", "2026-12-26"]
    assert roma["faq"][0] == {"question": "Avete il parcheggio?", "answer": "Sì, abbiamo parcheggio privato."}
    assert roma["contact"] == {"phone": "+390612345678", "email": "info@trattoriaroma.example"}
    assert "provider" not in roma and "max_concurrent_bookings" not in roma


def test_an_unknown_venue_resource_is_an_mcp_error(agent):
    with pytest.raises(MCPError) as raised:
        agent.mcp.read_resource("concierge://venues/atlantis")
    assert raised.value.code == -32002 and "atlantis" in raised.value.message


def test_an_unknown_tool_is_an_mcp_error(agent):
    with pytest.raises(MCPError) as raised:
        agent.mcp.call_tool("book_a_flight", {"restaurant_id": "roma"})
    assert raised.value.code == -32602 and "book_a_flight" in raised.value.message


READS = [
    ("check_openings", {"restaurant_id": "roma", "day": "2026-02-19", "time": "20:00"}, None),
    ("check_openings", {"restaurant_id": "roma", "day": "2026-02-22"}, None),
    ("check_openings", {"restaurant_id": "roma", "day": "2026-02-19", "time": "23:30"}, None),
    (
        "check_openings",
        {"restaurant_id": "roma", "day": "2026-02-23", "expected_weekday": "giovedì"},
        "WEEKDAY_MISMATCH",
    ),
    ("check_openings", {"restaurant_id": "roma", "day": "2026-02-18"}, "PAST_DATE"),
    ("check_openings", {"restaurant_id": "roma", "day": "19/02/2026"}, "VALIDATION_ERROR"),
    ("list_bookings", {"restaurant_id": "roma", "phone": "+393331234567"}, None),
    ("list_bookings", {"restaurant_id": "roma"}, "VALIDATION_ERROR"),
    ("faq", {"restaurant_id": "roma", "question": "c'è parcheggio"}, None),
    ("faq", {"restaurant_id": "roma", "question": "quanto costa una pizza?"}, None),
    ("faq", {"restaurant_id": "atlantis", "question": "parcheggio?"}, "RESTAURANT_NOT_FOUND"),
    ("is_open_now", {"restaurant_id": "roma"}, None),
    ("is_open_now", {}, "VALIDATION_ERROR"),
    ("resolve_relative_day", {"restaurant_id": "roma", "text": "dopodomani"}, None),
    ("resolve_relative_day", {"restaurant_id": "roma", "text": "quando vi pare"}, "UNSUPPORTED_RELATIVE_DAY"),
    ("resolve_relative_time", {"restaurant_id": "roma", "text": "tra mezz'ora"}, None),
    ("resolve_relative_time", {"restaurant_id": "roma", "text": "non lo so"}, "UNSUPPORTED_RELATIVE_TIME"),
    ("create_booking", {**MARIO, "people": 20}, "MAX_PEOPLE_EXCEEDED"),
    ("create_booking", {**MARIO, "day": "2026-02-20", "time": "17:00"}, "OUTSIDE_HOURS"),
    ("modify_booking", {"restaurant_id": "roma", "booking_id": "nope", "new_people": 2}, "BOOKING_NOT_FOUND"),
    ("cancel_booking", {"restaurant_id": "roma", "booking_id": "nope"}, "BOOKING_NOT_FOUND"),
]


def test_every_tool_that_changes_nothing_answers_as_the_http_tool(agent):
    agent.http("create_booking", MARIO)  # so that list_bookings finds something
    for tool, arguments, refusal in READS:
        body = agent.both(tool, arguments)
        assert body.get("error_code") == refusal, (tool, arguments, body)


def test_create_booking_answers_as_the_http_tool_and_books(agent):
    over_mcp = agent.mcp.call_tool("create_booking", MARIO)
    assert over_mcp.is_error is False
    booked = over_mcp.structured_content
    assert agent.http("list_bookings", {"restaurant_id": "roma", "phone": MARIO["phone"]})["count"] == 1
    agent.http("cancel_booking", {"restaurant_id": "roma", "booking_id": booked["booking_id"]})

    over_http = agent.http("create_booking", MARIO)
    assert without_id(booked) == without_id(over_http) and booked["booking_id"] != over_http["booking_id"]
    assert (
        over_mcp.content[0].text == "Prenotazione confermata per giovedì 19 febbraio alle 20, 4 persone a nome "
        "Mario Rossi."
    )
    # The same booking again: both refuse it as a duplicate, in the same words.
    agent.both("create_booking", MARIO)


def test_modify_booking_answers_as_the_http_tool(agent):
    booking_id = agent.http("create_booking", MARIO)["booking_id"]
    change = {"restaurant_id": "roma", "booking_id": booking_id, "new_time": "21:00", "new_people": 3}
    over_mcp = agent.mcp.call_tool("modify_booking", change)
    agent.http(
        "modify_booking", {"restaurant_id": "roma", "booking_id": booking_id, "new_time": "20:00", "new_people": 4}
    )
    assert_same_answer(over_mcp, agent.http("modify_booking", change))
    assert over_mcp.structured_content["time"] == "21:00"
    agent.both("modify_booking", {"restaurant_id": "roma", "booking_id": booking_id, "new_people": 30})


def test_cancel_booking_answers_as_the_http_tool(agent):
    first = agent.http("create_booking", MARIO)["booking_id"]
    over_mcp = agent.mcp.call_tool("cancel_booking", {"restaurant_id": "roma", "booking_id": first})
    second = agent.http("create_booking", MARIO)["booking_id"]
    over_http = agent.http("cancel_booking", {"restaurant_id": "roma", "booking_id": second})
    assert without_id(over_mcp.structured_content) == without_id(over_http)
    assert over_mcp.structured_content["booking_id"] == first and over_mcp.is_error is False
    agent.both("cancel_booking", {"restaurant_id": "roma", "booking_id": first})  # the second cancel is refused


def test_a_retried_create_booking_with_the_same_key_books_once_and_answers_the_same(agent):
    first = agent.mcp.call_tool("create_booking", MARIO, meta={"idempotencyKey": "call-7"})
    retried = agent.mcp.call_tool("create_booking", MARIO, meta={"idempotencyKey": "call-7"})
    assert retried.structured_content == first.structured_content and retried.is_error is False
    assert agent.http("list_bookings", {"restaurant_id": "roma", "phone": MARIO["phone"]})["count"] == 1

    reused = agent.mcp.call_tool("create_booking", {**MARIO, "time": "21:00"}, meta={"idempotencyKey": "call-7"})
    assert reused.is_error is True and reused.structured_content["error_code"] == "IDEMPOTENCY_KEY_REUSED"
    without_key = agent.mcp.call_tool("create_booking", MARIO)
    assert without_key.structured_content["error_code"] == "DUPLICATE_BOOKING"


def test_a_retried_call_with_the_same_idempotency_key_header_books_once(serve):
    api = serve(api_key=KEY)
    server = HttpServer(f"{api.base_url}/mcp", {"Authorization": f"Bearer {KEY}", "Idempotency-Key": "retry-1"})
    with mcp_client(server) as client:
        first = client.call_tool("create_booking", MARIO)
        retried = client.call_tool("create_booking", MARIO)
    assert first.is_error is False and retried.structured_content == first.structured_content
    listed = api.call(
        "list_bookings", {"restaurant_id": "roma", "phone": MARIO["phone"]}, headers={"Authorization": f"Bearer {KEY}"}
    ).json()
    assert listed["count"] == 1


INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "probe", "version": "1"}},
}
MCP_HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


@pytest.mark.parametrize("credentials", [{}, {"Authorization": "Bearer wrong"}, {"X-Vapi-Secret": "wrong"}])
def test_the_http_endpoint_refuses_a_missing_or_wrong_tool_key(serve, credentials):
    api = serve(api_key=KEY)
    response = httpx.post(f"{api.base_url}/mcp", json=INITIALIZE, headers={**MCP_HEADERS, **credentials})
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert response.json()["error_code"] == "UNAUTHORIZED"
    with pytest.raises(ExceptionGroup) as raised, mcp_client(HttpServer(f"{api.base_url}/mcp", credentials)) as client:
        client.list_tools()
    assert raised.group_contains(MCPError, depth=None)


@pytest.mark.parametrize("credentials", [{"Authorization": f"Bearer {KEY}"}, {"X-Vapi-Secret": KEY}])
def test_the_http_endpoint_takes_the_tool_key_as_the_http_tools_do(serve, credentials):
    api = serve(api_key=KEY)
    response = httpx.post(f"{api.base_url}/mcp", json=INITIALIZE, headers={**MCP_HEADERS, **credentials})
    assert response.status_code == 200
    assert response.json()["result"]["serverInfo"]["name"] == "concierge"


def test_without_a_tool_key_configured_the_http_endpoint_is_open(serve):
    api = serve()
    with mcp_client(HttpServer(f"{api.base_url}/mcp")) as client:
        assert len(client.list_tools().tools) == 18


def test_the_local_endpoint_refuses_a_foreign_host_header(serve):
    """A web page reaching the loopback server through DNS rebinding arrives with its own Host."""
    api = serve(api_key=KEY)
    response = httpx.post(
        f"{api.base_url}/mcp",
        json=INITIALIZE,
        headers={**MCP_HEADERS, "Authorization": f"Bearer {KEY}", "Host": "evil.example"},
    )
    assert response.status_code == 421


def test_concierge_mcp_on_an_empty_store_serves_the_demo_venues(store_kind, tmp_path):
    server = stdio_server(store_kind, tmp_path / "empty")
    with mcp_client(server) as client:
        uris = {str(resource.uri) for resource in client.list_resources().resources}
        answer = client.call_tool("is_open_now", {"restaurant_id": "harbour"})
    assert {"concierge://venues/roma", "concierge://venues/harbour", "concierge://venues/tasca"} <= uris
    assert answer.is_error is False and answer.structured_content["ok"] is True


def test_the_chat_tools_are_listed_with_their_input_models_and_the_conversation_they_act_for(agent):
    from concierge.conversations.toolbox import CHAT_TOOLS

    tools = {tool.name: tool for tool in agent.mcp.list_tools().tools}
    for name in CHAT:
        schema = tools[name].input_schema
        assert schema["required"][:2] == ["venue_id", "conversation_id"]
        assert set(CHAT_TOOLS[name].input.model_fields) <= set(schema["properties"])
    assert tools["get_available_slots"].annotations.read_only_hint is True
    assert tools["schedule_appointment"].annotations.read_only_hint is False


def comparable(body: dict) -> dict:
    """A chat answer without what differs between two conversations: their ids and the new bookings' ids."""
    body = {key: value for key, value in body.items() if key not in ("conversation_id", "eventId")}
    if "events" in body:
        body["events"] = [{**event, "id": "<id>"} for event in body["events"]]
    return body


def test_every_chat_tool_answers_as_its_http_function(agent):
    """Each call runs over MCP for one conversation and over HTTP for another in the same state."""
    phones = {"mcp": "+393331111111", "http": "+393332222222"}

    def both(tool: str, params: dict | Callable[[str], dict]) -> dict:
        answers = {}
        for via in ("mcp", "http"):
            extra = params(via) if callable(params) else params
            arguments = {"venue_id": "roma", "conversation_id": f"thread-{via}", **extra}
            if via == "mcp":
                result = agent.mcp.call_tool(tool, arguments)
                assert result.is_error is (result.structured_content.get("success") is False), tool
                said = result.structured_content.get("message") or result.structured_content.get("error")
                assert json.loads(result.content[-1].text) == result.structured_content, tool
                assert result.content[0].text == said if said else len(result.content) == 1, tool
                answers[via] = result.structured_content
            else:
                answers[via] = agent.http(tool, arguments)
        assert comparable(answers["mcp"]) == comparable(answers["http"]), tool
        return answers

    booked = both(
        "schedule_appointment",
        lambda via: {
            "serviceName": "Cena",
            "appointmentDate": "19/02/2026",
            "appointmentTime": "20:00",
            "people": 2,
            "clientFullName": "Mario Rossi",
            "clientPhone": phones[via],
        },
    )
    assert booked["mcp"]["success"] is True
    events = {via: answer["eventId"] for via, answer in booked.items()}
    refused = both(
        "schedule_appointment", {"serviceName": "Cena", "appointmentDate": "31/02/2026", "appointmentTime": "20:00"}
    )
    assert refused["mcp"]["success"] is False and refused["mcp"]["error"]
    assert both("get_available_slots", {"startDate": "19/02/2026", "endDate": "20/02/2026"})["mcp"]["days"]
    assert both("get_available_slots", {"startDate": "20/02/2026", "endDate": "19/02/2026"})["mcp"]["success"] is False
    listed = both("list_events", {"startDate": "19/02/2026", "endDate": "19/02/2026"})
    assert [event["id"] for event in listed["mcp"]["events"]] == [events["mcp"]]
    assert both("cancel_appointment", lambda via: {"eventId": events[via]})["mcp"]["success"] is True
    assert both("cancel_appointment", {"eventId": "nope"})["mcp"]["success"] is False
    both("update_client_info", {"preferredName": "Mario", "notes": "tavolo vicino alla finestra"})
    both("update_conversation_tags", {"tags": ["prenotazione"]})
    both("summarize_conversation", {"summary": "Ha prenotato e poi cancellato una cena."})
    handed = both("request_human_support", {"reason": "Vuole parlare con il titolare."})
    assert handed["mcp"]["status"] == "human_support"
    both("end_conversation", {"reason": "Risolto."})
    missing = both("list_events", {"startDate": "19/02/2026"})  # a missing parameter is the manual's refusal
    assert missing["mcp"]["success"] is False
