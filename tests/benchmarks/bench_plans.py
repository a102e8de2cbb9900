"""Latency of the plan functions under 20 concurrent callers, on the embedded store.

Run: .venv/bin/python tests/benchmarks/bench_plans.py [--plans 100] [--callers 20]
Starts `concierge serve` (fixed clock, deterministic planner, in-process queue), seeds one
booking per guest, then measures plan_request (which searches the booking over HTTP), plan_status,
plan_confirm, and the time from confirmation to a completed plan. Prints p50 / p99 / max in ms.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import httpx

from bench_tools import operator_key, percentile, start_server

NAMES = random.Random(7)


def surname() -> str:
    """Distinct random surnames, so each search finds exactly one booking."""
    return "".join(NAMES.choice("bcdfglmnprstvz") + NAMES.choice("aeiou") for _ in range(4)).capitalize()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--plans", type=int, default=100)
    parser.add_argument("--callers", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        TOKEN = {"Authorization": f"Bearer {operator_key(data)}"}
        process, base = start_server(data, "sqlite")
        limits = httpx.Limits(max_connections=args.callers + 5)
        try:
            with httpx.Client(timeout=60, limits=limits) as client:
                march = [d for d in range(2, 32) if (d + 6) % 7 != 0]  # Trattoria Roma shuts on Sundays
                guests = [surname() for _ in range(args.plans)]
                for i, name in enumerate(guests):
                    client.post(
                        f"{base}/api/create_booking",
                        json={
                            "restaurant_id": "roma",
                            "day": f"2026-03-{march[i // 6 % len(march)]:02d}",
                            "time": ["19:00", "21:00"][i % 2],
                            "people": 2,
                            "name": f"Anna {name}",
                            "phone": f"+39333000{i:04d}",
                        },
                    ).raise_for_status()
                timings: dict[str, list[float]] = {
                    "plan_request": [],
                    "plan_status": [],
                    "plan_confirm": [],
                    "confirm to completed": [],
                }
                lock = threading.Lock()

                def timed(name, call):
                    started = time.perf_counter()
                    response = call()
                    with lock:
                        timings[name].append((time.perf_counter() - started) * 1000)
                    return response

                def one(i: int) -> None:
                    body = {
                        "session_id": f"s{i}",
                        "venue_id": "roma",
                        "message": f"Porta la prenotazione di {guests[i]} a 4 persone",
                    }
                    answer = timed(
                        "plan_request", lambda: client.post(f"{base}/api/plan_request", json=body, headers=TOKEN)
                    ).json()
                    assert answer["type"] == "plan", answer
                    ref = {"plan_id": answer["plan"]["plan_id"]}
                    timed("plan_status", lambda: client.post(f"{base}/api/plan_status", json=ref, headers=TOKEN))
                    confirmed = time.perf_counter()
                    timed("plan_confirm", lambda: client.post(f"{base}/api/plan_confirm", json=ref, headers=TOKEN))
                    while (
                        client.post(f"{base}/api/plan_status", json=ref, headers=TOKEN).json()["status"] != "completed"
                    ):
                        time.sleep(0.01)
                    with lock:
                        timings["confirm to completed"].append((time.perf_counter() - confirmed) * 1000)

                with ThreadPoolExecutor(max_workers=args.callers) as pool:
                    list(pool.map(one, range(args.plans)))
                print(f"{args.plans} plans, {args.callers} concurrent callers, embedded store, deterministic planner")
                print(f"{'step':24} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
                for name, values in timings.items():
                    print(f"{name:24} {percentile(values, 50):8.1f} {percentile(values, 99):8.1f} {max(values):8.1f}")
        finally:
            process.terminate()
            process.wait(timeout=10)


if __name__ == "__main__":
    main()
