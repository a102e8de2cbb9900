"""What the planning model is offered: registry actions as functions, submit_plan and ask_clarification."""

from __future__ import annotations

from concierge.domain.plans import ActionParameter, AtomicAction
from concierge.plans.action_schemas import action_schema, planning_tools
from concierge.plans.planning import rephrase_clarification
from concierge.plans.proposal_validation import DATE_PATTERN, TIME_PATTERN
from concierge.plans.registry import ActionRegistry
from concierge.speech.plans import language_of


def parameter(name: str, type_: str, required: bool = False, **extra) -> ActionParameter:
    return ActionParameter(name=name, type=type_, required=required, description=f"the {name}", **extra)


ACTION = AtomicAction(
    action_id="modify_booking",
    name="Modify booking",
    description="Change a booking.",
    parameters=[
        parameter("booking_id", "string", required=True),
        parameter("new_day", "date"),
        parameter("new_time", "time"),
        parameter("new_people", "number"),
        parameter("vip", "boolean"),
        parameter("at", "datetime"),
        parameter("channel", "enum", enum_values=["phone", "walk_in"]),
    ],
    safety_tier="normal",
    reversible=True,
    path="/modify_booking",
    response_fields=["booking_id", "time"],
)


def test_parameter_types_map_to_json_schema_with_required_names():
    assert action_schema(ACTION) == {
        "type": "object",
        "required": ["booking_id"],
        "properties": {
            "booking_id": {"type": "string", "description": "the booking_id"},
            "new_day": {"type": "string", "pattern": DATE_PATTERN, "description": "the new_day (YYYY-MM-DD)"},
            "new_time": {"type": "string", "pattern": TIME_PATTERN, "description": "the new_time (HH:MM, 24h)"},
            "new_people": {"type": "number", "description": "the new_people"},
            "vip": {"type": "boolean", "description": "the vip"},
            "at": {"type": "string", "format": "date-time", "description": "the at"},
            "channel": {"type": "string", "enum": ["phone", "walk_in"], "description": "the channel"},
        },
    }


def test_every_action_is_offered_with_submit_plan_and_ask_clarification_last():
    tools = planning_tools(ActionRegistry([ACTION]), read_only_actions=set())
    assert [t["function"]["name"] for t in tools] == ["modify_booking", "submit_plan", "ask_clarification"]
    assert tools[0]["function"]["description"] == (
        "Change a booking. Changes data: never call it directly, put it in a step of submit_plan. "
        "Returns: booking_id, time."
    )
    step = tools[1]["function"]["parameters"]["properties"]["steps"]["items"]
    assert step["required"] == ["action_id", "parameters"]
    assert set(step["properties"]["parameters"]["properties"]) == {p.name for p in ACTION.parameters}


def test_the_rephrase_suggestion_speaks_the_venue_language_and_falls_back_to_english():
    assert language_of("it-IT") == "it" and language_of("pt_BR") == "pt" and language_of("de") == "en"
    assert rephrase_clarification("fr").question.startswith("Je n'ai pas réussi")
    assert rephrase_clarification("xx").question.startswith("I couldn't put together a safe plan")
