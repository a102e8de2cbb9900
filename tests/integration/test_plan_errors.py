"""How a failing action call is classified and reported, and the one-paused-plan-per-session rule."""

from __future__ import annotations

import threading
import time

import pytest
from flask import Flask, Response, jsonify
from werkzeug.serving import make_server

from concierge.domain.plans import ExecutionPlan, PlannedAction
from tests.integration.test_plans import TOKEN, book, booking, confirm, rolled, settled, stored_plan

SPEC = """
openapi: 3.0.3
info: {title: Flaky venue API, version: "1"}
paths:
  /busy:
    post:
      operationId: busy
      responses: {"200": {description: ok}}
  /slow:
    post:
      operationId: slow
      responses: {"200": {description: ok}}
  /bookings/{booking_id}/slow-move:
    post:
      operationId: slow_move
      parameters:
        - {name: booking_id, in: path, required: true, schema: {type: string}}
      responses: {"200": {description: ok}}
  /slow-lookup:
    post:
      operationId: slow_lookup
      responses: {"200": {description: ok}}
"""

OVERLAY = """
actions:
  - {operation_id: busy, iq_enabled: true, safety_tier: normal, reversible: false}
  - {operation_id: slow, iq_enabled: true, safety_tier: normal, reversible: false}
  - {operation_id: slow_move, iq_enabled: true, safety_tier: normal, reversible: false}
  - {operation_id: slow_lookup, iq_enabled: true, read_only: true, safety_tier: normal, reversible: false}
"""


@pytest.fixture
def flaky_api(tmp_path):
    """A venue API that rate-limits one call and is too slow on another."""
    app = Flask("flaky")

    @app.post("/busy")
    def busy():
        return Response(
            '{"message": "Too many requests"}', status=429, headers={"Retry-After": "7"}, mimetype="application/json"
        )

    @app.post("/slow")
    def slow():
        time.sleep(1.5)
        return jsonify({"ok": True})

    @app.post("/bookings/<booking_id>/slow-move")
    def slow_move(booking_id):
        time.sleep(1.5)
        return jsonify({"booking_id": booking_id, "moved": True})  # applied, but after the caller gave up

    @app.post("/slow-lookup")
    def slow_lookup():
        time.sleep(1.5)
        return jsonify({"found": []})

    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    (tmp_path / "flaky.yaml").write_text(SPEC)
    (tmp_path / "flaky-overlay.yaml").write_text(OVERLAY)
    yield (str(tmp_path / "flaky.yaml"), str(tmp_path / "flaky-overlay.yaml"), f"http://127.0.0.1:{server.server_port}")
    server.shutdown()


def failure_of(api, steps) -> dict:
    plan_id = stored_plan(api, steps)
    confirm(api, plan_id)
    plan = settled(api, plan_id)
    assert plan["status"] == "failed"
    return plan


def test_a_rate_limited_step_reports_the_retry_delay(serve, flaky_api):
    plan = failure_of(serve(actions=flaky_api), [("busy", {})])
    assert plan["actions"][0]["result"]["error_type"] == "rate_limited"
    assert plan["actions"][0]["result"]["retry_after_seconds"] == 7
    assert "riprova tra 7 secondi" in plan["failure_reason"]


def test_a_step_that_times_out_reports_a_connectivity_issue(serve, flaky_api):
    plan = failure_of(serve(actions=flaky_api, action_timeout=0.5), [("slow", {})])
    assert plan["actions"][0]["result"]["error_type"] == "timeout"
    assert "problema di connessione" in plan["failure_reason"]


def test_a_write_that_timed_out_is_reported_as_possibly_applied_with_the_booking_to_check(serve, flaky_api):
    api = serve(actions=flaky_api, action_timeout=0.5)
    plan = failure_of(api, [("slow_move", {"booking_id": "B-4242"})])
    assert plan["actions"][0]["result"]["error_type"] == "timeout"
    assert "potrebbe essere stato applicato: controlla la prenotazione B-4242" in plan["failure_reason"]
    plan = rolled(api, plan["plan_id"])
    report = plan["rollback_report"]
    assert plan["status"] == "failed"  # not rolled_back: the write may stand
    assert (report["actions_possibly_applied"], report["actions_reversed"]) == ([1], [])
    assert report["irreversible_actions_completed"] == []
    assert len(report["manual_recovery_steps"]) == 1
    assert report["manual_recovery_steps"][0].startswith(
        "Il passo 1 potrebbe essere stato applicato: controlla la prenotazione B-4242."
    )


