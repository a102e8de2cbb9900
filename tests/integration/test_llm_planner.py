"""LLMPlanner against a scripted model over real HTTP: plans, lookups, retries, questions and fallbacks."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json

import pytest

from concierge.adapters.llm import LLMUnavailable
from concierge.adapters.llm.openai_compatible import ChatClient
from concierge.domain.plans import ActionParameter, ActionResult, AtomicAction, Clarification, PlanProposal
from concierge.plans.llm_planner import LLMPlanner
from concierge.plans.planning import PlanningRequest
from concierge.plans.registry import ActionRegistry

THURSDAY = dt.date(2026, 2, 19)
ROSSI = {
    "booking_id": "B-7",
    "guest_name": "Rossi",
    "booking_date": "2026-02-21",
    "booking_time": "20:00",
    "party_size": 4,
}


def parameter(name: str, type_: str = "string", required: bool = False) -> ActionParameter:
    return ActionParameter(name=name, type=type_, required=required, description=name.replace("_", " "))


REGISTRY = ActionRegistry(
    [
        AtomicAction(
            action_id="search_bookings",
            name="Search bookings",
            description="Find bookings by guest name.",
            parameters=[
                parameter("restaurant_id", required=True),
                parameter("query", required=True),
                parameter("day", "date"),
            ],
            safety_tier="normal",
            reversible=True,
            path="/search_bookings",
            response_fields=["results"],
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
            ],
            safety_tier="normal",
            reversible=True,
            path="/modify_booking",
            response_fields=["booking_id", "day", "time", "people"],
        ),
    ]
)

MOVE_ROSSI = {
    "intent_summary": "Spostare la prenotazione di Rossi di sabato alle 21:00",
    "steps": [
        {
            "action_id": "modify_booking",
            "parameters": {"restaurant_id": "roma", "booking_id": "B-7", "new_time": "21:00", "new_day": "2026-02-21"},
        }
    ],
}


class Lookups:
    """The read-only port: answers search_bookings from one booking and records every call."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict]] = []

    def __call__(self, action_id: str, parameters: dict) -> ActionResult:
        self.calls.append((action_id, parameters))
        found = [ROSSI] if parameters.get("query", "").lower() == "rossi" else []
        return ActionResult(success=True, response_data={"results": found})


@pytest.fixture
def planner(llm):
    with ChatClient(llm.base_url, "test-key", "test-model", timeout=5) as client:
        yield LLMPlanner(client)


@pytest.fixture
def lookups() -> Lookups:
    return Lookups()


def request(
    lookups: Lookups,
    message: str = "sposta la prenotazione di Rossi di sabato alle 21",
    history: list[dict] | None = None,
    clarifications_so_far: int = 0,
    locale: str = "it-IT",
) -> PlanningRequest:
    return PlanningRequest(
        message=message,
        history=history or [],
        venue_id="roma",
        venue_locale=locale,
        today=THURSDAY,
        registry=REGISTRY,
        lookup=lookups,
        read_only_actions={"search_bookings"},
        clarifications_so_far=clarifications_so_far,
        max_clarifications=2,
    )


def last_tool_message(body: dict) -> dict:
    return [m for m in body["messages"] if m["role"] == "tool"][-1]


def test_a_scripted_submit_plan_becomes_a_validated_plan_proposal(llm, planner, lookups):
    llm.reply_tool_call("submit_plan", MOVE_ROSSI)
    proposal = planner.plan(request(lookups))
    assert proposal == PlanProposal.model_validate(MOVE_ROSSI)
    assert lookups.calls == []


