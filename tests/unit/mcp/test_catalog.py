"""What an MCP client is shown: the tool list, the answer's shape and the knowledge-base resource."""

from __future__ import annotations

import json
import re
from typing import get_args

from pydantic import BaseModel

from concierge.mcp.catalog import MCP_TOOLS
from concierge.mcp.knowledge import knowledge_base, venue_id_of, venue_uri
from concierge.mcp.server import tool_result
from concierge.tools import TOOLS


def test_the_catalog_holds_the_contract_tools_and_the_chat_tools_once_each_and_not_the_plan_helpers():
    from concierge.conversations.functions import CHAT_TOOL_FUNCTIONS

    booking = [tool.name for tool in MCP_TOOLS if tool.family == "booking"]
    chat = [tool.name for tool in MCP_TOOLS if tool.family == "chat"]
    assert len(booking) == len(set(booking)) == 9 and set(booking) <= set(TOOLS)
    assert not {"get_booking", "search_bookings"} & set(booking)
    assert chat == list(CHAT_TOOL_FUNCTIONS)
    assert all(tool.writes is TOOLS[tool.name].writes for tool in MCP_TOOLS if tool.family == "booking")
    assert [tool.name for tool in MCP_TOOLS if tool.replayable] == [
        "create_booking",
        "modify_booking",
        "cancel_booking",
    ]


REFUSAL_FIELDS = {"corrected_day", "nearest_slots_human", "message"}


def field_names(model: type[BaseModel]) -> set[str]:
    """The model's fields and those of the models it nests (a list_bookings result's booking_id)."""
    names = set(model.model_fields)
    for info in model.model_fields.values():
        for inner in [info.annotation, *get_args(info.annotation)]:
            if isinstance(inner, type) and issubclass(inner, BaseModel):
                names |= field_names(inner)
    return names


# What the chat tools answer (the manual's output fields) beside their input models.
CHAT_FIELDS = {
    "venue_id",
    "conversation_id",
    "success",
    "error",
    "message",
    "eventId",
    "days",
    "businessHours",
    "busySlots",
    "freeSlots",
    "events",
    "id",
    "nearestSlots",
}


def test_every_field_a_description_quotes_is_a_field_of_the_tool_or_of_its_refusals():
    from concierge.conversations.toolbox import CHAT_TOOLS

    for tool in MCP_TOOLS:
        if tool.family == "chat":
            fields = field_names(CHAT_TOOLS[tool.name].input) | CHAT_FIELDS
        else:
            model = TOOLS[tool.name]
            fields = field_names(model.request) | field_names(model.response) | REFUSAL_FIELDS
        quoted = {span.split(":")[0].strip() for span in re.findall(r"`([^`]+)`", tool.description)}
        assert quoted and quoted <= fields, (tool.name, quoted - fields)


def test_a_success_is_its_message_then_its_payload_and_a_refusal_is_a_tool_error():
    ok = tool_result({"ok": True, "available": True, "message": "Disponibile."})
    assert [block.text for block in ok.content] == [
        "Disponibile.",
        '{"ok":true,"available":true,"message":"Disponibile."}',
    ]
    assert ok.is_error is False and ok.structured_content["available"] is True

    refused = tool_result(
        {"ok": False, "error_code": "SLOT_FULL", "message": "Nessun tavolo.", "nearest_slots_human": ["21"]}
    )
    assert refused.is_error is True
    assert refused.content[0].text == "Nessun tavolo."
    assert json.loads(refused.content[1].text)["error_code"] == "SLOT_FULL"


def test_a_payload_without_a_message_is_given_as_json_text_only():
    result = tool_result({"ok": True, "open_now": False, "next_opening_time": "19:00"})
    assert [json.loads(block.text) for block in result.content] == [result.structured_content]


def test_the_knowledge_base_resource_leaves_out_where_bookings_live_and_the_capacity_rules(venues):
    roma = knowledge_base(venues["roma"])
    assert {"provider", "max_concurrent_bookings", "avg_stay_minutes", "cutoff_minutes"}.isdisjoint(roma)
    assert list(roma["hours"]) == ["mon", "tue", "wed", "thu", "fri", "sat"]
    assert roma["special_hours"] == {"2026-12-31": {"dinner": ["20:00", "23:30"]}}


def test_a_resource_uri_names_one_venue():
    assert venue_id_of(venue_uri("roma")) == "roma"
    for uri in ("concierge://venues/", "concierge://venues/roma/faq", "https://venues/roma", "concierge://roma"):
        assert venue_id_of(uri) is None


def test_a_chat_tools_refusal_is_a_tool_error_that_says_its_error_first():
    result = tool_result({"success": False, "error": "Data non valida: 31/02/2026."})
    assert result.is_error is True and result.content[0].text == "Data non valida: 31/02/2026."
