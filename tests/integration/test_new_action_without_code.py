"""A new action needs only an OpenAPI operation and an overlay entry: planned by the LLM planner and executed."""

from __future__ import annotations

import json
import threading
import time

import pytest
from flask import Flask, jsonify, request
from werkzeug.serving import make_server

from tests.integration.conftest import OPERATOR_KEYS
from tests.support.scripted_llm import ScriptedLLM

SPEC = """
openapi: 3.0.3
info: {title: Venue extras, version: "1"}
paths:
  /bookings/{booking_id}/tags:
    post:
      operationId: tagBooking
      summary: Tag a booking
      parameters:
        - {name: booking_id, in: path, required: true, schema: {type: string}}
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [tag]
              properties:
                tag: {type: string, description: A short label such as VIP or birthday}
      responses:
        "200":
          description: Tagged
          content:
            application/json:
              schema:
                type: object
                properties:
                  tag_id: {type: string}
                  tag: {type: string}
  /tags/{tag_id}:
    delete:
      operationId: untag
      summary: Remove a tag
      parameters:
        - {name: tag_id, in: path, required: true, schema: {type: string}}
      responses:
        "204": {description: Removed}
"""

OVERLAY = """
actions:
  - operation_id: tagBooking
    iq_enabled: true
    safety_tier: normal
    reversible: true
    compensation_operation_id: untag
    compensation:
      parameters: {tag_id: "{{result.tag_id}}"}
    llm_description: Add a label (VIP, birthday, allergy) to a booking.
  - operation_id: untag
    iq_enabled: true
    safety_tier: normal
    reversible: false
"""


@pytest.fixture
def extras_api():
    """A venue's other API, with the endpoints the spec above describes; it records every call."""
    app = Flask("extras")
    calls = []

    @app.post("/bookings/<booking_id>/tags")
    def tag(booking_id):
        calls.append({"path": request.path, "body": request.get_json(), "headers": dict(request.headers)})
        return jsonify({"tag_id": f"t-{booking_id}", "tag": request.get_json()["tag"]})

    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}", calls
    server.shutdown()


def test_an_action_added_by_spec_and_overlay_is_planned_and_executed(serve, settings_for, tmp_path, extras_api):
    base_url, calls = extras_api
    (tmp_path / "extras.yaml").write_text(SPEC)
    (tmp_path / "overlay.yaml").write_text(OVERLAY)
    with ScriptedLLM() as llm:
        llm.reply_tool_call(
            "submit_plan",
            {
                "intent_summary": "Tag booking b42 as VIP",
                "steps": [{"action_id": "tagBooking", "parameters": {"booking_id": "b42", "tag": "VIP"}}],
            },
        )
        api = serve(
            actions=(str(tmp_path / "extras.yaml"), str(tmp_path / "overlay.yaml"), base_url),
            llm=llm.base_url,
            actions_token="service-token-for-extras",  # the service's own credential for the foreign API
        )
        headers = {"Authorization": f"Bearer {OPERATOR_KEYS['u1']}"}
        answer = api.call(
            "plan_request",
            {"session_id": "x", "venue_id": "roma", "message": "Mark booking b42 as VIP"},
            headers=headers,
        ).json()
        assert answer["type"] == "plan", answer
        plan_id = answer["plan"]["plan_id"]
        assert [a["action_id"] for a in answer["plan"]["actions"]] == ["tagBooking"]
        sent_tools = {t["function"]["name"] for t in llm.requests[0]["tools"]}
        assert "tagBooking" in sent_tools
        # the executing model carries out the confirmed step (the guard holds it to the confirmed values)
        llm.reply_tool_call("tagBooking", {"booking_id": "b42", "tag": "VIP"})
        api.call("plan_confirm", {"plan_id": plan_id}, headers=headers)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            plan = api.call("plan_status", {"plan_id": plan_id}, headers=headers).json()
            if plan["status"] == "completed":
                break
            time.sleep(0.05)
    assert plan["status"] == "completed"
    assert calls[0]["path"] == "/bookings/b42/tags" and calls[0]["body"] == {"tag": "VIP"}
    assert calls[0]["headers"]["Authorization"] == "Bearer service-token-for-extras"
    assert calls[0]["headers"]["Idempotency-Key"] == f"{plan_id}:1"
    assert json.dumps(plan).count("t-b42") == 1  # the step's answer is kept for placeholders and compensation
