"""The plan lifecycle end to end over HTTP, on the embedded defaults (in-process queue), on both stores."""

from __future__ import annotations

import datetime as dt
import socket
import threading
import time

import pytest

from concierge.domain.plans import ExecutionPlan, PlannedAction
from tests.integration.conftest import OPERATOR_KEYS

TOKEN = {"Authorization": f"Bearer {OPERATOR_KEYS['u1']}"}  # operator u1's key
FRIDAY = "2026-02-20"


def book(api, name="Mario Rossi", phone="+393331234567", day=FRIDAY, time="20:00", people=4) -> str:
    return api.ok(
        "create_booking",
        {"restaurant_id": "roma", "day": day, "time": time, "people": people, "name": name, "phone": phone},
    )["booking_id"]


def booking(api, booking_id: str) -> dict:
    return api.call("get_booking", {"restaurant_id": "roma", "booking_id": booking_id}).json()


def request(api, message: str, session="s1", user="u1"):
    return api.call(
        "plan_request", {"session_id": session, "user_id": user, "venue_id": "roma", "message": message}, headers=TOKEN
    )


def plan_of(api, message: str, **kwargs) -> dict:
    response = request(api, message, **kwargs)
    assert response.status_code == 200, response.text
    assert response.json()["type"] == "plan", response.json()
    return response.json()["plan"]


def confirm(api, plan_id: str, user="u1"):
    return api.call("plan_confirm", {"plan_id": plan_id, "user_id": user}, headers=TOKEN)