def test_the_model_is_sent_the_rules_the_context_the_history_and_every_tool(llm, planner, lookups):
    llm.reply_tool_call("submit_plan", MOVE_ROSSI)
    history = [{"role": "user", "content": "prenotazione B-7?"}, {"role": "assistant", "content": "Sì, Rossi."}]
    planner.plan(request(lookups, history=history))
    [body] = llm.requests
    system, *turns = body["messages"]
    assert system["role"] == "system"
    for fact in (
        "Thursday 2026-02-19",
        "Saturday 2026-02-21",
        "'roma'",
        "Italian",
        "{{step_N.field}}",
        "ONE question",
        "YYYY-MM-DD",
        "HH:MM",
    ):
        assert fact in system["content"]
    assert turns == [*history, {"role": "user", "content": "sposta la prenotazione di Rossi di sabato alle 21"}]
    assert [t["function"]["name"] for t in body["tools"]] == [
        "search_bookings",
        "modify_booking",
        "submit_plan",
        "ask_clarification",
    ]
    assert body["tools"][1]["function"]["parameters"]["required"] == ["restaurant_id", "booking_id"]


def test_the_overlays_examples_reach_the_model_as_few_shot_context(llm, planner, lookups):
    modify = REGISTRY.get("modify_booking")
    registry = ActionRegistry(
        [
            REGISTRY.get("search_bookings"),
            modify.model_copy(update={"examples": ["Move the Rossi booking to 21:00: new_time '21:00'"]}),
        ]
    )
    llm.reply_tool_call("submit_plan", MOVE_ROSSI)
    planner.plan(dataclasses.replace(request(lookups), registry=registry))
    system = llm.requests[0]["messages"][0]["content"]
    assert "Examples of requests and the action that serves each" in system
    assert "- modify_booking: \"Move the Rossi booking to 21:00: new_time '21:00'\"" in system


def test_without_examples_the_prompt_has_no_examples_section(llm, planner, lookups):
    llm.reply_tool_call("submit_plan", MOVE_ROSSI)
    planner.plan(request(lookups))
    assert "Examples of requests" not in llm.requests[0]["messages"][0]["content"]


def test_a_search_bookings_lookup_runs_during_planning_and_its_result_goes_back_to_the_model(llm, planner, lookups):
    llm.reply_tool_call("search_bookings", {"restaurant_id": "roma", "query": "Rossi", "day": "2026-02-21"})
    llm.reply_tool_call("submit_plan", MOVE_ROSSI)
    proposal = planner.plan(request(lookups))
    assert isinstance(proposal, PlanProposal)
    assert lookups.calls == [("search_bookings", {"restaurant_id": "roma", "query": "Rossi", "day": "2026-02-21"})]
    second = llm.requests[1]["messages"]
    assert second[-2]["tool_calls"][0]["function"]["name"] == "search_bookings"
    assert second[-1]["role"] == "tool" and second[-1]["tool_call_id"] == second[-2]["tool_calls"][0]["id"]
    assert json.loads(second[-1]["content"]) == {"success": True, "response_data": {"results": [ROSSI]}}


@pytest.mark.parametrize(
    "bad_plan, problem",
    [
        (
            {**MOVE_ROSSI, "steps": [{"action_id": "move_booking", "parameters": {"booking_id": "B-7"}}]},
            "step 1: there is no action 'move_booking'",
        ),
        (
            {
                **MOVE_ROSSI,
                "steps": [
                    {
                        "action_id": "modify_booking",
                        "parameters": {
                            "restaurant_id": "roma",
                            "booking_id": "{{step_0.booking_id}}",
                            "new_time": "21:00",
                        },
                    }
                ],
            },
            "refers to step 0, which does not come before this step",
        ),
        (
            {**MOVE_ROSSI, "steps": [{"action_id": "modify_booking", "parameters": {"restaurant_id": "roma"}}]},
            "missing required parameter 'booking_id' of modify_booking",
        ),
        ({**MOVE_ROSSI, "steps": [{"action_id": "modify_booking"}]}, "steps.0.parameters: Field required"),
    ],
)
def test_a_rejected_plan_goes_back_to_the_model_which_then_submits_a_valid_one(
    llm, planner, lookups, bad_plan, problem
):
    llm.reply_tool_call("submit_plan", bad_plan).reply_tool_call("submit_plan", MOVE_ROSSI)
    assert planner.plan(request(lookups)) == PlanProposal.model_validate(MOVE_ROSSI)
    feedback = last_tool_message(llm.requests[1])["content"]
    assert feedback.startswith("The plan was rejected") and problem in feedback


