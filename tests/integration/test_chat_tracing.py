"""A chat turn traced through the Langfuse adapter into OpenTelemetry's in-memory exporter: one trace per
turn with the conversation as its session, the tools as spans inside it, and no personal data."""

from __future__ import annotations

import json
import threading
import uuid

import httpx
import pytest
from werkzeug.serving import make_server

pytest.importorskip("langfuse")
pytest.importorskip("opentelemetry.sdk")

from opentelemetry.sdk.trace import TracerProvider  # noqa: E402
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter  # noqa: E402

from concierge.adapters.langfuse_tracer import LangfuseTracer  # noqa: E402
from concierge.bootstrap import build_chat_agent, build_context, build_conversations, build_store  # noqa: E402
from concierge.settings import Settings
from concierge.cli.venues import import_venues  # noqa: E402
from concierge.http.app import create_app  # noqa: E402
from tests.conftest import VENUES_FILE  # noqa: E402
from tests.support.local import free_port  # noqa: E402

PERSONAL = ("Ana", "Sousa", "912345678", "Rua das Flores")


@pytest.fixture
def traced(tmp_path):
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
    settings = Settings(store="sqlite", data_dir=tmp_path / "data", now="2026-11-23T10:00:00+00:00")
    import_venues(settings, VENUES_FILE)
    store = build_store(settings)
    ctx = build_context(settings, store, tracer=tracer)
    agent = build_chat_agent(settings, tracer)
    app = create_app(ctx, settings.access, conversations=build_conversations(settings, ctx, store, lambda venue: agent))
    server = make_server("127.0.0.1", free_port(), app, threaded=True)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    http = httpx.Client(base_url=f"http://127.0.0.1:{server.server_port}", timeout=30)
    try:
        yield http, tracer, exporter, store
    finally:
        server.shutdown()
        server.server_close()
        http.close()
        tracer.shutdown()


def test_a_turn_is_one_trace_in_the_conversations_session_with_its_tools_and_nothing_personal(traced):
    http, tracer, exporter, store = traced

    def say(text):
        response = http.post(
            "/api/conversation_message",
            json={"venue_id": "tasca", "conversation_id": "wa:1", "text": text, "customer": {"phone": "+351912345678"}},
        )
        assert response.status_code == 200, response.text
        return response.json()

    say("Queria reservar uma mesa para 2 na sexta às 20h, sou a Ana Sousa")
    assert say("sim")["rdv"]["action"] == "CREATE"
    http.post(
        "/api/update_client_info",
        json={"venue_id": "tasca", "conversation_id": "wa:1", "addressText": "Rua das Flores 3, Porto"},
    )
    tracer.flush()
    spans = list(exporter.get_finished_spans())
    key = store.current_conversation("tasca", "wa:1").conversation_key
    turns = [s for s in spans if s.name == "conversation:turn"]
    assert len(turns) == 2
    assert {s.attributes.get("session.id") or s.attributes.get("langfuse.trace.session.id") for s in turns} == {key}
    [booked] = [s for s in spans if s.name == "tool:schedule_appointment"]
    assert booked.context.trace_id == turns[1].context.trace_id
    blob = json.dumps([{"name": s.name, **dict(s.attributes)} for s in spans], ensure_ascii=False)
    for secret in PERSONAL:
        assert secret not in blob, (secret, blob[max(0, blob.find(secret) - 300) : blob.find(secret) + 80])
