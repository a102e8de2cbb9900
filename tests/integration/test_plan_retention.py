"""Plans and planning sessions are kept for a retention after their last change, then deleted.

Run on SQLite and the Firestore emulator: every write stamps `expire_at` (the field of Firestore's
TTL policy), and the cleanup sweep deletes what is past it.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import sqlite3
import time

from concierge.adapters.store.sqlite import SqliteStore
from concierge.bootstrap import build_store
from concierge.domain.plans import ExecutionPlan, PlannedAction

from .conftest import OPERATOR_KEYS

TOKEN = {"Authorization": f"Bearer {OPERATOR_KEYS['u1']}"}
DAY = dt.timedelta(days=1)


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


def a_plan(session_id: str = "s-kept") -> ExecutionPlan:
    step = PlannedAction(step_number=1, action_id="get_booking", parameters={"booking_id": "b1"}, safety_tier="normal")
    return ExecutionPlan(session_id=session_id, user_id="u1", venue_id="roma", intent_summary="look", actions=[step])


def test_plans_and_sessions_outlive_their_retention_by_nothing(settings_for):
    store = build_store(dataclasses.replace(settings_for(), plan_retention_days=1))
    plan = a_plan()
    store.create_plan(plan)
    store.put_session("s-kept", {"turns": ["Move Rossi to Saturday"]})
    assert store.purge_plans(now()) == 0
    assert store.get_plan(plan.plan_id) is not None and store.get_session("s-kept") is not None
    assert store.purge_plans(now() + 2 * DAY) == 2
    assert store.get_plan(plan.plan_id) is None and store.get_session("s-kept") is None


def test_every_write_starts_the_retention_again(settings_for):
    store = build_store(dataclasses.replace(settings_for(), plan_retention_days=1))
    plan = a_plan()
    store.create_plan(plan)
    store.put_session("s-kept", {"turns": []})
    store.plan_retention = 10 * DAY  # the same store, later writes: each stamps its own expiry
    store.update_plan(plan.plan_id, lambda p: p.model_copy(update={"intent_summary": "look again"}))
    store.put_session("s-kept", {"turns": ["again"]})
    assert store.purge_plans(now() + 2 * DAY) == 0
    assert store.get_plan(plan.plan_id).intent_summary == "look again"
    assert store.purge_plans(now() + 11 * DAY) == 2


def test_the_cleanup_sweep_deletes_plans_past_their_retention(serve):
    api = serve(plan_retention_days=1 / 86400)  # one second
    plan = a_plan()
    api.store.create_plan(plan)
    api.store.put_session("s-kept", {"turns": []})
    time.sleep(1.2)
    swept = api.call("plans_cleanup", {}).json()
    assert swept["purged_plans"] == 2
    assert api.call("plan_status", {"plan_id": plan.plan_id}, headers=TOKEN).status_code == 404


def stored_expiry(store, table: str, key: str) -> dt.datetime:
    """`expire_at` as the store keeps it: a Firestore field (the TTL policy's) or a SQLite column."""
    if isinstance(store, SqliteStore):
        column = "plan_id" if table == "plans" else "session_id"
        [value] = store._conn().execute(f"SELECT expire_at FROM {table} WHERE {column} = ?", (key,)).fetchone()
        return dt.datetime.fromisoformat(value)
    return store.db.collection(table).document(key).get().get("expire_at")


def test_each_record_carries_its_expiry_for_the_ttl_policy(settings_for):
    store = build_store(dataclasses.replace(settings_for(), plan_retention_days=30))
    plan = a_plan()
    store.create_plan(plan)
    store.put_session("s-kept", {"turns": []})
    for table, key in (("plans", plan.plan_id), ("sessions", "s-kept")):
        assert abs((stored_expiry(store, table, key) - now()) - 30 * DAY) < dt.timedelta(minutes=1)


def test_a_file_written_before_retention_gets_it_on_opening(tmp_path):
    path = tmp_path / "concierge.db"
    with sqlite3.connect(path) as conn:
        conn.executescript(
            "CREATE TABLE plans (plan_id TEXT PRIMARY KEY, session_id TEXT NOT NULL, status TEXT NOT NULL,"
            " blocked INTEGER NOT NULL DEFAULT 0, body TEXT NOT NULL);"
            "CREATE TABLE sessions (session_id TEXT PRIMARY KEY, body TEXT NOT NULL);"
        )
        plan = a_plan()
        conn.execute(
            "INSERT INTO plans VALUES (?, ?, ?, 0, ?)", (plan.plan_id, "s-old", plan.status, plan.model_dump_json())
        )
        conn.execute("INSERT INTO sessions VALUES ('s-old', '{}')")
    store = SqliteStore(tmp_path, plan_retention=DAY)
    assert store.get_plan(plan.plan_id) == plan
    assert store.purge_plans(now()) == 0  # their retention starts now
    assert store.purge_plans(now() + 2 * DAY) == 2
    SqliteStore(tmp_path)  # opening again changes nothing


def test_the_local_servers_schedule_purges_conversations_past_their_retention_too(serve):
    from concierge.domain.conversation import Conversation, Message

    api = serve(cleanup_seconds=0.05)
    for key, expire in (("old", now() - dt.timedelta(seconds=1)), ("live", now() + DAY)):
        conversation = Conversation(
            venue_id="roma", thread_id=f"web:{key}", conversation_key=key, created_at=now(), updated_at=now()
        )
        api.store.save_conversation(conversation, [Message(role="customer", text="ciao", at=now())], expire)
    deadline = time.monotonic() + 10
    while api.store.get_conversation("roma", "old") is not None and time.monotonic() < deadline:
        time.sleep(0.05)
    # Firestore's TTL policy deletes them there: the sweep leaves them to it
    assert (api.store.get_conversation("roma", "old") is None) == isinstance(api.store, SqliteStore)
    assert api.store.get_conversation("roma", "live") is not None
