"""validate_proposal: what makes a proposed plan fit to be shown for confirmation (no I/O)."""

from __future__ import annotations

from concierge.domain.plans import ActionParameter, AtomicAction, PlanProposal, PlanStep
from concierge.plans.proposal_validation import validate_proposal
from concierge.plans.registry import ActionRegistry


def parameter(name: str, type_: str = "string", required: bool = False, **extra) -> ActionParameter:
    return ActionParameter(name=name, type=type_, required=required, description=name, **extra)


REGISTRY = ActionRegistry(
    [
        AtomicAction(
            action_id="search_bookings",
            name="Search bookings",
            description="Find bookings by guest name.",
            parameters=[parameter("restaurant_id", required=True), parameter("query", required=True)],
            safety_tier="normal",
            reversible=True,
            path="/search_bookings",
            response_fields=["results"],
        ),
        AtomicAction(
            action_id="get_booking",
            name="Get booking",
            description="One booking by id.",
            parameters=[parameter("restaurant_id", required=True), parameter("booking_id", required=True)],
            safety_tier="normal",
            reversible=True,
            path="/get_booking",
            response_fields=["booking_id", "day", "time", "people"],
        ),
        AtomicAction(
            action_id="modify_booking",
            name="Modify booking",
            description="Change a booking.",
            parameters=[
                parameter("restaurant_id", required=True),
                parameter("booking_id", required=True),
                parameter("new_time", "time"),
                parameter("new_day", "date"),
                parameter("new_people", "number"),
                parameter("channel", "enum", enum_values=["phone", "walk_in"]),
            ],
            safety_tier="normal",
            reversible=True,
            path="/modify_booking",
            response_fields=["booking_id", "day", "time", "people"],
        ),
    ]
)
READ_ONLY = {"search_bookings", "get_booking"}


def plan(*steps: tuple[str, dict], summary: str = "Move Rossi's booking to 21:00") -> PlanProposal:
    return PlanProposal(intent_summary=summary, steps=[PlanStep(action_id=a, parameters=p) for a, p in steps])


MOVE = {"restaurant_id": "roma", "booking_id": "B-1", "new_time": "21:00", "new_day": "2026-02-21"}


def test_a_plan_of_registered_actions_with_well_formed_parameters_has_no_problems():
    assert validate_proposal(plan(("modify_booking", MOVE)), REGISTRY, READ_ONLY) == []


def test_an_action_that_is_not_registered_is_named_as_a_problem():
    problems = validate_proposal(plan(("move_booking", MOVE)), REGISTRY)
    assert problems == [
        "step 1: there is no action 'move_booking' (actions: search_bookings, get_booking, modify_booking)"
    ]


def test_a_missing_required_parameter_is_a_problem():
    problems = validate_proposal(plan(("modify_booking", {"restaurant_id": "roma", "new_time": "21:00"})), REGISTRY)
    assert problems == ["step 1: missing required parameter 'booking_id' of modify_booking"]


def test_an_unknown_parameter_name_is_a_problem():
    problems = validate_proposal(plan(("modify_booking", {**MOVE, "party": 4})), REGISTRY)
    assert problems == [
        "step 1: modify_booking has no parameter 'party' (its parameters: restaurant_id, "
        "booking_id, new_time, new_day, new_people, channel)"
    ]


def test_dates_times_numbers_and_enums_must_have_their_format():
    problems = validate_proposal(
        plan(
            (
                "modify_booking",
                {**MOVE, "new_time": "9pm", "new_day": "21/02/2026", "new_people": "four", "channel": "email"},
            )
        ),
        REGISTRY,
    )
    assert problems == [
        "step 1: new_time: expected a time as HH:MM (24h), got '9pm'",
        "step 1: new_day: expected a date as YYYY-MM-DD, got '21/02/2026'",
        "step 1: new_people: expected a number, got 'four'",
        "step 1: channel: expected one of phone, walk_in, got 'email'",
    ]


