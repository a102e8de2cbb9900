"""ParameterFixer against a scripted model over real HTTP: format corrections after a 400, or nothing."""

from __future__ import annotations

import json

import pytest

from concierge.adapters.llm.openai_compatible import ChatClient
from concierge.domain.plans import ActionParameter, AtomicAction
from concierge.plans.parameter_fixer import ParameterFixer

MODIFY = AtomicAction(
    action_id="modify_booking",
    name="Modify booking",
    description="Change a booking.",
    parameters=[
        ActionParameter(name="booking_id", type="string", required=True, description="booking id"),
        ActionParameter(name="new_time", type="time", required=False, description="new time"),
        ActionParameter(name="new_day", type="date", required=False, description="new day"),
    ],
    safety_tier="normal",
    reversible=True,
    path="/modify_booking",
    response_fields=["booking_id", "time"],
)
SENT = {"booking_id": "B-7", "new_time": "9pm", "new_day": "21/02/2026"}
ERROR = "new_time: expected HH:MM"


@pytest.fixture
def fixer(llm):
    with ChatClient(llm.base_url, "test-key", "test-model", timeout=5) as client:
        yield ParameterFixer(client)


def test_the_fixer_returns_the_corrected_parameters_the_model_proposes(llm, fixer):
    corrected = {"booking_id": "B-7", "new_time": "21:00", "new_day": "2026-02-21"}
    llm.reply_tool_call("corrected_parameters", corrected)
    assert fixer.fix(MODIFY, SENT, ERROR) == corrected


def test_the_model_is_offered_one_tool_shaped_like_the_action_and_told_the_error(llm, fixer):
    llm.reply_tool_call("corrected_parameters", SENT)
    fixer.fix(MODIFY, SENT, ERROR)
    [body] = llm.requests
    [tool] = body["tools"]
    assert tool["function"]["name"] == "corrected_parameters"
    assert tool["function"]["parameters"]["required"] == ["booking_id"]
    assert set(tool["function"]["parameters"]["properties"]) == {"booking_id", "new_time", "new_day"}
    assert "only the FORMAT" in body["messages"][0]["content"]
    assert json.loads(body["messages"][1]["content"]) == {
        "action": "modify_booking",
        "description": "Change a booking.",
        "parameters": SENT,
        "error": ERROR,
    }


@pytest.mark.parametrize(
    "script",
    [
        lambda llm: llm.reply_raw_tool_call("corrected_parameters", "new_time=21:00"),
        lambda llm: llm.reply_text("Try 21:00."),
        lambda llm: llm.reply_tool_call("something_else", {"new_time": "21:00"}),
        lambda llm: llm.reply_error(500),
    ],
    ids=["garbage arguments", "no tool call", "another tool", "model unavailable"],
)
def test_the_fixer_returns_none_when_the_model_proposes_nothing_usable(llm, fixer, script):
    script(llm)
    assert fixer.fix(MODIFY, SENT, ERROR) is None
