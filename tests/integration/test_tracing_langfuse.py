"""Traces through the whole HTTP surface with the Langfuse adapter, exported to OpenTelemetry's in-memory exporter.

No Langfuse server: the SDK is given its own TracerProvider and an InMemorySpanExporter (its supported
`tracer_provider=` and `span_exporter=` arguments), and we read back what it would have sent.
"""

from __future__ import annotations

import json
import threading
import uuid
from contextlib import contextmanager

import httpx
import pytest
from werkzeug.serving import make_server

pytest.importorskip("langfuse")
pytest.importorskip("opentelemetry.sdk")

from opentelemetry.sdk.trace import TracerProvider  # noqa: E402
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter  # noqa: E402

from concierge.adapters.langfuse_tracer import LangfuseTracer  # noqa: E402
from concierge.bootstrap import build_context, build_operator_gate, build_plan_service, build_store  # noqa: E402
from concierge.settings import Settings
from concierge.cli.venues import import_venues  # noqa: E402
from concierge.http.app import create_app  # noqa: E402
from tests.conftest import THURSDAY_EVENING_ROME, VENUES_FILE  # noqa: E402
from tests.integration.conftest import Api, add_test_operators  # noqa: E402
from tests.integration.test_plans import book, confirm, rolled, settled, stored_plan  # noqa: E402
from tests.support.local import free_port  # noqa: E402
from tests.support.scripted_llm import ScriptedLLM  # noqa: E402

PERSONAL = ("Mario", "Rossi", "3331234567", "mario.rossi@example.com", "user-token-7f3a9", "llm-key")


class Traced:
    def __init__(self, api: Api, tracer: LangfuseTracer, exporter: InMemorySpanExporter) -> None:
        self.api, self.tracer, self.exporter = api, tracer, exporter

    def spans(self):
        self.tracer.flush()
        return list(self.exporter.get_finished_spans())

    def trace(self, plan_id: str):
        return [s for s in self.spans() if format(s.context.trace_id, "032x") == plan_id.replace("-", "")]


@contextmanager
def traced_server(tmp_path, llm: str | None = None, executor: str = "react"):
    """A local server whose tool context and plan service trace through Langfuse into an in-memory exporter."""
    from langfuse import Langfuse

    exporter = InMemorySpanExporter()
    client = Langfuse(
        public_key=f"pk-lf-it-{uuid.uuid4().hex[:8]}",
        secret_key="sk-lf-it",
        base_url="http://127.0.0.1:9",
        tracer_provider=TracerProvider(),
        span_exporter=exporter,
    )
    tracer = LangfuseTracer(client)
    settings = Settings(
        store="sqlite",
        data_dir=tmp_path / "data",
        now=THURSDAY_EVENING_ROME,
        llm_base_url=llm,
        llm_model="scripted-model" if llm else None,
        llm_api_key="llm-key",
        executor=executor,
    )
    import_venues(settings, VENUES_FILE)
    store = build_store(settings)
    ctx = build_context(settings, store, tracer=tracer)
    port = free_port()
    plans = build_plan_service(settings, ctx, store, f"http://127.0.0.1:{port}")
    add_test_operators(store)
    app = create_app(ctx, settings.access, plans, build_operator_gate(settings, store))
    server = make_server("127.0.0.1", port, app, threaded=True)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    client_http = httpx.Client(timeout=30)
    try:
        yield Traced(Api(f"http://127.0.0.1:{port}", client_http, None, store), tracer, exporter)
    finally:
        server.shutdown()
        server.server_close()
        client_http.close()
        tracer.shutdown()


@pytest.fixture
def traced(tmp_path):
    with traced_server(tmp_path) as server:
        yield server


def metadata(span, key):
    value = span.attributes.get(f"langfuse.observation.metadata.{key}")
    return json.loads(value) if value is not None else None


def assert_nothing_personal(spans):
    blob = json.dumps([{"name": s.name, **dict(s.attributes)} for s in spans], ensure_ascii=False)
    for secret in PERSONAL:
        assert secret not in blob, (secret, blob[max(0, blob.find(secret) - 300) : blob.find(secret) + 80])