def test_malformed_arguments_go_back_to_the_model_which_then_retries(llm, planner, lookups):
    llm.reply_raw_tool_call("submit_plan", '{"intent_summary": "Spostare", "steps": [')
    llm.reply_tool_call("submit_plan", MOVE_ROSSI)
    assert isinstance(planner.plan(request(lookups)), PlanProposal)
    assert last_tool_message(llm.requests[1])["content"].startswith("Error: the arguments are not valid JSON")


def test_a_changing_action_called_directly_is_refused_and_must_be_planned(llm, planner, lookups):
    llm.reply_tool_call("modify_booking", MOVE_ROSSI["steps"][0]["parameters"])
    llm.reply_tool_call("submit_plan", MOVE_ROSSI)
    assert isinstance(planner.plan(request(lookups)), PlanProposal)
    assert lookups.calls == []
    assert last_tool_message(llm.requests[1])["content"].startswith(
        "Refused: modify_booking changes data, so it is never run during planning"
    )


def test_a_tool_that_does_not_exist_is_answered_with_the_available_tools(llm, planner, lookups):
    llm.reply_tool_call("delete_everything", {}).reply_tool_call("submit_plan", MOVE_ROSSI)
    assert isinstance(planner.plan(request(lookups)), PlanProposal)
    assert last_tool_message(llm.requests[1])["content"] == (
        "Error: there is no tool named 'delete_everything'. Available tools: search_bookings, modify_booking, "
        "submit_plan, ask_clarification."
    )


def test_a_plain_text_answer_is_nudged_towards_the_tools(llm, planner, lookups):
    llm.reply_text("Certo, lo sposto!").reply_tool_call("submit_plan", MOVE_ROSSI)
    assert isinstance(planner.plan(request(lookups)), PlanProposal)
    assert llm.requests[1]["messages"][-1] == {
        "role": "user",
        "content": "Answer by calling submit_plan or ask_clarification (or a read-only lookup).",
    }


def test_the_scripted_clarification_is_returned(llm, planner, lookups):
    llm.reply_tool_call("ask_clarification", {"question": "Quale prenotazione di Rossi: sabato o domenica?"})
    assert planner.plan(request(lookups)) == Clarification(question="Quale prenotazione di Rossi: sabato o domenica?")


def test_when_the_turns_run_out_the_answer_suggests_rephrasing_in_the_venue_language(llm, lookups):
    for _ in range(2):
        llm.reply_tool_call("submit_plan", {**MOVE_ROSSI, "steps": [{"action_id": "move_booking", "parameters": {}}]})
    with ChatClient(llm.base_url, "test-key", "test-model", timeout=5) as client:
        answer = LLMPlanner(client, max_turns=2).plan(request(lookups))
    assert isinstance(answer, Clarification)
    assert answer.question.startswith("Non sono riuscito a preparare un piano sicuro")
    assert (len(llm.requests), llm.remaining) == (2, 0)


def test_when_the_clarifications_are_exhausted_the_answer_suggests_rephrasing(llm, planner, lookups):
    llm.reply_tool_call("ask_clarification", {"question": "Which Rossi?"})
    answer = planner.plan(request(lookups, message="move Rossi to 9pm", clarifications_so_far=2, locale="en"))
    assert answer.question.startswith("I couldn't put together a safe plan for this request.")


def test_an_unavailable_model_is_left_to_the_caller(llm, planner, lookups):
    llm.reply_error(503, "overloaded")
    with pytest.raises(LLMUnavailable, match="HTTP 503"):
        planner.plan(request(lookups))