def settled(api, plan_id: str, user="u1", waiting_for_answer=False) -> dict:
    """Poll plan_status until the plan is terminal (or paused for an answer)."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        plan = api.call("plan_status", {"plan_id": plan_id, "user_id": user}, headers=TOKEN).json()
        if plan["status"] in ("completed", "failed", "rolled_back") and not (
            plan["status"] == "failed" and plan["rollback_report"] is None and plan.get("_wait_rollback")
        ):
            return plan
        if waiting_for_answer and plan.get("blocking_prompt"):
            return plan
        time.sleep(0.05)
    raise AssertionError(f"plan {plan_id} did not settle: {plan}")


def rolled(api, plan_id: str) -> dict:
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        plan = settled(api, plan_id)
        if plan["rollback_report"] is not None or plan["status"] == "rolled_back":
            return plan
        time.sleep(0.05)
    raise AssertionError("no rollback report")


# --- the three intents, from request to completed ----------------------------------------------------


def test_a_reschedule_is_planned_confirmed_and_executed(api):
    booking_id = book(api)
    plan = plan_of(api, "Please move Mario Rossi's booking to Saturday at 9pm")
    assert plan["status"] == "pending_confirmation" and len(plan["actions"]) == 1
    step = plan["actions"][0]
    assert (step["action_id"], step["parameters"]["booking_id"]) == ("modify_booking", booking_id)
    assert (step["parameters"]["new_day"], step["parameters"]["new_time"]) == ("2026-02-21", "21:00")
    assert plan["presentation"].startswith("Piano: ")
    assert confirm(api, plan["plan_id"]).json()["status"] == "confirmed"
    done = settled(api, plan["plan_id"])
    assert done["status"] == "completed" and done["completed_at"] and done["confirmed_at"]
    assert done["summary"] == "Prenotazione modificata: sabato 21 febbraio alle 21."
    assert (booking(api, booking_id)["day"], booking(api, booking_id)["time"]) == ("2026-02-21", "21:00")


def test_a_guest_count_change_in_italian_is_planned_and_executed(api):
    booking_id = book(api)
    plan = plan_of(api, "Porta la prenotazione di Rossi a 6 persone")
    assert plan["actions"][0]["parameters"]["new_people"] == 6
    confirm(api, plan["plan_id"])
    assert settled(api, plan["plan_id"])["status"] == "completed"
    assert booking(api, booking_id)["people"] == 6


def test_a_contact_detail_update_is_planned_and_executed(api):
    booking_id = book(api)
    plan = plan_of(api, "Change the phone number of Rossi's booking to +39 347 765 4321")
    assert plan["actions"][0]["parameters"]["phone"] == "+393477654321"
    confirm(api, plan["plan_id"])
    assert settled(api, plan["plan_id"])["status"] == "completed"
    assert booking(api, booking_id)["phone"] == "+393477654321"


# --- clarifications ---------------------------------------------------------------------------------


def test_an_ambiguous_booking_gets_one_question_and_the_answer_completes_the_plan(api):
    book(api)
    luca = book(api, name="Luca Rossi", phone="+393330000000", day="2026-02-21")
    first = request(api, "Move Rossi's booking to Saturday at 8pm").json()
    assert first["type"] == "clarification"
    assert "Mario Rossi" in first["question"] and "Luca Rossi" in first["question"]
    plan = plan_of(api, "Luca")
    assert plan["actions"][0]["parameters"]["booking_id"] == luca


def test_a_name_matched_exactly_wins_over_similar_names_and_a_misspelling_of_two_asks_which_one(api):
    exact = book(api, name="Anna Rarenumi")
    book(api, name="Anna Rarenuma", phone="+393330000000", day="2026-02-21")
    assert plan_of(api, "Move Rarenumi's booking to Saturday at 9pm")["actions"][0]["parameters"]["booking_id"] == exact
    misspelt = request(api, "Move Rarenumy's booking to Saturday at 9pm", session="s2").json()
    assert misspelt["type"] == "clarification"
    assert "Anna Rarenumi" in misspelt["question"] and "Anna Rarenuma" in misspelt["question"]


def test_a_guest_change_without_a_number_asks_how_many(api):
    book(api)
    answer = request(api, "Change the number of guests for Rossi's booking").json()
    assert answer == {"type": "clarification", "question": "How many guests should the booking be for?"}


def test_a_request_naming_no_booking_asks_which_one_and_a_name_without_match_says_so(api):
    assert request(api, "Move the booking to Saturday at 9pm").json()["question"].startswith("Which booking")
    no_match = request(api, "Move Verdi's booking to Saturday at 9pm", session="s2").json()
    assert no_match["question"].startswith('I found no booking matching "Verdi"')


def test_after_the_bounded_clarifications_it_suggests_rephrasing(api):
    for _ in range(3):
        assert request(api, "Change something").json()["type"] == "clarification"
    last = request(api, "Change something").json()
    assert last["type"] == "clarification" and "rephras" in last["question"].lower()


# --- ownership, auth, state -------------------------------------------------------------------------


def test_another_operators_plan_is_forbidden_and_an_unknown_plan_is_not_found(api):
    book(api)
    plan = plan_of(api, "Move Rossi's booking to Saturday at 9pm")
    other = {"Authorization": f"Bearer {OPERATOR_KEYS['u2']}"}
    assert api.call("plan_confirm", {"plan_id": plan["plan_id"]}, headers=other).status_code == 403
    assert api.call("plan_status", {"plan_id": plan["plan_id"]}, headers=other).status_code == 403
    missing = api.call(
        "plan_status", {"plan_id": "00000000-0000-0000-0000-000000000000", "user_id": "u1"}, headers=TOKEN
    )
    assert missing.status_code == 404 and missing.json()["error_type"] == "invalid_input"


def test_without_a_credential_the_plan_functions_answer_auth_required(api):
    response = api.call("plan_request", {"session_id": "s", "venue_id": "roma", "message": "x"})
    assert (response.status_code, response.json()["error_type"]) == (401, "auth_required")


def test_confirming_twice_is_harmless_and_confirming_a_finished_plan_is_a_conflict(api):
    book(api)
    plan = plan_of(api, "Move Rossi's booking to Saturday at 9pm")
    assert confirm(api, plan["plan_id"]).status_code == 200
    settled(api, plan["plan_id"])
    again = confirm(api, plan["plan_id"])
    assert again.status_code == 409


def test_bad_input_is_invalid_input(api):
    response = api.call("plan_request", {"session_id": "s"}, headers=TOKEN)
    assert (response.status_code, response.json()["error_type"]) == (400, "invalid_input")


# --- executing stored plans: failures, rollback, pauses, deliveries -----------------------------------


def stored_plan(api, steps: list[tuple[str, dict]], status="pending_confirmation", **changes) -> str:
    actions = [
        PlannedAction(
            step_number=i,
            action_id=a,
            parameters={"restaurant_id": "roma", **p},
            safety_tier="high_risk" if a == "cancel_booking" else "normal",
        )
        for i, (a, p) in enumerate(steps, start=1)
    ]
    plan = ExecutionPlan(
        session_id="s-stored",
        user_id="u1",
        venue_id="roma",
        intent_summary="test plan",
        actions=actions,
        status=status,
        **changes,
    )
    api.store.create_plan(plan)
    return plan.plan_id


NEW = {"day": "2026-02-21", "time": "20:00", "people": 2, "name": "Nuovo Ospite", "phone": "+393335550000"}


@pytest.mark.parametrize("failing", [1, 2, 3])
def test_a_failure_at_any_step_rolls_back_the_completed_steps_in_reverse_order(api, failing):
    booking_id = book(api)
    steps = [
        ("modify_booking", {"booking_id": booking_id, "new_time": "21:00"}),
        ("create_booking", NEW),
        ("modify_booking", {"booking_id": booking_id, "new_people": 5}),
    ]
    steps[failing - 1] = ("modify_booking", {"booking_id": "does-not-exist", "new_people": 2})
    plan_id = stored_plan(api, steps)
    confirm(api, plan_id)
    plan = settled(api, plan_id)
    if failing == 1:
        assert (plan["status"], plan["rollback_report"]) == ("failed", None)
    else:
        plan = rolled(api, plan_id)
        report = plan["rollback_report"]
        assert plan["status"] == "rolled_back"
        assert report["triggered_by_step"] == failing
        assert report["actions_reversed"] == list(range(failing - 1, 0, -1))
    assert "non esiste più" in plan["failure_reason"]
    assert (booking(api, booking_id)["time"], booking(api, booking_id)["people"]) == ("20:00", 4)
    assert api.ok("list_bookings", {"restaurant_id": "roma", "phone": NEW["phone"]})["count"] == 0


def test_lookups_are_neither_reversed_nor_reported_and_undoing_every_write_ends_rolled_back(api):
    booking_id = book(api)
    plan_id = stored_plan(
        api,
        [
            ("get_booking", {"booking_id": booking_id}),
            ("modify_booking", {"booking_id": booking_id, "new_time": "21:00"}),
            ("search_bookings", {"search_text": "Rossi"}),
            ("modify_booking", {"booking_id": "does-not-exist", "new_people": 2}),
        ],
    )
    confirm(api, plan_id)
    plan = rolled(api, plan_id)
    report = plan["rollback_report"]
    assert plan["status"] == "rolled_back"
    assert (report["triggered_by_step"], report["actions_reversed"]) == (4, [2])
    assert report["irreversible_actions_completed"] == report["actions_possibly_applied"] == []
    assert report["manual_recovery_steps"] == []
    assert booking(api, booking_id)["time"] == "20:00"


def test_a_failure_after_lookups_alone_fails_the_plan_without_a_rollback(api):
    booking_id = book(api)
    plan_id = stored_plan(
        api,
        [
            ("get_booking", {"booking_id": booking_id}),
            ("modify_booking", {"booking_id": "does-not-exist", "new_people": 2}),
        ],
    )
    confirm(api, plan_id)
    plan = settled(api, plan_id)
    assert plan["actions"][0]["executed"] is True
    time.sleep(0.3)  # a rollback, if one had been queued, would have reported by now
    stored = api.store.get_plan(plan_id)
    assert (stored.status, stored.rollback_report) == ("failed", None)
    assert api.ok("plans_cleanup", {})["resumed"] == 0  # and the cleanup does not queue one either


def test_a_failing_compensation_is_reported_with_manual_recovery_and_the_rest_still_reversed(api):
    booking_id = book(api)
    steps = [
        ("create_booking", NEW),
        ("cancel_booking", {"booking_id": "{{step_1.booking_id}}"}),
        ("modify_booking", {"booking_id": booking_id, "new_time": "21:00"}),
        ("modify_booking", {"booking_id": "does-not-exist", "new_people": 2}),
    ]
    plan_id = stored_plan(api, steps)
    confirm(api, plan_id)
    plan = rolled(api, plan_id)
    report = plan["rollback_report"]
    assert plan["status"] == "failed"
    assert report["actions_reversed"] == [3]
    assert report["irreversible_actions_completed"] == [2]
    assert [f["step_number"] for f in report["actions_failed_to_reverse"]] == [1]
    assert len(report["manual_recovery_steps"]) == 2
    assert booking(api, booking_id)["time"] == "20:00"


def test_a_missing_value_pauses_the_plan_and_the_answer_resumes_it(api):
    booking_id = book(api)
    plan_id = stored_plan(
        api, [("modify_booking", {"booking_id": booking_id, "phone": {"ask": "What is the new phone number?"}})]
    )
    confirm(api, plan_id)
    paused = settled(api, plan_id, waiting_for_answer=True)
    assert (paused["status"], paused["blocking_prompt"]) == ("executing", "What is the new phone number?")
    answered = api.call(
        "plan_answer", {"plan_id": plan_id, "user_id": "u1", "user_message": "+39 347 111 2222"}, headers=TOKEN
    )
    assert answered.status_code == 200 and answered.json()["blocking_prompt"] is None
    assert settled(api, plan_id)["status"] == "completed"
    assert booking(api, booking_id)["phone"] == "+393471112222"
    again = api.call("plan_answer", {"plan_id": plan_id, "user_id": "u1", "user_message": "x"}, headers=TOKEN)
    assert again.status_code == 409


def test_duplicate_and_concurrent_execute_deliveries_run_each_step_once(api):
    plan_id = stored_plan(
        api, [("create_booking", NEW)], status="confirmed", confirmed_at=dt.datetime.now(dt.timezone.utc)
    )
    start = threading.Barrier(5)
    answers = []

    def deliver():
        start.wait()
        answers.append(api.call("plan_execute", {"plan_id": plan_id}).status_code)

    threads = [threading.Thread(target=deliver) for _ in range(5)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert answers == [200] * 5
    assert settled(api, plan_id)["status"] == "completed"
    assert api.tracer.names(plan_id).count("tool_call:create_booking") == 1
    assert api.ok("list_bookings", {"restaurant_id": "roma", "phone": NEW["phone"]})["count"] == 1


def test_a_plan_whose_worker_died_between_steps_is_resumed_by_cleanup(api):
    booking_id = book(api)
    plan_id = stored_plan(
        api,
        [
            ("modify_booking", {"booking_id": booking_id, "new_time": "21:00"}),
            ("modify_booking", {"booking_id": booking_id, "new_people": 6}),
        ],
        status="confirmed",
    )
    api.store.update_plan(
        plan_id,
        lambda p: p.model_copy(
            update={"status": "executing", "lease_until": dt.datetime.now(dt.timezone.utc) - dt.timedelta(seconds=1)}
        ),
    )
    assert api.call("plans_cleanup", {}).json()["resumed"] == 1
    assert settled(api, plan_id)["status"] == "completed"
    assert (booking(api, booking_id)["time"], booking(api, booking_id)["people"]) == ("21:00", 6)


def test_cleanup_expires_plans_left_unconfirmed(api):
    old = stored_plan(
        api, [("create_booking", NEW)], created_at=dt.datetime.now(dt.timezone.utc) - dt.timedelta(hours=2)
    )
    fresh = stored_plan(api, [("create_booking", NEW)])
    assert api.call("plans_cleanup", {}).json()["expired"] == 1
    assert api.store.get_plan(old).status == "failed" and api.store.get_plan(fresh).status == "pending_confirmation"


def test_neither_the_operator_key_nor_the_pass_through_token_is_stored(api, tmp_path):
    book(api)
    # the operator's own token for the action API serves the lookups of this request, and nothing after it
    answer = api.call(
        "plan_request",
        {"session_id": "s1", "venue_id": "roma", "message": "Move Rossi's booking to Saturday at 9pm"},
        headers={**TOKEN, "X-Action-Token": "pass-through-9d2e"},
    ).json()
    plan = answer["plan"]
    api.call("plan_confirm", {"plan_id": plan["plan_id"]}, headers=TOKEN)
    assert settled(api, plan["plan_id"])["status"] == "completed"
    stored = api.store.get_plan(plan["plan_id"]).model_dump_json() + str(api.store.get_session("s1"))
    for secret in (OPERATOR_KEYS["u1"], "pass-through-9d2e"):
        assert secret not in stored
        for path in tmp_path.rglob("*"):
            if path.is_file():
                assert secret.encode() not in path.read_bytes(), path


def test_every_lifecycle_step_leaves_a_span_in_the_plans_trace(api):
    booking_id = book(api)
    plan_id = stored_plan(
        api,
        [
            ("modify_booking", {"booking_id": booking_id, "new_time": "21:00"}),
            ("modify_booking", {"booking_id": "does-not-exist", "new_people": 2}),
        ],
    )
    confirm(api, plan_id)
    rolled(api, plan_id)
    names = api.tracer.names(plan_id)
    for expected in (
        "user_confirmation",
        "execution",
        "tool_call:modify_booking",
        "rollback",
        "compensation:modify_booking",
    ):
        assert expected in names, names
    planned = plan_of(api, "Move Rossi's booking to Saturday at 9pm", session="s9")
    assert {"intent_understanding", "plan_generation"} <= set(api.tracer.names(planned["plan_id"]))


# --- through the Cloud Tasks emulator: real HTTP tasks back to the server -----------------------------


@pytest.fixture
def tasks_api(serve):
    return serve(queue="cloudtasks")


def test_through_cloud_tasks_a_confirmed_reschedule_completes(tasks_api):
    api = tasks_api
    booking_id = book(api)
    plan = plan_of(api, "Move Mario Rossi's booking to Saturday at 9pm", session="ct-1")
    assert confirm(api, plan["plan_id"]).json()["status"] == "confirmed"
    assert settled(api, plan["plan_id"])["status"] == "completed"
    assert booking(api, booking_id)["time"] == "21:00"


def test_through_cloud_tasks_a_failed_step_is_rolled_back_by_the_rollback_task(tasks_api):
    api = tasks_api
    booking_id = book(api)
    plan_id = stored_plan(
        api,
        [
            ("modify_booking", {"booking_id": booking_id, "new_time": "21:00"}),
            ("modify_booking", {"booking_id": "does-not-exist", "new_people": 2}),
        ],
    )
    confirm(api, plan_id)
    plan = rolled(api, plan_id)
    assert (plan["status"], plan["rollback_report"]["actions_reversed"]) == ("rolled_back", [1])
    assert booking(api, booking_id)["time"] == "20:00"


def test_when_the_queue_refuses_confirm_answers_503_and_the_plan_stays_pending(serve):
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        unreachable = f"127.0.0.1:{closed.getsockname()[1]}"
    api = serve(queue="cloudtasks", tasks_host=unreachable)
    book(api)
    plan = plan_of(api, "Move Mario Rossi's booking to Saturday at 9pm")
    refused = confirm(api, plan["plan_id"])
    assert (refused.status_code, refused.json()["error_type"]) == (503, "service_unavailable")
    status = api.call("plan_status", {"plan_id": plan["plan_id"], "user_id": "u1"}, headers=TOKEN).json()
    assert (status["status"], status["confirmed_at"]) == ("pending_confirmation", None)