def test_a_tool_call_is_one_trace_with_masked_input_and_output(traced):
    book(traced.api, name="Mario Rossi", phone="+393331234567")
    [span] = [s for s in traced.spans() if s.name == "tool:create_booking"]
    assert span.parent is None or span.attributes.get("langfuse.internal.as_root") is True
    assert (metadata(span, "tool"), metadata(span, "venue"), metadata(span, "outcome")) == (
        "create_booking",
        "roma",
        "ok",
    )
    assert metadata(span, "envelope") == "http" and metadata(span, "ok") is True
    assert json.loads(span.attributes["langfuse.observation.input"])["name"] == "M**** R****"
    assert json.loads(span.attributes["langfuse.observation.output"])["booking_id"]
    assert span.attributes["langfuse.trace.name"] == "tool:create_booking"
    assert_nothing_personal(traced.spans())


def test_a_refused_tool_call_says_why(traced):
    response = traced.api.call(
        "create_booking",
        {
            "restaurant_id": "roma",
            "day": "2026-02-19",
            "time": "03:00",
            "people": 2,
            "name": "Mario Rossi",
            "phone": "+393331234567",
        },
    )
    assert response.status_code != 200
    [span] = [s for s in traced.spans() if s.name == "tool:create_booking"]
    assert metadata(span, "outcome") == "refused" and metadata(span, "error_code") == response.json()["error_code"]
    assert span.attributes["langfuse.observation.level"] == "WARNING"


def test_a_plans_confirmation_execution_and_rollback_share_one_trace_and_nest(traced):
    api = traced.api
    booking_id = book(api, name="Mario Rossi", phone="+393331234567")
    past = {"day": "2026-02-18", "time": "20:00", "people": 2, "name": "Mario Rossi", "phone": "+393331234567"}
    plan_id = stored_plan(
        api, [("modify_booking", {"booking_id": booking_id, "new_time": "21:00"}), ("create_booking", past)]
    )
    assert confirm(api, plan_id).status_code == 200
    rolled(api, plan_id)
    trace = traced.trace(plan_id)
    by_name: dict[str, list] = {}
    for span in trace:
        by_name.setdefault(span.name, []).append(span)
    for expected in (
        "plan:plan_confirm",
        "user_confirmation",
        "execution",
        "tool_call:modify_booking",
        "tool_call:create_booking",
        "rollback",
        "compensation:modify_booking",
    ):
        assert expected in by_name, sorted(by_name)

    def parent_of(span):
        return next(s for s in trace if span.parent and s.context.span_id == span.parent.span_id)

    [confirm_span] = by_name["plan:plan_confirm"]
    [confirmation] = by_name["user_confirmation"]
    assert parent_of(confirmation) is confirm_span
    assert metadata(confirmation, "seconds_to_confirm") >= 0 and metadata(confirmation, "outcome") == "confirmed"
    [execution] = by_name["execution"]
    assert metadata(execution, "outcome") == "failed" and metadata(execution, "stopped_at_step") == 2
    assert metadata(execution, "error_type") == "bad_request"
    calls = by_name["tool_call:modify_booking"] + by_name["tool_call:create_booking"]
    assert all(parent_of(c) is execution for c in calls)
    assert [
        (metadata(c, "action_id"), metadata(c, "step"), metadata(c, "success"), metadata(c, "error_type"))
        for c in calls
    ] == [("modify_booking", 1, True, None), ("create_booking", 2, False, "bad_request")]
    assert calls[1].attributes["langfuse.observation.level"] == "ERROR"
    [rollback] = by_name["rollback"]
    [compensation] = by_name["compensation:modify_booking"]
    assert parent_of(compensation) is rollback and metadata(compensation, "success") is True
    assert (metadata(rollback, "reversed"), metadata(rollback, "outcome")) == (1, "rolled_back")
    assert execution.attributes["session.id"] == "s-stored" and execution.attributes["user.id"] == "u1"
    assert_nothing_personal(traced.spans())


