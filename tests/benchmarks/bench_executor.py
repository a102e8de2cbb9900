"""What carrying out a confirmed plan costs per step: the ReAct executor and the steps executor against a floor.

Run: .venv/bin/python tests/benchmarks/bench_executor.py [--steps 5] [--rounds 7]
Starts `concierge serve` (fixed clock, SQLite) as the booking API and a scripted OpenAI-compatible
model that answers at once (zero latency: what is measured is our loop, not a model). Each round, in
shuffled order, carries out a plan of N guest-count changes on fresh bookings three ways:
- floor: the same action calls made directly over HTTP (the prior-state read and the write of each step);
- steps: the deterministic executor (lease, bookkeeping, idempotency keys, the plan store);
- react: the ReAct executor (the same, plus one model turn per step over HTTP and the step guard).
Prints ms per step (median, min–max over the rounds), each executor's ratio to the floor, and the
ReAct executor's model calls and tokens per executed step.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import logging
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from concierge.adapters.actions import ActionClient  # noqa: E402
from concierge.adapters.tracing import InMemoryTracer  # noqa: E402
from concierge.bootstrap import build_context, build_plan_service, build_store  # noqa: E402
from concierge.settings import Settings  # noqa: E402
from concierge.cli import import_venues  # noqa: E402
from concierge.domain.plans import ExecutionPlan, PlannedAction, utcnow  # noqa: E402
from tests.support.scripted_llm import USAGE, ScriptedLLM  # noqa: E402
from tests.support.serve_process import ServeProcess  # noqa: E402

VENUES = ROOT / "tests" / "fixtures" / "venues.yaml"
NOW = "2026-02-19T18:00:00+01:00"

FIRST_DAY = dt.date(2026, 3, 2)
DAYS = [  # Trattoria Roma shuts on Sundays
    day.isoformat() for day in (FIRST_DAY + dt.timedelta(days=n) for n in range(90)) if day.weekday() != 6
]


class Bookings:
    """Fresh bookings on the booking API: each run changes its own, so no call is a replay."""

    def __init__(self, client: httpx.Client, base: str) -> None:
        self.client, self.base, self.count = client, base, 0

    def fresh(self, n: int) -> list[str]:
        ids = []
        for _ in range(n):
            i, self.count = self.count, self.count + 1
            body = {
                "restaurant_id": "roma",
                "day": DAYS[i % len(DAYS)],
                "time": ["19:00", "20:30"][i // len(DAYS) % 2],
                "people": 2,
                "name": f"Guest {i}",
                "phone": f"+39333{i:07d}",
            }
            answer = self.client.post(f"{self.base}/api/create_booking", json=body)
            answer.raise_for_status()
            ids.append(answer.json()["booking_id"])
        return ids


def confirmed_plan(booking_ids: list[str]) -> ExecutionPlan:
    steps = [
        PlannedAction(
            step_number=i,
            action_id="modify_booking",
            parameters={"restaurant_id": "roma", "booking_id": b, "new_people": 3},
            safety_tier="normal",
        )
        for i, b in enumerate(booking_ids, start=1)
    ]
    return ExecutionPlan(
        session_id="bench",
        user_id="bench",
        venue_id="roma",
        intent_summary="three guests each",
        actions=steps,
        status="confirmed",
        confirmed_at=utcnow(),
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # the scripted model's request lines
    with tempfile.TemporaryDirectory() as api_data, tempfile.TemporaryDirectory() as plan_data:
        server = ServeProcess(Path(api_data), "sqlite", env={"CONCIERGE_NOW": NOW}, venues=VENUES)
        try:
            with httpx.Client(timeout=30) as client, ScriptedLLM() as llm:
                run(args, client, server.url, Path(plan_data), llm)
        finally:
            server.stop()


def run(args, client: httpx.Client, base: str, data: Path, llm: ScriptedLLM) -> None:
    settings = Settings(store="sqlite", data_dir=data, now=NOW, cleanup_seconds=0)
    import_venues(settings, VENUES)
    store = build_store(settings)
    ctx = build_context(settings, store)
    react_tracer = InMemoryTracer()
    steps_service = build_plan_service(settings, ctx, store, base)
    react_settings = dataclasses.replace(settings, llm_base_url=llm.base_url, llm_model="scripted", llm_api_key="k")
    react_service = build_plan_service(react_settings, ctx, store, base, tracer=react_tracer)
    registry = steps_service.registry()
    modify, read = registry.get("modify_booking"), registry.get("get_booking")
    direct = ActionClient(base)
    bookings = Bookings(client, base)

    def floor(ids: list[str]) -> None:
        for n, booking_id in enumerate(ids, start=1):
            direct.call(read, {"restaurant_id": "roma", "booking_id": booking_id}, None)
            direct.call(modify, {"restaurant_id": "roma", "booking_id": booking_id, "new_people": 3}, None, f"f{n}")

    def executor(service):
        def carry_out(ids: list[str]) -> None:
            plan = confirmed_plan(ids)
            store.create_plan(plan)
            if service is react_service:
                for booking_id in ids:
                    llm.reply_tool_call(
                        "modify_booking", {"restaurant_id": "roma", "booking_id": booking_id, "new_people": 3}
                    )
            outcome = service.executor.execute(plan.plan_id, None)
            assert outcome == "completed", (outcome, store.get_plan(plan.plan_id))

        return carry_out

    variants = {"floor": floor, "steps": executor(steps_service), "react": executor(react_service)}
    for warm in variants.values():  # connections, caches, the registry
        warm(bookings.fresh(1))
    requests_before = len(llm.requests)
    react_tracer.spans.clear()
    per_step: dict[str, list[float]] = {name: [] for name in variants}
    order = list(variants)
    shuffler = random.Random(11)
    for _ in range(args.rounds):
        shuffler.shuffle(order)
        for name in order:
            ids = bookings.fresh(args.steps)
            started = time.perf_counter()
            variants[name](ids)
            per_step[name].append((time.perf_counter() - started) * 1000 / args.steps)
    executed = args.rounds * args.steps
    calls = len(llm.requests) - requests_before
    spans = [s for s in react_tracer.spans if s.name == "execution"]
    tokens = sum(s.attributes.get("total_tokens") or 0 for s in spans)
    floor_median = statistics.median(per_step["floor"])
    print(f"{args.rounds} rounds of a {args.steps}-step plan (modify_booking), interleaved; ms per step")
    print(f"{'variant':<8} {'median':>8} {'min':>8} {'max':>8} {'x floor':>8}")
    for name in variants:
        values = per_step[name]
        median = statistics.median(values)
        print(f"{name:<8} {median:8.2f} {min(values):8.2f} {max(values):8.2f} {median / floor_median:8.2f}")
    print(
        f"react: {calls / executed:.2f} model calls and {tokens / executed:.0f} tokens per executed step "
        f"(the scripted model reports {USAGE['total_tokens']} tokens a call)"
    )


if __name__ == "__main__":
    main()
