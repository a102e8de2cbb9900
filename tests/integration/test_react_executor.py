"""The ReAct executor over HTTP, driven by a scripted model: it carries out confirmed plans inside the guard.

Each test scripts the model's turns (tool calls) on a local OpenAI-compatible server, confirms a
plan through the plan API and reads the outcome back through it, on both stores.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.integration.test_plans import TOKEN, book, booking, confirm, rolled, settled, stored_plan
from tests.support.scripted_llm import ScriptedLLM


@pytest.fixture
def react(serve):
    """(start, llm): start(**settings) serves the plans with the scripted model as their executor."""
    with ScriptedLLM() as llm:
        yield (lambda **changes: serve(llm=llm.base_url, **changes)), llm


def modify(booking_id: str, **values) -> tuple[str, dict]:
    return "modify_booking", {"restaurant_id": "roma", "booking_id": booking_id, **values}


def tool_messages(request: dict) -> list[str]:
    return [m["content"] for m in request["messages"] if m["role"] == "tool"]


def spans(api, plan_id: str, name: str) -> list:
    return [s for s in api.tracer.spans if s.trace_id == plan_id and s.name == name]


def test_a_spoken_time_sent_in_its_clock_form_is_a_format_fix_the_guard_accepts(react):
    start, llm = react
    api = start()
    booking_id = book(api)
    llm.reply_tool_call(*modify(booking_id, new_time="20:30"))
    plan_id = stored_plan(api, [("modify_booking", {"booking_id": booking_id, "new_time": "20 e 30"})])
    confirm(api, plan_id)
    done = settled(api, plan_id)
    assert done["status"] == "completed" and done["summary"].startswith("Prenotazione modificata")
    assert booking(api, booking_id)["time"] == "20:30"
    [guard] = spans(api, plan_id, "guard")
    assert guard.attributes["allowed"] is True and guard.attributes["step"] == 1
    goal = json.loads(llm.requests[0]["messages"][1]["content"])
    assert goal["steps"][0]["parameters"]["new_time"] == "20 e 30" and goal["steps"][0]["kind"] == "write"


def test_a_change_of_meaning_is_refused_the_model_is_told_why_and_the_plan_is_not_changed(react):
    start, llm = react
    api = start()
    booking_id = book(api)
    llm.reply_tool_call(*modify(booking_id, new_time="22:00")).reply_tool_call(*modify(booking_id, new_time="21:00"))
    plan_id = stored_plan(api, [("modify_booking", {"booking_id": booking_id, "new_time": "9:00 PM"})])
    confirm(api, plan_id)
    done = settled(api, plan_id)
    assert done["status"] == "completed"
    assert booking(api, booking_id)["time"] == "21:00"
    assert done["actions"][0]["parameters"]["new_time"] == "9:00 PM"  # the confirmed plan as confirmed
    [refusal] = tool_messages(llm.requests[1])
    assert refusal.startswith("Refused by the guard") and "'22:00' changes the confirmed '9:00 PM'" in refusal
    assert [s.attributes["allowed"] for s in spans(api, plan_id, "guard")] == [False, True]
    assert len(spans(api, plan_id, "tool_call:modify_booking")) == 1  # the refused call never went out


def test_a_call_the_api_refuses_for_its_format_is_corrected_and_sent_again_under_its_own_key(react):
    start, llm = react
    api = start()
    booking_id = book(api)
    llm.reply_tool_call(*modify(booking_id, new_time="9:00 PM")).reply_tool_call(*modify(booking_id, new_time="21:00"))
    plan_id = stored_plan(api, [("modify_booking", {"booking_id": booking_id, "new_time": "9:00 PM"})])
    confirm(api, plan_id)
    assert settled(api, plan_id)["status"] == "completed"
    assert booking(api, booking_id)["time"] == "21:00"
    [refused] = tool_messages(llm.requests[1])
    assert '"error_type": "bad_request"' in refused and "2 attempts left" in refused
    calls = spans(api, plan_id, "tool_call:modify_booking")
    assert [(c.attributes["attempt"], c.attributes["success"]) for c in calls] == [(1, False), (2, True)]
    assert [c.attributes["idempotency_key"] for c in calls] == [f"{plan_id}:1", f"{plan_id}:1:2"]


def test_a_retry_bound_ends_the_plan_when_the_api_keeps_refusing(react):
    start, llm = react
    api = start(executor_max_retries=1)
    booking_id = book(api)
    llm.reply_tool_call(*modify(booking_id, new_time="9:00 PM")).reply_tool_call(*modify(booking_id, new_time="9 PM"))
    plan_id = stored_plan(api, [("modify_booking", {"booking_id": booking_id, "new_time": "9:00 PM"})])
    confirm(api, plan_id)
    failed = settled(api, plan_id)
    assert failed["status"] == "failed" and failed["actions"][0]["result"]["error_type"] == "bad_request"
    assert booking(api, booking_id)["time"] == "20:00"


def test_a_placeholder_is_resolved_from_the_lookup_the_model_runs(react):
    start, llm = react
    api = start()
    booking_id = book(api)
    llm.reply_tool_call("search_bookings", {"restaurant_id": "roma", "search_text": "Rossi"})
    llm.reply_tool_call(*modify(booking_id, new_people=6))
    plan_id = stored_plan(
        api,
        [
            ("search_bookings", {"search_text": "Rossi"}),
            ("modify_booking", {"booking_id": "{{step_1.booking_id}}", "new_people": 6}),
        ],
    )
    confirm(api, plan_id)
    done = settled(api, plan_id)
    assert done["status"] == "completed"
    assert [s["executed"] for s in done["actions"]] == [True, True]
    assert done["actions"][0]["result"]["response_data"]["results"][0]["booking_id"] == booking_id
    assert booking(api, booking_id)["people"] == 6


def test_two_matches_pause_the_plan_with_a_blocking_prompt_and_the_answer_resumes_it(react):
    start, llm = react
    api = start()
    mario = book(api)
    luca = book(api, name="Luca Rossi", phone="+393330000000", day="2026-02-21")
    question = "Quale prenotazione Rossi: Mario (venerdì) o Luca (sabato)?"
    llm.reply_tool_call("search_bookings", {"restaurant_id": "roma", "search_text": "Rossi"})
    llm.reply_tool_call(*modify(mario, new_time="21:00"))  # a guess: refused, two bookings match
    llm.reply_tool_call("ask_operator", {"step": 2, "parameter": "booking_id", "question": question})
    llm.reply_tool_call(*modify(luca, new_time="21:00"))  # after the answer, in a new delivery
    plan_id = stored_plan(
        api,
        [
            ("search_bookings", {"search_text": "Rossi"}),
            ("modify_booking", {"booking_id": "{{step_1.booking_id}}", "new_time": "21:00"}),
        ],
    )
    confirm(api, plan_id)
    paused = settled(api, plan_id, waiting_for_answer=True)
    assert paused["status"] == "executing" and paused["blocking_prompt"].startswith(question)
    assert "Luca Rossi" in paused["blocking_prompt"] and "Mario Rossi" in paused["blocking_prompt"]
    assert "ask the operator which one" in tool_messages(llm.requests[2])[-1]
    answered = api.call("plan_answer", {"plan_id": plan_id, "user_id": "u1", "user_message": "Luca"}, headers=TOKEN)
    assert answered.status_code == 200 and answered.json()["blocking_prompt"] is None
    done = settled(api, plan_id)
    assert done["status"] == "completed"
    assert booking(api, luca)["time"] == "21:00" and booking(api, mario)["time"] == "20:00"
    resumed_goal = json.loads(llm.requests[3]["messages"][1]["content"])  # the answer put Luca's id in the step
    assert resumed_goal["steps"][1]["parameters"]["booking_id"] == luca
    assert resumed_goal["steps"][1]["answered_by_the_operator"] is True


def test_a_question_about_a_value_the_operator_confirmed_is_refused(react):
    start, llm = react
    api = start()
    booking_id = book(api)
    llm.reply_tool_call("ask_operator", {"step": 1, "parameter": "new_time", "question": "Sure about 21:00?"})
    llm.reply_tool_call(*modify(booking_id, new_time="21:00"))
    plan_id = stored_plan(api, [("modify_booking", {"booking_id": booking_id, "new_time": "21:00"})])
    confirm(api, plan_id)
    done = settled(api, plan_id)
    assert done["status"] == "completed" and done["blocking_prompt"] is None
    assert "as confirmed: nothing to ask" in tool_messages(llm.requests[1])[0]


def test_when_the_turns_run_out_the_plan_fails_and_what_was_done_is_rolled_back(react):
    start, llm = react
    api = start(executor_max_turns=3)
    first = book(api)
    second = book(api, name="Luca Rossi", phone="+393330000000", day="2026-02-21")
    llm.reply_tool_call(*modify(first, new_time="21:00")).reply_text("Thinking.").reply_text("Still thinking.")
    plan_id = stored_plan(
        api,
        [
            ("modify_booking", {"booking_id": first, "new_time": "21:00"}),
            ("modify_booking", {"booking_id": second, "new_people": 3}),
        ],
    )
    confirm(api, plan_id)
    plan = rolled(api, plan_id)
    assert plan["status"] == "rolled_back"
    assert "dopo 3 passi" in plan["failure_reason"]
    assert plan["rollback_report"]["actions_reversed"] == [1]
    assert plan["rollback_report"]["triggered_by_step"] == 2
    assert booking(api, first)["time"] == "20:00" and booking(api, second)["people"] == 4
    assert llm.remaining == 0 and len(llm.requests) == 3


def test_a_model_that_stops_the_plan_fails_it_with_its_reason(react):
    start, llm = react
    api = start()
    booking_id = book(api)
    llm.reply_tool_call("stop_plan", {"reason": "la prenotazione non è più attiva"})
    plan_id = stored_plan(api, [("modify_booking", {"booking_id": booking_id, "new_time": "21:00"})])
    confirm(api, plan_id)
    plan = settled(api, plan_id)
    assert plan["status"] == "failed" and plan["failure_reason"].endswith("la prenotazione non è più attiva")
    assert plan["rollback_report"] is None  # nothing was written, so nothing to roll back
    assert booking(api, booking_id)["time"] == "20:00"


def test_a_model_that_cannot_be_reached_leaves_the_plan_to_the_steps_executor(react):
    start, llm = react
    api = start()
    booking_id = book(api)
    llm.reply_error(503, "overloaded")
    plan_id = stored_plan(api, [("modify_booking", {"booking_id": booking_id, "new_time": "21:00"})])
    confirm(api, plan_id)
    assert settled(api, plan_id)["status"] == "completed"
    assert booking(api, booking_id)["time"] == "21:00"
    [execution] = spans(api, plan_id, "execution")
    assert execution.attributes["fallback"] == "deterministic" and execution.attributes["model_calls"] == 0


def test_a_value_the_planner_left_to_the_operator_is_asked_before_the_model_writes(react):
    start, llm = react
    api = start()
    booking_id = book(api)
    llm.reply_tool_call(*modify(booking_id, phone="+393471112222"))
    question = "What is the new phone number?"
    plan_id = stored_plan(api, [("modify_booking", {"booking_id": booking_id, "phone": {"ask": question}})])
    confirm(api, plan_id)
    paused = settled(api, plan_id, waiting_for_answer=True)
    assert (paused["status"], paused["blocking_prompt"]) == ("executing", question)
    assert llm.requests == []  # nothing to reason about before the operator answers
    answer = {"plan_id": plan_id, "user_id": "u1", "user_message": "+39 347 111 2222"}
    assert api.call("plan_answer", answer, headers=TOKEN).status_code == 200
    assert settled(api, plan_id)["status"] == "completed"
    assert booking(api, booking_id)["phone"] == "+393471112222"
    [guard] = spans(api, plan_id, "guard")  # "+393471112222" carries out the answered "+39 347 111 2222"
    assert guard.attributes["allowed"] is True


def test_a_confirmed_time_taken_meanwhile_offers_the_nearest_free_ones_and_the_model_writes_the_chosen(react):
    start, llm = react
    api = start()
    booking_id = book(api)
    for n in range(3):  # the venue takes three bookings at once: Saturday 21:00 fills up
        book(api, name=f"Ospite {n}", phone=f"+39333000111{n}", day="2026-02-21", time="21:00", people=2)
    llm.reply_tool_call(*modify(booking_id, new_day="2026-02-21", new_time="21:00"))
    plan_id = stored_plan(
        api, [("modify_booking", {"booking_id": booking_id, "new_day": "2026-02-21", "new_time": "21:00"})]
    )
    confirm(api, plan_id)
    waiting = settled(api, plan_id, waiting_for_answer=True)
    first = re.search(r"1\) (\d\d:\d\d)", waiting["blocking_prompt"])
    assert waiting["status"] == "executing" and first, waiting["blocking_prompt"]
    llm.reply_tool_call(*modify(booking_id, new_day="2026-02-21", new_time=first.group(1)))
    answer = {"plan_id": plan_id, "user_id": "u1", "user_message": "1"}
    assert api.call("plan_answer", answer, headers=TOKEN).status_code == 200
    assert settled(api, plan_id)["status"] == "completed"
    assert booking(api, booking_id)["time"] == first.group(1)
    keys = [s.attributes["idempotency_key"] for s in spans(api, plan_id, "tool_call:modify_booking")]
    assert keys == [f"{plan_id}:1", f"{plan_id}:1:a1"]  # the answer gave the step new values: a key of its own
