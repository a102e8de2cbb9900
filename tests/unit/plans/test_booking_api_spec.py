"""The shipped booking API: its spec is the tools' own, and its overlay registers the five plan actions."""

from __future__ import annotations

import json

import pytest

from concierge.http.openapi import openapi_document
from concierge.cli import main
from concierge.plans.booking_api import OVERLAY_PATH, SPEC_PATH
from concierge.plans.transformer import build_registry, load_document, read_only_actions

REGENERATE = "regenerate it: .venv/bin/concierge openapi"


@pytest.fixture(scope="module")
def registry():
    return build_registry(SPEC_PATH, OVERLAY_PATH)


def names(action, required: bool) -> set[str]:
    return {p.name for p in action.parameters if p.required is required}


def test_the_shipped_spec_is_the_tools_openapi_document():
    shipped = json.loads(SPEC_PATH.read_text(encoding="utf-8"))
    assert shipped == json.loads(json.dumps(openapi_document())), f"openapi.json is out of date; {REGENERATE}"


def test_the_openapi_command_writes_the_document_as_json(tmp_path):
    assert main(["openapi", "--output", str(tmp_path / "openapi.json")]) == 0
    written = json.loads((tmp_path / "openapi.json").read_text(encoding="utf-8"))
    assert written == json.loads(json.dumps(openapi_document()))


def test_the_overlay_registers_exactly_the_five_actions_without_problems(registry):
    assert registry.problems == []
    assert {a.action_id for a in registry.actions()} == {
        "search_bookings",
        "get_booking",
        "modify_booking",
        "create_booking",
        "cancel_booking",
    }


def test_search_and_get_are_read_only_lookups(registry):
    assert read_only_actions(load_document(OVERLAY_PATH), registry) == {"search_bookings", "get_booking"}


@pytest.mark.parametrize(
    "action_id, tier, reversible, compensation",
    [
        ("search_bookings", "normal", False, None),
        ("get_booking", "normal", False, None),
        ("modify_booking", "normal", True, "modify_booking"),
        ("create_booking", "normal", True, "cancel_booking"),
        ("cancel_booking", "high_risk", False, None),
    ],
)
def test_each_action_has_its_tier_reversibility_and_compensation(registry, action_id, tier, reversible, compensation):
    action = registry.get(action_id)
    assert (action.safety_tier, action.reversible, action.compensation_action_id) == (tier, reversible, compensation)
    assert 1 <= len(action.examples) <= 3


def test_a_registered_action_tells_its_tier_and_an_unknown_one_is_a_key_error(registry):
    assert registry.tier_of("cancel_booking") == "high_risk"
    assert registry.tier_of("get_booking") == "normal"
    with pytest.raises(KeyError):
        registry.tier_of("drop_every_booking")


def test_search_exposes_the_date_range_and_result_count(registry):
    search = registry.get("search_bookings")
    assert names(search, required=True) == {"restaurant_id", "search_text"}
    assert names(search, required=False) == {"date_range_start", "date_range_end", "max_results"}
    assert {p.name: p.type for p in search.parameters}["date_range_start"] == "date"
    assert search.response_fields == ["ok", "count", "results"]


def test_modify_exposes_every_change_it_can_make(registry):
    modify = registry.get("modify_booking")
    assert names(modify, required=True) == {"restaurant_id", "booking_id"}
    assert names(modify, required=False) == {"new_day", "new_time", "new_people", "name", "phone", "notes"}
    assert {p.name: p.type for p in modify.parameters if not p.required} == {
        "new_day": "date",
        "new_time": "time",
        "new_people": "number",
        "name": "string",
        "phone": "string",
        "notes": "string",
    }


def test_modify_is_undone_by_restoring_what_get_booking_read_before_it(registry):
    compensation = registry.get("modify_booking").compensation
    assert compensation.prior_operation_id == "get_booking"
    assert compensation.prior_parameters == {
        "restaurant_id": "{{params.restaurant_id}}",
        "booking_id": "{{params.booking_id}}",
    }
    assert compensation.parameters == {
        "restaurant_id": "{{params.restaurant_id}}",
        "booking_id": "{{params.booking_id}}",
        "new_day": "{{prior.day}}",
        "new_time": "{{prior.time}}",
        "new_people": "{{prior.people}}",
        "name": "{{prior.name}}",
        "phone": "{{prior.phone}}",
        "notes": "{{prior.notes}}",
    }


def test_create_is_undone_by_cancelling_the_booking_it_made(registry):
    create = registry.get("create_booking")
    assert names(create, required=False) == {"notes"}
    assert create.compensation.prior_operation_id is None
    assert create.compensation.parameters == {
        "restaurant_id": "{{params.restaurant_id}}",
        "booking_id": "{{result.booking_id}}",
    }


def test_get_and_cancel_take_only_the_venue_and_booking(registry):
    for action_id in ("get_booking", "cancel_booking"):
        assert [p.name for p in registry.get(action_id).parameters] == ["restaurant_id", "booking_id"]
