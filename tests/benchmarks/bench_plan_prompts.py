"""What a blocking prompt and an undo cost, as ratios to a plan that runs straight through, in one run.

Run: .venv/bin/python tests/benchmarks/bench_plan_prompts.py [--rounds 5] [--plans 10]
Starts `concierge serve` (fixed clock, deterministic planner, in-process queue, embedded store). Each
round interleaves, one caller at a time: the floor, a reschedule confirmed and run to `completed`
(confirm to completed); the same reschedule of a booking moved after planning, which pauses (confirm to
paused) and is answered "sì" (answer to completed); `plan_undo` of the floor's completed plan (inline);
and one get_booking, the read each write step now makes before writing. Prints the median of each
round's median in ms, min-max over rounds, and the ratio to the floor.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import statistics
import tempfile
import time

import httpx

from bench_tools import operator_key, start_server

NAMES = random.Random(11)
POLL = 0.002


def surname() -> str:
    return "".join(NAMES.choice("bcdfglmnprstvz") + NAMES.choice("aeiou") for _ in range(4)).capitalize()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--plans", type=int, default=10, help="plans of each kind per round")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        token = {"Authorization": f"Bearer {operator_key(data)}"}
        process, base = start_server(data, "sqlite")
        # Every booking on a (day, time) of its own: Trattoria Roma shuts on Sundays and takes three at once.
        first = dt.date(2026, 3, 2)
        days = [d for d in (first + dt.timedelta(n) for n in range(120)) if d.weekday() != 6]
        serial = iter(range(100000))
        try:
            with httpx.Client(timeout=60) as client:

                def call(name: str, body: dict, auth: bool = True) -> dict:
                    response = client.post(f"{base}/api/{name}", json=body, headers=token if auth else {})
                    response.raise_for_status()
                    return response.json()

                def until(plan_id: str, done) -> None:
                    while not done(call("plan_status", {"plan_id": plan_id})):
                        time.sleep(POLL)

                def planned() -> tuple[str, str]:
                    i, name = next(serial), surname()
                    booking_id = call(
                        "create_booking",
                        {
                            "restaurant_id": "roma",
                            "day": days[i // 2 % len(days)].isoformat(),
                            "time": ["19:00", "21:30"][i % 2],
                            "people": 2,
                            "name": f"Anna {name}",
                            "phone": f"+39333{i:07d}",
                        },
                        auth=False,
                    )["booking_id"]
                    body = {"session_id": f"s{i}", "venue_id": "roma", "message": f"Sposta {name} alle 20"}
                    answer = call("plan_request", body)
                    assert answer["type"] == "plan", answer
                    return answer["plan"]["plan_id"], booking_id

                rounds: dict[str, list[float]] = {
                    k: []
                    for k in (
                        "confirm to completed (floor)",
                        "confirm to paused",
                        "answer to completed",
                        "plan_undo",
                        "get_booking",
                    )
                }
                for _ in range(args.rounds):
                    samples: dict[str, list[float]] = {k: [] for k in rounds}
                    for _ in range(args.plans):
                        plan_id, booking_id = planned()
                        started = time.perf_counter()
                        call("plan_confirm", {"plan_id": plan_id})
                        until(plan_id, lambda p: p["status"] == "completed")
                        samples["confirm to completed (floor)"].append(time.perf_counter() - started)

                        started = time.perf_counter()
                        call("get_booking", {"restaurant_id": "roma", "booking_id": booking_id}, auth=False)
                        samples["get_booking"].append(time.perf_counter() - started)

                        started = time.perf_counter()
                        assert call("plan_undo", {"plan_id": plan_id})["status"] == "rolled_back"
                        samples["plan_undo"].append(time.perf_counter() - started)

                        moved_plan, moved = planned()
                        call("modify_booking", {"restaurant_id": "roma", "booking_id": moved, "new_people": 3}, False)
                        started = time.perf_counter()
                        call("plan_confirm", {"plan_id": moved_plan})
                        until(moved_plan, lambda p: p["blocking_prompt"] is not None)
                        samples["confirm to paused"].append(time.perf_counter() - started)
                        started = time.perf_counter()
                        call("plan_answer", {"plan_id": moved_plan, "user_message": "sì"})
                        until(moved_plan, lambda p: p["status"] == "completed")
                        samples["answer to completed"].append(time.perf_counter() - started)
                    for k, values in samples.items():
                        rounds[k].append(statistics.median(values) * 1000)
                floor = statistics.median(rounds["confirm to completed (floor)"])
                print(
                    f"{args.rounds} rounds x {args.plans} plans of each kind, one caller, embedded store, "
                    "deterministic planner, in-process queue"
                )
                print(f"{'measure':30} {'median ms':>10} {'min-max ms':>16} {'x floor':>8}")
                for k, values in rounds.items():
                    median = statistics.median(values)
                    spread = f"{min(values):.1f}-{max(values):.1f}"
                    print(f"{k:30} {median:10.1f} {spread:>16} {median / floor:8.2f}")
        finally:
            process.terminate()
            process.wait(timeout=10)


if __name__ == "__main__":
    main()