def test_a_lookup_that_timed_out_is_not_flagged_and_needs_no_rollback(serve, flaky_api):
    api = serve(actions=flaky_api, action_timeout=0.5)
    plan = failure_of(api, [("slow_lookup", {})])
    assert "problema di connessione" in plan["failure_reason"]
    assert "potrebbe essere stato applicato" not in plan["failure_reason"]
    time.sleep(0.3)  # a rollback, if one had been queued, would have reported by now
    assert api.store.get_plan(plan["plan_id"]).rollback_report is None


def test_a_service_credential_the_action_api_refuses_fails_the_step_as_unauthorised(serve):
    api = serve(api_key="the-real-key", actions_token="expired-token")
    booking_id = api.call(
        "create_booking",
        {
            "restaurant_id": "roma",
            "day": "2026-02-20",
            "time": "20:00",
            "people": 2,
            "name": "Ana",
            "phone": "+393331234567",
        },
        headers={"Authorization": "Bearer the-real-key"},
    ).json()["booking_id"]
    plan_id = stored_plan(api, [("modify_booking", {"booking_id": booking_id, "new_time": "21:00"})])
    confirmed = api.call("plan_confirm", {"plan_id": plan_id}, headers=TOKEN)
    assert confirmed.status_code == 200, confirmed.text
    plan = settled(api, plan_id)
    assert plan["status"] == "failed"
    assert plan["actions"][0]["result"]["error_type"] == "unauthorized"
    assert "accedi di nuovo" in plan["failure_reason"]


def test_without_an_action_credential_of_its_own_the_executor_calls_with_the_service_key(serve):
    api = serve(api_key="the-real-key")
    booking_id = api.call(
        "create_booking",
        {
            "restaurant_id": "roma",
            "day": "2026-02-20",
            "time": "20:00",
            "people": 2,
            "name": "Ana",
            "phone": "+393331234567",
        },
        headers={"Authorization": "Bearer the-real-key"},
    ).json()["booking_id"]
    plan_id = stored_plan(api, [("modify_booking", {"booking_id": booking_id, "new_time": "21:00"})])
    assert confirm(api, plan_id).status_code == 200
    assert settled(api, plan_id)["status"] == "completed"


def test_a_conflict_on_the_planned_time_asks_which_of_the_nearby_free_times(api):
    for phone in ("+393330000001", "+393330000002", "+393330000003"):
        book(api, phone=phone, time="20:00", name="Ospite")
    mover = book(api, time="22:00")
    plan_id = stored_plan(api, [("modify_booking", {"booking_id": mover, "new_time": "20:00"})])
    confirm(api, plan_id)
    plan = settled(api, plan_id, waiting_for_answer=True)
    assert plan["status"] == "executing"
    assert plan["blocking_prompt"].startswith("20:00 non è più disponibile")
    assert "1) 21:30; 2) 22:00" in plan["blocking_prompt"]
    assert booking(api, mover)["time"] == "22:00"


def test_when_two_plans_of_a_session_wait_for_an_answer_the_answer_is_refused_as_ambiguous(api):
    ids = []
    for _ in range(2):
        plan = ExecutionPlan(
            session_id="shared-session",
            user_id="u1",
            venue_id="roma",
            intent_summary="paused",
            status="executing",
            blocking_prompt="Which phone number?",
            actions=[
                PlannedAction(
                    step_number=1,
                    action_id="modify_booking",
                    safety_tier="normal",
                    parameters={"booking_id": "b", "phone": {"ask": "Which phone number?"}},
                )
            ],
        )
        api.store.create_plan(plan)
        ids.append(plan.plan_id)
    response = api.call(
        "plan_answer", {"plan_id": ids[0], "user_id": "u1", "user_message": "+393331112222"}, headers=TOKEN
    )
    assert (response.status_code, response.json()["error_type"]) == (409, "invalid_input")
    assert "Più piani" in response.json()["message"]
    assert api.store.get_plan(ids[0]).blocking_prompt == "Which phone number?"
