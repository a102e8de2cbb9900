"""What the request limits cost: parse_json (depth scan, bounded numbers, NFKC) against a plain json.loads.

The floor is json.loads of the same bytes, measured in the same run, interleaved with the guarded
parse, several rounds; prints the median and min-max of the ratio per body.

    .venv/bin/python tests/benchmarks/bench_limits.py [--rounds 7] [--repeat 2000]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from concierge.http.limits import parse_json

BODIES = {
    "create_booking (170 B)": json.dumps(
        {
            "restaurant_id": "roma",
            "day": "2026-02-20",
            "time": "20:30",
            "people": 4,
            "name": "Mario Rossi",
            "phone": "+39 333 123 4567",
            "notes": "tavolo vicino alla finestra",
        }
    ).encode(),
    "Vapi envelope, 3 calls (600 B)": json.dumps(
        {
            "message": {
                "type": "tool-calls",
                "call": {"customer": {"number": "+393331234567"}},
                "toolCallList": [
                    {
                        "id": f"call_{i}",
                        "type": "function",
                        "function": {
                            "name": "check_openings",
                            "arguments": json.dumps({"restaurant_id": "roma", "day": "2026-02-20", "time": "20:00"}),
                        },
                    }
                    for i in range(3)
                ],
            }
        }
    ).encode(),
    "notes near the cap (60 KB)": json.dumps(
        {"restaurant_id": "roma", "notes": "è " * 20_000}, ensure_ascii=False
    ).encode(),
}


def timed(call, body: bytes, repeat: int) -> float:
    started = time.perf_counter()
    for _ in range(repeat):
        call(body)
    return (time.perf_counter() - started) / repeat


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=2000)
    args = parser.parse_args()
    print(f"{'body':34} {'floor µs':>9} {'guarded µs':>11} {'ratio median':>13} {'min-max':>12}")
    for name, body in BODIES.items():
        repeat = max(20, args.repeat // max(1, len(body) // 1000))
        floors, guarded, ratios = [], [], []
        for _ in range(args.rounds):  # interleaved: floor, then guarded, every round
            floor = timed(json.loads, body, repeat)
            ours = timed(parse_json, body, repeat)
            floors.append(floor)
            guarded.append(ours)
            ratios.append(ours / floor)
        print(
            f"{name:34} {statistics.median(floors) * 1e6:9.1f} {statistics.median(guarded) * 1e6:11.1f} "
            f"{statistics.median(ratios):13.2f} {min(ratios):5.2f}-{max(ratios):.2f}"
        )


if __name__ == "__main__":
    main()
