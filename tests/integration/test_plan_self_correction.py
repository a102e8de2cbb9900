"""The steps executor with an LLM: a step refused for its format is corrected once, through the step guard;
a correction that changes meaning fails the plan."""

from __future__ import annotations

import logging

import pytest

from tests.integration.test_plans import TOKEN, book, booking, confirm, settled, stored_plan
from tests.support.scripted_llm import ScriptedLLM


@pytest.fixture
def llm_api(serve):
    with ScriptedLLM() as llm:
        yield serve(llm=llm.base_url, executor="steps"), llm


def test_a_format_fix_is_applied_and_the_step_completes(llm_api):
    api, llm = llm_api
    booking_id = book(api)
    llm.reply_tool_call(
        "corrected_parameters", {"restaurant_id": "roma", "booking_id": booking_id, "new_time": "21:00"}
    )
    plan_id = stored_plan(api, [("modify_booking", {"booking_id": booking_id, "new_time": "9:00 PM"})])
    confirm(api, plan_id)
    assert settled(api, plan_id)["status"] == "completed"
    assert booking(api, booking_id)["time"] == "21:00"


def test_a_spoken_time_corrected_to_its_clock_form_is_a_format_fix(llm_api):
    api, llm = llm_api
    booking_id = book(api)
    llm.reply_tool_call(
        "corrected_parameters", {"restaurant_id": "roma", "booking_id": booking_id, "new_time": "20:30"}
    )
    plan_id = stored_plan(api, [("modify_booking", {"booking_id": booking_id, "new_time": "20 e 30"})])
    confirm(api, plan_id)
    assert settled(api, plan_id)["status"] == "completed"
    assert booking(api, booking_id)["time"] == "20:30"
    guard = [s for s in api.tracer.spans if s.trace_id == plan_id and s.name == "guard"]
    assert [s.attributes["allowed"] for s in guard] == [True]


def test_a_fix_that_changes_the_confirmed_value_fails_the_plan(llm_api):
    api, llm = llm_api
    booking_id = book(api)
    llm.reply_tool_call(
        "corrected_parameters", {"restaurant_id": "roma", "booking_id": booking_id, "new_time": "22:00"}
    )
    plan_id = stored_plan(api, [("modify_booking", {"booking_id": booking_id, "new_time": "9:00 PM"})])
    confirm(api, plan_id)
    plan = settled(api, plan_id)
    assert plan["status"] == "failed" and "cambiato il piano confermato" in plan["failure_reason"]
    assert booking(api, booking_id)["time"] == "20:00"


def test_no_log_line_carries_the_user_token(serve, caplog):
    api = serve()
    caplog.set_level(logging.DEBUG)
    booking_id = book(api)
    plan_id = stored_plan(
        api,
        [
            ("modify_booking", {"booking_id": booking_id, "new_time": "21:00"}),
            ("modify_booking", {"booking_id": "missing", "new_people": 2}),
        ],
    )
    confirm(api, plan_id)
    settled(api, plan_id)
    api.call("plan_status", {"plan_id": plan_id, "user_id": "u1"}, headers=TOKEN)
    assert caplog.records
    assert not [r for r in caplog.records if "user-token-7f3a9" in r.getMessage()]
