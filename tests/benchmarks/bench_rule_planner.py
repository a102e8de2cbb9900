"""The rule planner's time per operator message, over the conversations of its corpus.

Run: .venv/bin/python tests/benchmarks/bench_rule_planner.py [--rounds 7]
Every conversation of tests/unit/data/planner_corpus.yaml is planned message by message as the plan
service does (the session's turns replayed), against the corpus's house of bookings searched in
process with the search tool's own scoring, so the figures are the planner's reading and matching
without HTTP. The floor is one booking search per message (what any planner naming a guest does at
least once). Floor and planner are timed interleaved in each round; the median and min-max over
rounds are printed, in milliseconds per message and as a ratio to the floor of the same round.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "shared"), str(ROOT)]

from tests.unit.plans.test_planner_corpus import CASES, converse, lookup  # noqa: E402

GROUPS = {
    "requests planned at once": [c for c in CASES if len(c["say"]) == 1],
    "conversations with answers": [c for c in CASES if len(c["say"]) > 1],
}


def planner_ms(cases: list[dict]) -> float:
    started = time.perf_counter()
    for case in cases:
        converse(case)
    return (time.perf_counter() - started) * 1000 / sum(len(c["say"]) for c in cases)


def floor_ms(cases: list[dict]) -> float:
    started = time.perf_counter()
    for case in cases:
        for message in case["say"]:
            lookup("search_bookings", {"restaurant_id": "roma", "search_text": message.split()[-1]})
    return (time.perf_counter() - started) * 1000 / sum(len(c["say"]) for c in cases)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    for cases in GROUPS.values():  # warm caches: compiled grammars, holiday calendars
        planner_ms(cases)
    results: dict[str, list[tuple[float, float]]] = {group: [] for group in GROUPS}
    for _ in range(args.rounds):
        for group, cases in GROUPS.items():
            floor = floor_ms(cases)
            planned = planner_ms(cases)
            results[group].append((planned, planned / floor))
    messages = {group: sum(len(c["say"]) for c in cases) for group, cases in GROUPS.items()}
    print(f"{args.rounds} rounds; floor: one in-process booking search per message")
    header = f"{'conversations':30} {'messages':>8} {'ms/message median':>18} {'(min-max)':>12}"
    print(f"{header} {'x floor':>8} {'(min-max)':>12}")
    for group, samples in results.items():
        ms = [s[0] for s in samples]
        ratio = [s[1] for s in samples]
        print(
            f"{group:30} {messages[group]:8} {statistics.median(ms):18.2f} {f'({min(ms):.1f}-{max(ms):.1f})':>12} "
            f"{statistics.median(ratio):8.1f} {f'({min(ratio):.0f}-{max(ratio):.0f})':>12}"
        )


if __name__ == "__main__":
    main()