def test_the_planning_of_a_request_is_the_plans_trace(traced):
    api = traced.api
    book(api, name="Mario Rossi", phone="+393331234567")
    response = api.call(
        "plan_request",
        {"session_id": "s7", "venue_id": "roma", "message": "Move Rossi's booking to Saturday at 9pm"},
        headers={"Authorization": "Bearer user-token-7f3a9"},
    )
    plan = response.json()["plan"]
    names = {s.name: s for s in traced.trace(plan["plan_id"])}
    assert {"intent_understanding", "plan_generation", "plan_generated"} <= set(names)
    generation = names["plan_generation"]
    assert generation.parent.span_id == names["intent_understanding"].context.span_id
    assert metadata(generation, "valid") is True and metadata(generation, "outcome") == "PlanProposal"
    assert names["intent_understanding"].attributes["session.id"] == "s7"
    assert names["intent_understanding"].attributes["langfuse.trace.name"] == "plan"
    assert metadata(names["plan_generated"], "action_ids") == ["modify_booking"]
    assert_nothing_personal(traced.spans())


def test_an_llm_call_during_execution_is_a_generation_inside_the_step(tmp_path):
    with ScriptedLLM() as llm:
        with traced_server(tmp_path, llm=llm.base_url, executor="steps") as t:
            api = t.api
            booking_id = book(api, name="Mario Rossi", phone="+393331234567")
            llm.reply_tool_call(
                "corrected_parameters", {"restaurant_id": "roma", "booking_id": booking_id, "new_time": "21:00"}
            )
            plan_id = stored_plan(api, [("modify_booking", {"booking_id": booking_id, "new_time": "9:00 PM"})])
            confirm(api, plan_id)
            assert settled(api, plan_id)["status"] == "completed"
            trace = t.trace(plan_id)
            [call] = [s for s in trace if s.name == "tool_call:modify_booking"]
            [generation] = [s for s in trace if s.attributes.get("langfuse.observation.type") == "generation"]
            assert generation.parent.span_id == call.context.span_id
            assert generation.attributes["langfuse.observation.model.name"] == "scripted-model"
            assert json.loads(generation.attributes["langfuse.observation.usage_details"]) == {
                "input": 42,
                "output": 7,
                "total": 49,
            }
            assert metadata(generation, "latency_ms") > 0
            assert metadata(call, "self_corrected") is True and metadata(call, "success") is True
            assert_nothing_personal(t.spans())


def test_the_react_loop_traces_each_turn_as_a_generation_and_each_call_with_its_masked_answer(tmp_path):
    with ScriptedLLM() as llm:
        with traced_server(tmp_path, llm=llm.base_url) as t:
            api = t.api
            booking_id = book(api, name="Mario Rossi", phone="+393331234567")
            llm.reply_tool_call(
                "modify_booking", {"restaurant_id": "roma", "booking_id": booking_id, "new_time": "22:00"}
            )
            llm.reply_tool_call(
                "modify_booking", {"restaurant_id": "roma", "booking_id": booking_id, "new_time": "21:00"}
            )
            plan_id = stored_plan(api, [("modify_booking", {"booking_id": booking_id, "new_time": "9:00 PM"})])
            confirm(api, plan_id)
            assert settled(api, plan_id)["status"] == "completed"
            trace = t.trace(plan_id)
            turns = [s for s in trace if s.name == "reason"]
            generations = [s for s in trace if s.attributes.get("langfuse.observation.type") == "generation"]
            assert len(turns) == 2 and len(generations) == 2
            assert {g.parent.span_id for g in generations} == {turn.context.span_id for turn in turns}
            guards = [s for s in trace if s.name == "guard"]
            assert [metadata(g, "allowed") for g in guards] == [False, True]
            assert "changes the confirmed" in metadata(guards[0], "reason")
            [call] = [s for s in trace if s.name == "tool_call:modify_booking"]
            output = call.attributes["langfuse.observation.output"]
            assert booking_id in output and "21:00" in output and "M**** R****" in output
            [execution] = [s for s in trace if s.name == "execution"]
            assert metadata(execution, "model_calls") == 2 and metadata(execution, "total_tokens") == 98
            assert_nothing_personal(t.spans())
