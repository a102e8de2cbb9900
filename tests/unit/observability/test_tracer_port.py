"""The tracer port: no-op by default and cheap, every tool call a trace, generations nest, failures contained."""

from __future__ import annotations

import datetime as dt
import tracemalloc

from concierge.adapters.clock import FixedClock
from concierge.adapters.tracing import InMemoryTracer, Tracer, current_trace_id, trace_hex
from concierge.domain.knowledge_base import load_knowledge_base
from concierge.http.envelopes import run_once, run_tool
from concierge.tools import TOOLS
from concierge.tools.context import ToolContext
from tests.conftest import THURSDAY_EVENING_ROME, VENUES_FILE


class Catalog:
    def __init__(self, venues):
        self._venues = venues

    def get(self, venue_id):
        return self._venues.get(venue_id)


def context(tracer) -> ToolContext:
    venues = load_knowledge_base(VENUES_FILE)
    return ToolContext(
        venues=Catalog(venues),
        providers=lambda v: None,
        clock=FixedClock(dt.datetime.fromisoformat(THURSDAY_EVENING_ROME)),
        tracer=tracer,
    )


def test_the_default_tracer_keeps_nothing_of_what_it_is_given():
    tracer = Tracer()
    tracer.flush()  # nothing buffered, nothing sent
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i in range(10_000):
            with tracer.span("tool:x", trace_id=f"t{i}", tool="x", payload="x" * 100) as span:
                span.set(outcome="ok")
            tracer.generation("llm", model="m", input=[{"role": "user", "content": "x" * 100}], output={})
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept < 50_000  # 10,000 spans of over 100 bytes each would be over a megabyte
    assert vars(tracer) == {}


def test_a_span_makes_its_trace_current_for_logs():
    assert current_trace_id() is None
    with Tracer().span("a", trace_id="plan-1"):
        assert current_trace_id() == "plan-1"
        with Tracer().span("b", trace_id="other"):
            assert current_trace_id() == "other"
        assert current_trace_id() == "plan-1"
    assert current_trace_id() is None


def test_trace_ids_in_w3c_form():
    assert trace_hex("8ba07842-1f1d-4542-9c37-3c3cb9e7ede8") == "8ba078421f1d45429c373c3cb9e7ede8"
    assert trace_hex("0" * 31 + "1") == "0" * 31 + "1"
    assert len(trace_hex("any id")) == 32 and trace_hex("any id") == trace_hex("any id")


def test_every_tool_call_is_a_trace_of_its_own():
    tracer = InMemoryTracer()
    ctx = context(tracer)
    args = {"restaurant_id": "roma", "day": "2026-02-19", "time": "20:00"}
    run_tool(ctx, TOOLS["is_open_now"], {"restaurant_id": "roma"})
    run_tool(ctx, TOOLS["check_openings"], {"restaurant_id": "nowhere", "day": "2026-02-19", "time": "20:00"})
    first, second = tracer.spans
    assert (first.name, second.name) == ("tool:is_open_now", "tool:check_openings")
    assert first.trace_id != second.trace_id and first.parent is None
    assert first.attributes["tool"] == "is_open_now" and first.attributes["venue"] == "roma"
    assert first.attributes["outcome"] == "ok" and first.attributes["ok"] is True
    assert first.attributes["input"] == {"restaurant_id": "roma"} and first.attributes["output"]["ok"] is True
    assert second.attributes["outcome"] == "refused" and second.attributes["error_code"]
    assert args  # unchanged


def test_an_unexpected_failure_is_an_error_outcome():
    class Broken:
        def bookings_on(self, *a, **k):
            raise RuntimeError("boom")

        bookings_for_phone = bookings_between = get = create = update = cancel = bookings_on

    tracer = InMemoryTracer()
    ctx = context(tracer)
    ctx.providers = lambda v: Broken()
    payload = run_tool(ctx, TOOLS["list_bookings"], {"restaurant_id": "roma", "phone": "+393331234567"})
    [span] = tracer.spans
    assert payload["ok"] is False
    assert span.attributes["outcome"] == "error" and span.attributes["exception"] == "RuntimeError"


def test_a_replayed_call_is_traced_as_a_replay():
    class Idempotency:
        def __init__(self):
            self.saved = {}

        def run(self, key, fingerprint, fresh):
            if key not in self.saved:
                self.saved[key] = fresh()
            return self.saved[key]

    tracer = InMemoryTracer()
    ctx = context(tracer)
    ctx.idempotency = Idempotency()
    tool = TOOLS["cancel_booking"]
    assert tool.writes
    args = {"restaurant_id": "nowhere", "booking_id": "b"}
    run_once(ctx, tool, args, "vapi:call-1", "vapi")
    run_once(ctx, tool, args, "vapi:call-1", "vapi")
    first, second = tracer.spans
    assert (first.attributes["replayed"], second.attributes["replayed"]) == (False, True)
    assert first.attributes["envelope"] == "vapi" and first.attributes["idempotency_key"] == "vapi:call-1"


def test_generations_nest_under_the_current_span():
    tracer = InMemoryTracer()
    with tracer.span("plan_generation", trace_id="plan-1"):
        tracer.on_generation(
            {
                "model": "m",
                "messages": [{"role": "user", "content": "hi"}],
                "content": "ok",
                "tool_calls": [],
                "latency_ms": 12.0,
                "usage": {"prompt_tokens": 3, "completion_tokens": 1, "total_tokens": 4},
            }
        )
    generation, span = tracer.spans
    assert generation.name == "generation:llm" and generation.parent is span and generation.trace_id == "plan-1"
    assert generation.attributes["model"] == "m" and generation.attributes["usage"]["total_tokens"] == 4
    assert generation.attributes["latency_ms"] == 12.0
