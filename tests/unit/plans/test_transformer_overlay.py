"""Overlay checks: each invalid entry is reported precisely and skipped; the valid ones still register."""

from __future__ import annotations

from pathlib import Path

import pytest

from concierge.plans.transformer import build_registry, load_document, transform

OPENAPI = Path(__file__).parents[2] / "fixtures" / "openapi"


@pytest.fixture(scope="module")
def guests():
    return build_registry(OPENAPI / "guest_api.yaml", OPENAPI / "guest_overlay.yaml")


@pytest.fixture(scope="module")
def guest_spec():
    return load_document(OPENAPI / "guest_api.yaml")


def valid(operation_id: str, **fields) -> dict:
    return {"operation_id": operation_id, "iq_enabled": True, "safety_tier": "normal", "reversible": False, **fields}


def test_the_valid_entries_register_among_the_invalid_ones(guests):
    assert [a.action_id for a in guests.actions()] == ["getGuest", "renameGuest", "addTag", "removeTag"]


@pytest.mark.parametrize(
    "problem",
    [
        "overlay entry 'noSuchOperation': operation_id 'noSuchOperation' matches no OpenAPI operation",
        "overlay entry 'setPhone': missing required fields safety_tier, reversible",
        "overlay entry 'listTags': safety_tier 'risky' is not one of normal, high_risk, blocked",
        "overlay entry 'mergeGuests': reversible is true but compensation_operation_id is missing",
        "overlay entry 'sendMessage': compensation_operation_id 'archiveGuest' is not an enabled operation",
        "overlay entry 'importGuests': compensation_operation_id 'forgetGuest' is blocked",
        "overlay entry 'pinGuest': compensation_operation_id 'listTags' has an invalid overlay entry",
        "overlay entry 'exportGuests': parameter_allowlist names 'file_format', "
        "which is not a parameter of 'exportGuests'",
        "overlay entry 'searchGuests': parameter_allowlist names 'guest_id', which is required "
        "(required parameters are always included)",
        "overlay entry 'greetGuest': has 4 examples; at most 3",
        "overlay entry 'setNote': compensation.parameters: {{prior.nickname}} refers to 'nickname', "
        "which is not a response field of 'getGuest'",
        "overlay entry 'addAllergy': compensation.parameters: {{result.allergy_id}} refers to 'allergy_id', "
        "which is not a response field of 'addAllergy'",
        "overlay entry 'addVisit': compensation.parameters: {{params.visitor_id}} refers to 'visitor_id', "
        "which is not a parameter of 'addVisit'",
        "overlay entry 'addBadge': compensation.parameters names 'badge', which is not a parameter of 'removeTag'",
        "overlay entry 'addBadge': compensation.parameters lacks 'tag_id', a required parameter of 'removeTag'",
        "overlay entry 'starGuest': unknown field reversable",
        "overlay entry 'getGuest': entry #22 repeats it; only the first entry counts",
    ],
)
def test_each_invalid_entry_is_reported(guests, problem):
    assert problem in guests.problems


def test_only_invalid_entries_are_reported_and_none_twice(guests):
    reported = {p.split(":")[0] for p in guests.problems}
    assert "overlay entry 'archiveGuest'" not in reported and "overlay entry 'forgetGuest'" not in reported
    assert len(guests.problems) == len(set(guests.problems)) == 18


def test_a_too_long_llm_description_is_reported(guest_spec):
    actions, problems = transform(guest_spec, {"actions": [valid("getGuest", llm_description="x" * 501)]})
    assert actions == []
    assert problems == ["overlay entry 'getGuest': llm_description has 501 characters; at most 500"]


def test_a_compensation_on_an_irreversible_entry_is_reported(guest_spec):
    entry = valid("addTag", compensation_operation_id="removeTag")
    assert transform(guest_spec, {"actions": [entry]})[1] == [
        "overlay entry 'addTag': compensation is given but reversible is not true"
    ]


def test_a_prior_read_must_itself_be_registered(guest_spec):
    entry = valid(
        "renameGuest",
        reversible=True,
        compensation_operation_id="renameGuest",
        compensation={"prior_operation_id": "getGuest", "parameters": {"guest_id": "{{params.guest_id}}"}},
    )
    assert transform(guest_spec, {"actions": [entry]})[1] == [
        "overlay entry 'renameGuest': compensation.prior_operation_id 'getGuest' is not an enabled operation"
    ]


def test_prior_is_only_available_with_a_prior_read_and_result_not_before_the_step(guest_spec):
    entry = valid(
        "renameGuest",
        reversible=True,
        compensation_operation_id="renameGuest",
        parameter_allowlist=["name"],
        compensation={
            "prior_operation_id": "getGuest",
            "prior_parameters": {"guest_id": "{{result.guest_id}}"},
            "parameters": {"guest_id": "{{params.guest_id}}", "name": "{{prior.name}}"},
        },
    )
    no_prior = valid(
        "addTag",
        reversible=True,
        compensation_operation_id="removeTag",
        compensation={"parameters": {"guest_id": "{{prior.guest_id}}", "tag_id": "{{result.tag_id}}"}},
    )
    _, problems = transform(guest_spec, {"actions": [valid("getGuest"), valid("removeTag"), entry, no_prior]})
    assert problems == [
        "overlay entry 'renameGuest': compensation.prior_parameters: {{result.guest_id}} uses scope 'result', "
        "not available here (available: params)",
        "overlay entry 'addTag': compensation.parameters: {{prior.guest_id}} uses scope 'prior', "
        "not available here (available: params, result)",
    ]


def test_an_entry_whose_compensation_is_skipped_is_skipped_too_down_a_chain(guest_spec):
    chain = [
        valid("addTag", reversible=True, compensation_operation_id="setNote"),
        valid("setNote", reversible=True, compensation_operation_id="setPhone"),
        valid("setPhone", safety_tier="unsafe"),
    ]
    actions, problems = transform(guest_spec, {"actions": chain})
    assert actions == []
    assert problems[-2:] == [
        "overlay entry 'setNote': compensation_operation_id 'setPhone' has an invalid overlay entry",
        "overlay entry 'addTag': compensation_operation_id 'setNote' has an invalid overlay entry",
    ]


def test_entries_with_wrong_value_types_are_reported(guest_spec):
    entry = {
        "operation_id": "getGuest",
        "iq_enabled": "yes",
        "safety_tier": "normal",
        "reversible": False,
        "read_only": 1,
        "examples": "one",
        "parameter_allowlist": [3],
    }
    assert transform(guest_spec, {"actions": [entry, "getGuest"]})[1] == [
        "overlay entry 'getGuest': iq_enabled must be true or false, got 'yes'",
        "overlay entry 'getGuest': read_only must be true or false, got 1",
        "overlay entry 'getGuest': parameter_allowlist must be a list of strings",
        "overlay entry 'getGuest': examples must be a list of strings",
        "overlay entry #2: expected a mapping, got str",
    ]


def test_an_overlay_without_a_list_of_actions_registers_nothing(guest_spec):
    assert transform(guest_spec, {"entries": []}) == (
        [],
        ["overlay: expected a mapping with a list of entries under 'actions'"],
    )
