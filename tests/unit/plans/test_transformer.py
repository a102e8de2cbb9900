"""transform: operations become actions, with parameters, types and response fields from the spec."""

from __future__ import annotations

from pathlib import Path

import pytest

from concierge.plans.transformer import build_registry, read_only_actions, load_document, transform

OPENAPI = Path(__file__).parents[2] / "fixtures" / "openapi"


@pytest.fixture(scope="module")
def venue():
    return build_registry(OPENAPI / "venue_api.yaml", OPENAPI / "venue_overlay.yaml")


def parameters(action):
    return {p.name: p for p in action.parameters}


def one_action(schema: dict, allowlist: list[str] | None = None, required: bool = False):
    """The action of a one-operation spec whose JSON body has a single property `x` with `schema`."""
    body = {"type": "object", "properties": {"x": schema}, "required": ["x"] if required else []}
    spec = {
        "paths": {
            "/op": {
                "post": {
                    "operationId": "op",
                    "summary": "Do it",
                    "requestBody": {"content": {"application/json": {"schema": body}}},
                }
            }
        }
    }
    overlay = {
        "actions": [
            {
                "operation_id": "op",
                "iq_enabled": True,
                "safety_tier": "normal",
                "reversible": False,
                "parameter_allowlist": allowlist or [],
            }
        ]
    }
    actions, problems = transform(spec, overlay)
    assert problems == []
    return actions[0]


def test_enabled_operations_register_and_blocked_or_disabled_ones_do_not(venue):
    assert venue.problems == []
    assert [a.action_id for a in venue.actions()] == ["listTables", "holdTable", "releaseHold"]
    assert "purgeVenue" not in venue and "logIn" not in venue


def test_path_and_query_parameters_keep_their_location_and_path_ones_are_required(venue):
    listed = parameters(venue.get("listTables"))
    assert (listed["venue_id"].location, listed["venue_id"].required) == ("path", True)
    assert (listed["seats"].location, listed["seats"].required, listed["seats"].type) == ("query", False, "number")
    assert "X-Trace-Id" not in listed  # headers are not action parameters


def test_required_parameters_come_always_and_optional_ones_only_when_allowlisted(venue):
    hold = parameters(venue.get("holdTable"))
    assert {n for n, p in hold.items() if p.required} == {"venue_id", "table_id", "guest_name", "minutes"}
    assert set(hold) >= {"arrives_at", "day", "time", "vip", "note"}
    assert all(p.location == "body" for n, p in hold.items() if n not in ("venue_id", "table_id"))
    assert "seats" in parameters(venue.get("listTables"))


def test_an_optional_parameter_that_is_not_allowlisted_is_left_out():
    assert [p.name for p in one_action({"type": "string"}).parameters] == []


def test_sensitive_parameters_never_appear_even_when_allowlisted(venue):
    assert "access_token" not in parameters(venue.get("listTables"))
    assert not {"pin_code", "api_key"} & set(parameters(venue.get("holdTable")))


def test_a_required_sensitive_parameter_is_left_out_too():
    spec = load_document(OPENAPI / "venue_api.yaml")
    overlay = {"actions": [{"operation_id": "logIn", "iq_enabled": True, "safety_tier": "normal", "reversible": False}]}
    actions, _ = transform(spec, overlay)
    assert [p.name for p in actions[0].parameters] == ["user"]


@pytest.mark.parametrize(
    "schema, kind",
    [
        ({"type": "string", "format": "date"}, "date"),
        ({"type": "string", "format": "date-time"}, "datetime"),
        ({"type": "string", "format": "time"}, "time"),
        ({"type": "string", "pattern": r"^\d{2}:\d{2}$"}, "time"),
        ({"type": "integer"}, "number"),
        ({"type": "number"}, "number"),
        ({"type": "boolean"}, "boolean"),
        ({"type": "string"}, "string"),
        ({"type": "object"}, "string"),
        ({"type": "string", "pattern": "^[A-Z]+$"}, "string"),
        ({"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None}, "number"),
        ({"type": ["string", "null"], "format": "date"}, "date"),
        ({"type": "string", "examples": ["2026-02-19"]}, "date"),
        ({"type": "string", "examples": ["20:30"]}, "time"),
    ],
)
def test_json_schema_types_map_to_parameter_types(schema, kind):
    assert one_action(schema, required=True).parameters[0].type == kind


def test_an_enum_keeps_its_values_as_text():
    parameter = one_action({"type": "string", "enum": ["inside", "terrace", None]}, required=True).parameters[0]
    assert (parameter.type, parameter.enum_values) == ("enum", ["inside", "terrace"])


def test_an_optional_field_keeps_its_own_description_and_default():
    schema = {
        "anyOf": [{"type": "integer", "description": "inner"}, {"type": "null"}],
        "default": 5,
        "description": "How many",
    }
    parameter = one_action(schema, allowlist=["x"]).parameters[0]
    assert (parameter.type, parameter.description, parameter.default) == ("number", "How many", 5)


def test_a_long_parameter_description_is_trimmed_to_200_characters():
    parameter = one_action({"type": "string", "description": "word " * 100}, required=True).parameters[0]
    assert len(parameter.description) == 200 and parameter.description.endswith("…")


def test_response_fields_are_the_top_level_properties_of_the_2xx_json_response(venue):
    assert venue.get("listTables").response_fields == ["count", "tables"]
    assert venue.get("holdTable").response_fields == ["hold_id", "expires_at"]


def test_an_operation_carries_its_method_and_path(venue):
    release = venue.get("releaseHold")
    assert (release.method, release.path) == ("DELETE", "/holds/{hold_id}")


def test_the_name_is_the_summary_when_short_and_the_operation_id_in_words_otherwise(venue):
    assert venue.get("listTables").name == "List tables"
    assert venue.get("holdTable").name == "Hold table"  # its summary is longer than 50 characters


def test_the_llm_description_overrides_the_openapi_one(venue):
    assert venue.get("holdTable").description == "Keep a table free for a guest who is on the way."
    assert venue.get("listTables").description == "Tables of a venue with their seats."


def test_overlay_fields_carry_into_the_action(venue):
    hold = venue.get("holdTable")
    assert (hold.safety_tier, hold.reversible, hold.compensation_action_id) == ("normal", True, "releaseHold")
    assert hold.compensation.parameters == {"hold_id": "{{result.hold_id}}"}
    assert hold.examples == ["Hold table 4 for Rossi for 15 minutes"]
    assert venue.get("releaseHold").safety_tier == "high_risk"


def test_read_only_actions_are_the_registered_ones_the_overlay_marks(venue):
    overlay = load_document(OPENAPI / "venue_overlay.yaml")
    assert read_only_actions(overlay, venue) == {"listTables"}
