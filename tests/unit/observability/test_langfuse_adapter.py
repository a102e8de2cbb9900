"""The Langfuse adapter over an in-memory OpenTelemetry exporter: no Langfuse server involved."""

from __future__ import annotations

import json
import uuid

import pytest

pytest.importorskip("langfuse")
pytest.importorskip("opentelemetry.sdk")

from opentelemetry.sdk.trace import TracerProvider  # noqa: E402
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter  # noqa: E402

from concierge.adapters.langfuse_tracer import LangfuseTracer  # noqa: E402

SECRETS = ("Mario", "Rossi", "3331234567", "mario.rossi@example.com", "user-token-7f3a9")


@pytest.fixture
def traced():
    from langfuse import Langfuse

    exporter = InMemorySpanExporter()
    client = Langfuse(
        public_key=f"pk-lf-unit-{uuid.uuid4().hex[:8]}",
        secret_key="sk-lf-unit",
        base_url="http://127.0.0.1:9",
        tracer_provider=TracerProvider(),
        span_exporter=exporter,
    )
    tracer = LangfuseTracer(client)
    yield tracer, exporter
    tracer.shutdown()


def exported(tracer, exporter):
    tracer.flush()
    return {s.name: s for s in exporter.get_finished_spans()}


def test_spans_of_one_trace_nest_and_carry_masked_attributes(traced):
    tracer, exporter = traced
    plan_id = str(uuid.uuid4())
    with tracer.span("execution", trace_id=plan_id, plan_id=plan_id, session_id="s1", user_id="u1") as execution:
        with tracer.span(
            "tool_call:create_booking",
            trace_id=plan_id,
            action_id="create_booking",
            parameters={"name": "Mario Rossi", "phone": "+393331234567", "notes": "mail mario.rossi@example.com"},
            authorization="Bearer user-token-7f3a9",
        ) as call:
            call.set(success=False, error_type="conflict")
        execution.set(outcome="failed")
    spans = exported(tracer, exporter)
    root, child = spans["execution"], spans["tool_call:create_booking"]
    assert format(root.context.trace_id, "032x") == plan_id.replace("-", "")
    assert child.context.trace_id == root.context.trace_id and child.parent.span_id == root.context.span_id
    assert root.attributes["session.id"] == "s1" and root.attributes["user.id"] == "u1"
    assert child.attributes["session.id"] == "s1"  # propagated to the children
    assert child.attributes["langfuse.observation.level"] == "ERROR"
    assert json.loads(child.attributes["langfuse.observation.metadata.parameters"])["name"] == "M**** R****"
    assert "langfuse.observation.metadata.authorization" not in child.attributes
    blob = json.dumps([dict(s.attributes) for s in spans.values()])
    for secret in SECRETS:
        assert secret not in blob, secret


def test_another_trace_id_starts_a_new_root(traced):
    tracer, exporter = traced
    with tracer.span("a", trace_id="plan-a"):
        with tracer.span("b", trace_id="plan-b"):
            pass
    spans = exported(tracer, exporter)
    assert spans["a"].context.trace_id != spans["b"].context.trace_id
    assert spans["b"].attributes.get("langfuse.internal.as_root") is True


def test_a_generation_carries_model_tokens_latency_and_masked_messages(traced):
    tracer, exporter = traced
    with tracer.span("plan_generation", trace_id="plan-1"):
        tracer.on_generation(
            {
                "model": "gpt-test",
                "latency_ms": 123.4,
                "messages": [
                    {"role": "system", "content": "You plan bookings."},
                    {"role": "user", "content": "Sposta la prenotazione di Mario Rossi, tel 333 123 4567"},
                ],
                "content": None,
                "tool_calls": [
                    {
                        "id": "c1",
                        "name": "submit_plan",
                        "arguments": json.dumps(
                            {"steps": [{"action_id": "modify_booking", "parameters": {"name": "Mario Rossi"}}]}
                        ),
                    }
                ],
                "usage": {"prompt_tokens": 42, "completion_tokens": 7, "total_tokens": 49},
            }
        )
    spans = exported(tracer, exporter)
    generation = spans["llm"]
    attrs = generation.attributes
    assert attrs["langfuse.observation.type"] == "generation"
    assert attrs["langfuse.observation.model.name"] == "gpt-test"
    assert json.loads(attrs["langfuse.observation.usage_details"]) == {"input": 42, "output": 7, "total": 49}
    assert json.loads(attrs["langfuse.observation.metadata.latency_ms"]) == 123.4
    assert generation.parent.span_id == spans["plan_generation"].context.span_id
    assert "submit_plan" in attrs["langfuse.observation.output"]
    for secret in SECRETS:
        assert secret not in json.dumps(dict(attrs)), secret


def test_a_broken_sdk_never_breaks_the_traced_code():
    class Broken:
        def __getattr__(self, name):
            def fail(*args, **kwargs):
                raise RuntimeError("langfuse down")

            return fail

    tracer = LangfuseTracer(Broken())
    with tracer.span("tool:x", trace_id="t", input={"a": 1}) as span:
        span.set(output={"ok": True})
        ran = True
    tracer.on_generation({"model": "m", "messages": [], "content": "x"})
    tracer.flush()
    assert ran


def test_an_exception_in_the_traced_code_is_recorded_and_raised(traced):
    tracer, exporter = traced
    with pytest.raises(ValueError):
        with tracer.span("tool:x", trace_id="t"):
            raise ValueError("bad")
    spans = exported(tracer, exporter)
    assert spans["tool:x"].attributes["langfuse.observation.level"] == "ERROR"
    assert spans["tool:x"].attributes["langfuse.observation.status_message"] == "ValueError"
