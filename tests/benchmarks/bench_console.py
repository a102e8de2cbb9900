"""What the staff console's pages cost over the functions they call, on the embedded store.

Run: .venv/bin/python tests/benchmarks/bench_console.py [--rounds 5] [--requests 40]
Starts `concierge serve` (fixed clock), issues an operator key, seeds as many bookings as one day of
Trattoria Roma takes (up to 40) and one completed plan, signs in, then times, one caller after the other and
each kind in turn, request after request:

    day page       GET /console/venues/roma/bookings?day=...   (the day's bookings, rendered)
    floor          POST /api/search_bookings for that day       (the same store read, as JSON)
    plan page      GET /console/plans/<id>                      (plan_status, rendered)
    floor          POST /api/plan_status                        (the same function, as JSON)

Prints each one's median ms per round and the ratio page / floor (median and min-max over rounds).
"""

from __future__ import annotations

import argparse
import re
import statistics
import tempfile
import time

import httpx

from bench_tools import operator_key, start_server

DAY = "2026-03-05"


def one(call) -> float:
    started = time.perf_counter()
    response = call()
    elapsed = (time.perf_counter() - started) * 1000
    assert response.status_code == 200, response.text[:300]
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--requests", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        key = operator_key(data)
        operator = {"Authorization": f"Bearer {key}"}
        process, base = start_server(data, "sqlite")
        try:
            api = httpx.Client(base_url=base, timeout=60)
            booked, first = 0, None
            for i in range(40):  # as many as the venue's capacity takes, over the evening's slots
                answer = api.post(
                    "/api/create_booking",
                    json={
                        "restaurant_id": "roma",
                        "day": DAY,
                        "time": ["19:00", "19:30", "20:00", "20:30", "21:00", "21:30", "22:00"][i % 7],
                        "people": 2,
                        "name": f"Guest {i:02d} Rossi",
                        "phone": f"+39333100{i:04d}",
                    },
                )
                booked += answer.status_code == 200
                first = first or (answer.json().get("booking_id") if answer.status_code == 200 else None)
            plan = api.post(
                "/api/plan_request",
                headers=operator,
                json={"session_id": "bench", "venue_id": "roma", "message": f"Change booking {first} to 4 people"},
            ).json()
            plan_id = plan["plan"]["plan_id"] if plan.get("type") == "plan" else None
            assert plan_id, plan
            api.post("/api/plan_confirm", headers=operator, json={"plan_id": plan_id}).raise_for_status()

            console = httpx.Client(base_url=base, timeout=60)
            token = re.search(r'name="csrf" value="([^"]+)"', console.get("/console/sign-in").text).group(1)
            signed = console.post("/console/sign-in", data={"csrf": token, "key": key})
            assert signed.status_code == 303, signed.text[:300]

            kinds = {
                "day page": lambda: console.get("/console/venues/roma/bookings", params={"day": DAY}),
                "day floor": lambda: api.post(
                    "/api/search_bookings",
                    json={
                        "restaurant_id": "roma",
                        "search_text": "Rossi",
                        "date_range_start": DAY,
                        "date_range_end": DAY,
                        "max_results": 20,
                    },
                ),
                "plan page": lambda: console.get(f"/console/plans/{plan_id}"),
                "plan floor": lambda: api.post("/api/plan_status", headers=operator, json={"plan_id": plan_id}),
            }
            for call in kinds.values():  # warm up
                for _ in range(5):
                    one(call)
            rounds: dict[str, list[float]] = {name: [] for name in kinds}
            for _ in range(args.rounds):
                samples: dict[str, list[float]] = {name: [] for name in kinds}
                for _ in range(args.requests):  # each kind in turn, so a busy moment weighs on all alike
                    for name, call in kinds.items():
                        samples[name].append(one(call))
                for name, values in samples.items():
                    rounds[name].append(statistics.median(values))
        finally:
            process.terminate()
            process.wait(timeout=30)

    print(f"{booked} bookings on the day; {args.rounds} rounds of {args.requests} requests each, one caller")
    print(f"{'':12} {'median ms':>10} {'min-max ms':>14}")
    for name, medians in rounds.items():
        print(f"{name:12} {statistics.median(medians):10.2f} {min(medians):6.2f}-{max(medians):<6.2f}")
    for page in ("day", "plan"):
        ratios = [p / f for p, f in zip(rounds[f"{page} page"], rounds[f"{page} floor"], strict=True)]
        print(f"{page} page / floor: {statistics.median(ratios):.2f} (min-max {min(ratios):.2f}-{max(ratios):.2f})")


if __name__ == "__main__":
    main()
