"""A plan nobody confirmed in time: refused at confirm, and expired by the server's own cleanup schedule."""

from __future__ import annotations

import datetime as dt
import time

from concierge.domain.plan_states import EXPIRED_REASON
from tests.integration.test_plans import NEW, TOKEN, confirm, request, stored_plan

TWO_HOURS_AGO = dt.datetime.now(dt.timezone.utc) - dt.timedelta(hours=2)


def status_of(api, plan_id: str) -> dict:
    return api.call("plan_status", {"plan_id": plan_id, "user_id": "u1"}, headers=TOKEN).json()


def test_confirming_a_plan_past_its_expiry_is_refused_at_once_and_the_plan_expires(api):
    plan_id = stored_plan(api, [("create_booking", NEW)], created_at=TWO_HOURS_AGO)
    refused = confirm(api, plan_id)
    assert refused.status_code == 410
    assert refused.json()["error_type"] == "invalid_input"
    assert "scaduto" in refused.json()["message"] and "60 minuti" in refused.json()["message"]  # roma is Italian
    plan = status_of(api, plan_id)
    assert (plan["status"], plan["failure_reason"], plan["confirmed_at"]) == ("failed", EXPIRED_REASON, None)
    assert plan["completed_at"] is not None and plan["rollback_report"] is None
    assert confirm(api, plan_id).status_code == 410  # and so it stays
    assert api.ok("list_bookings", {"restaurant_id": "roma", "phone": NEW["phone"]})["count"] == 0


def test_a_plan_the_sweep_already_expired_is_refused_the_same_way(api):
    plan_id = stored_plan(api, [("create_booking", NEW)], created_at=TWO_HOURS_AGO)
    assert api.ok("plans_cleanup", {})["expired"] == 1
    refused = confirm(api, plan_id)
    assert refused.status_code == 410 and "scaduto" in refused.json()["message"]


def test_a_plan_within_its_expiry_is_still_confirmed(serve):
    api = serve(pending_plan_minutes=180)
    plan_id = stored_plan(api, [("create_booking", NEW)], created_at=TWO_HOURS_AGO)
    assert confirm(api, plan_id).json()["status"] == "confirmed"


def test_the_server_runs_the_cleanup_sweep_on_its_own_schedule(serve):
    api = serve(cleanup_seconds=0.1)
    old = stored_plan(api, [("create_booking", NEW)], created_at=TWO_HOURS_AGO)
    fresh = stored_plan(api, [("create_booking", NEW)])
    deadline = time.monotonic() + 10
    while status_of(api, old)["status"] == "pending_confirmation" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert (status_of(api, old)["status"], status_of(api, old)["failure_reason"]) == ("failed", EXPIRED_REASON)
    assert status_of(api, fresh)["status"] == "pending_confirmation"


def test_the_clarification_limit_is_a_setting(serve):
    api = serve(max_clarifications=1)
    assert request(api, "Change something").json()["type"] == "clarification"
    last = request(api, "Change something").json()
    assert last["type"] == "clarification" and "rephras" in last["question"].lower()