def test_an_impossible_calendar_date_is_a_problem():
    problems = validate_proposal(plan(("modify_booking", {**MOVE, "new_day": "2026-02-30"})), REGISTRY)
    assert problems == ["step 1: new_day: expected a date as YYYY-MM-DD, got '2026-02-30'"]


def test_a_placeholder_to_a_field_an_earlier_step_returns_is_accepted():
    proposal = plan(
        ("get_booking", {"restaurant_id": "roma", "booking_id": "B-1"}),
        ("modify_booking", {**MOVE, "booking_id": "{{step_1.booking_id}}", "new_time": "{{ step_1.time }}"}),
    )
    assert validate_proposal(proposal, REGISTRY, READ_ONLY) == []


def test_a_placeholder_to_the_same_or_a_later_step_is_a_problem():
    proposal = plan(
        ("modify_booking", {**MOVE, "booking_id": "{{step_1.booking_id}}"}),
        ("modify_booking", {**MOVE, "booking_id": "{{step_3.booking_id}}"}),
    )
    assert validate_proposal(proposal, REGISTRY) == [
        "step 1: booking_id: {{step_1.booking_id}} refers to step 1, which does not come before this step",
        "step 2: booking_id: {{step_3.booking_id}} refers to step 3, which does not come before this step",
    ]


def test_a_placeholder_to_a_field_the_earlier_action_does_not_return_is_a_problem():
    proposal = plan(
        ("get_booking", {"restaurant_id": "roma", "booking_id": "B-1"}),
        ("modify_booking", {**MOVE, "new_time": "{{step_1.notes}}"}),
    )
    assert validate_proposal(proposal, REGISTRY) == [
        "step 2: new_time: step 1 (get_booking) returns no field 'notes' (it returns: booking_id, day, time, people)"
    ]


def test_a_placeholder_into_a_lookups_matches_is_resolved_when_the_plan_runs():
    """One match lends its fields; several make the plan ask which one, so the plan is valid."""
    proposal = plan(
        ("search_bookings", {"restaurant_id": "roma", "query": "Rossi"}),
        ("modify_booking", {**MOVE, "booking_id": "{{step_1.booking_id}}"}),
    )
    assert validate_proposal(proposal, REGISTRY) == []


def test_a_value_asked_when_the_plan_runs_is_valid_but_never_the_booking_it_acts_on():
    asked = plan(("modify_booking", {**MOVE, "new_time": {"ask": "What time suits the guest?"}}))
    assert validate_proposal(asked, REGISTRY) == []
    target = plan(("modify_booking", {**MOVE, "booking_id": {"ask": "Which booking?"}}))
    assert validate_proposal(target, REGISTRY) == [
        "step 1: booking_id: booking_id names what the step acts on: find it before planning instead of asking it "
        "during execution"
    ]
    empty = plan(("modify_booking", {**MOVE, "new_time": {"ask": " "}}))
    assert validate_proposal(empty, REGISTRY) == [
        'step 1: new_time: an asked value is {"ask": "the question"}, with a question and nothing else'
    ]


def test_a_malformed_placeholder_is_a_problem():
    problems = validate_proposal(plan(("modify_booking", {**MOVE, "booking_id": "{{booking_id}}"})), REGISTRY)
    assert problems == ["step 1: booking_id: {{booking_id}} is not a placeholder of the form {{step_N.field}}"]


def test_a_plan_without_steps_or_summary_is_a_problem():
    assert validate_proposal(plan(summary=" "), REGISTRY) == ["the intent_summary is empty", "the plan has no steps"]


def test_an_intent_summary_longer_than_an_execution_plan_allows_is_a_problem():
    assert validate_proposal(plan(("modify_booking", MOVE), summary="x" * 201), REGISTRY) == [
        "the intent_summary is longer than 200 characters"
    ]


def test_a_plan_that_only_reads_is_a_problem_when_the_read_only_actions_are_known():
    proposal = plan(("get_booking", {"restaurant_id": "roma", "booking_id": "B-1"}))
    assert validate_proposal(proposal, REGISTRY) == []
    assert validate_proposal(proposal, REGISTRY, READ_ONLY) == [
        "the plan only reads data: call read-only actions directly, and plan only changes"
    ]
