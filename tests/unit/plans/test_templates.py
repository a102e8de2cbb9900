"""Placeholders: {{step_N.field}} in plans, {{params.X}}, {{prior.X}}, {{result.X}} in compensations."""

from __future__ import annotations

import pytest

from concierge.plans.templates import UnresolvedPlaceholder, fill, placeholders


def test_placeholders_are_found_in_nested_dicts_lists_and_strings_in_order():
    value = {"a": "{{step_1.booking_id}}", "b": ["x", {"c": "at {{prior.time}} on {{ prior.day }}"}], "d": 4}
    assert placeholders(value) == [("step_1", "booking_id"), ("prior", "time"), ("prior", "day")]


def test_text_without_placeholders_has_none():
    assert placeholders({"a": "no {braces} here", "b": None, "c": 3}) == []


def test_a_whole_placeholder_keeps_the_type_of_the_value():
    assert fill("{{prior.people}}", {"prior": {"people": 4}}) == 4
    assert fill("{{prior.notes}}", {"prior": {"notes": None}}) is None


def test_a_placeholder_inside_text_is_written_into_it():
    scopes = {"params": {"name": "Rossi"}, "prior": {"people": 4, "vip": True}}
    assert fill("{{params.name}}, {{prior.people}} people", scopes) == "Rossi, 4 people"
    assert fill("vip: {{prior.vip}}", scopes) == "vip: true"


def test_fill_walks_dicts_and_lists_and_leaves_the_input_unchanged():
    template = {"booking_id": "{{result.booking_id}}", "times": ["{{prior.time}}", "21:00"], "n": 2}
    filled = fill(template, {"result": {"booking_id": "B-1"}, "prior": {"time": "20:00"}})
    assert filled == {"booking_id": "B-1", "times": ["20:00", "21:00"], "n": 2}
    assert template["booking_id"] == "{{result.booking_id}}"


def test_plan_placeholders_fill_from_the_step_scopes():
    assert fill("{{step_2.booking_id}}", {"step_2": {"booking_id": "B-7"}}) == "B-7"


@pytest.mark.parametrize("scopes", [{}, {"result": {}}, {"result": None}])
def test_a_missing_reference_raises_naming_scope_and_name(scopes):
    with pytest.raises(UnresolvedPlaceholder) as raised:
        fill({"x": ["{{result.booking_id}}"]}, scopes)
    assert (raised.value.scope, raised.value.name) == ("result", "booking_id")
    assert "{{result.booking_id}}" in str(raised.value)
