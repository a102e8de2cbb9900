"""Per-tool latency of the local server under 20 concurrent callers, on either store.

Run: .venv/bin/python tests/benchmarks/bench_tools.py [--store sqlite|firestore] [--requests 200] [--callers 20]
     [--tools resolve_relative_day resolve_relative_time]
Starts `concierge serve` in its own process on a free port with a fixed clock (and, for
Firestore, uses or starts the emulator), warms it up, then sends each tool's requests from 20
threads at once and prints p50 / p99 / max in ms.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.support import firestore_emulator  # noqa: E402
from tests.support.serve_process import ServeProcess  # noqa: E402

VENUES = ROOT / "tests" / "fixtures" / "venues.yaml"
NOW = "2026-02-19T18:00:00+01:00"
DAYS = ["2026-02-20", "2026-02-21", "2026-02-23", "2026-02-24", "2026-02-25", "2026-02-26"]
TIMES = ["19:00", "19:30", "20:00", "20:30", "21:00", "21:30", "22:00"]
DAY_TEXTS = [
    "domani",
    "sabato",
    "tra 3 giorni",
    "domani sera",
    "il 3 marzo",
    "sabato della settimana prossima",
    "samedi en huit",
    "Natale",
    "questo weekend",
    "amanhã de manhã",
]
TIME_TEXTS = ["tra mezz'ora", "20 e 30", "alle 8", "half seven"]


def start_server(data_dir: str, store: str) -> tuple[subprocess.Popen, str]:
    server = ServeProcess(Path(data_dir), store, env={"CONCIERGE_NOW": NOW}, venues=VENUES)
    return server.process, server.url


def bodies(tool: str, n: int, booking_ids: list[str]) -> list[dict]:
    def slot(i: int) -> tuple[str, str]:
        return DAYS[i % len(DAYS)], TIMES[(i // len(DAYS)) % len(TIMES)]

    make = {
        "check_openings": lambda i: {"restaurant_id": "roma", "day": slot(i)[0], "time": slot(i)[1]},
        "create_booking": lambda i: {
            "restaurant_id": "harbour",
            "day": "2026-02-20",
            "time": "18:00",
            "people": 2,
            "name": f"Guest {i}",
            "phone": f"+44770090{i:04d}",
        },
        "list_bookings": lambda i: {"restaurant_id": "roma", "phone": f"+39333000{i % 50:04d}"},
        "modify_booking": lambda i: {
            "restaurant_id": "roma",
            "booking_id": booking_ids[i % len(booking_ids)],
            "new_people": 2 + i % 3,
        },
        "cancel_booking": lambda i: {"restaurant_id": "roma", "booking_id": booking_ids[i % len(booking_ids)]},
        "faq": lambda i: {"restaurant_id": "roma", "question": ["c'è parcheggio?", "cani?", "glutine"][i % 3]},
        "is_open_now": lambda i: {"restaurant_id": "roma"},
        "resolve_relative_day": lambda i: {"restaurant_id": "roma", "text": DAY_TEXTS[i % len(DAY_TEXTS)]},
        "resolve_relative_time": lambda i: {"restaurant_id": "roma", "text": TIME_TEXTS[i % len(TIME_TEXTS)]},
    }[tool]
    return [make(i) for i in range(n)]


def measure(client: httpx.Client, base: str, tool: str, payloads: list[dict], callers: int) -> list[float]:
    latencies: list[float] = []
    lock = threading.Lock()

    def one(body: dict) -> None:
        started = time.perf_counter()
        response = client.post(f"{base}/api/{tool}", json=body)
        elapsed = (time.perf_counter() - started) * 1000
        if response.status_code >= 500:
            raise RuntimeError(f"{tool}: {response.status_code} {response.text}")
        with lock:
            latencies.append(elapsed)

    with ThreadPoolExecutor(max_workers=callers) as pool:
        list(pool.map(one, payloads))
    return latencies


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=200, help="requests per tool")
    parser.add_argument("--callers", type=int, default=20)
    parser.add_argument("--store", choices=["sqlite", "firestore"], default="sqlite")
    parser.add_argument("--tools", nargs="*", help="only these tools (default: all)")
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        data = stack.enter_context(tempfile.TemporaryDirectory())
        if args.store == "firestore":
            firestore_emulator.clear(stack.enter_context(firestore_emulator.running_emulator()))
        process, base = start_server(data, args.store)
        limits = httpx.Limits(max_connections=args.callers, max_keepalive_connections=args.callers)
        try:
            with httpx.Client(timeout=30, limits=limits) as client:
                # Seed bookings for list/modify/cancel, on days that do not disturb check_openings.
                booking_ids = []
                march = [d for d in range(2, 31) if (d + 6) % 7 != 0][:25]  # Trattoria Roma shuts on Sundays
                for i in range(50):
                    body = {
                        "restaurant_id": "roma",
                        "day": f"2026-03-{march[i // 2]:02d}",
                        "time": ["19:00", "21:00"][i % 2],
                        "people": 2,
                        "name": f"Seed {i}",
                        "phone": f"+39333000{i:04d}",
                    }
                    booking_ids.append(client.post(f"{base}/api/create_booking", json=body).json()["booking_id"])
                measure(client, base, "check_openings", bodies("check_openings", 100, []), args.callers)  # warm-up
                # The resolvers' one-time costs (grammars compiled, holiday library loaded on the first holiday
                # named: ~150 ms once per process) are paid here, not in the table.
                for tool, texts in (("resolve_relative_day", DAY_TEXTS), ("resolve_relative_time", TIME_TEXTS)):
                    measure(client, base, tool, bodies(tool, len(texts), []), 1)
                print(f"{args.requests} requests per tool, {args.callers} concurrent callers, store: {args.store}")
                print(f"{'tool':24} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
                for tool in [
                    "check_openings",
                    "create_booking",
                    "list_bookings",
                    "modify_booking",
                    "faq",
                    "is_open_now",
                    "resolve_relative_day",
                    "resolve_relative_time",
                    "cancel_booking",
                ]:
                    if args.tools and tool not in args.tools:
                        continue
                    n = min(args.requests, len(booking_ids)) if tool == "cancel_booking" else args.requests
                    lat = measure(client, base, tool, bodies(tool, n, booking_ids), args.callers)
                    print(f"{tool:24} {percentile(lat, 50):8.1f} {percentile(lat, 99):8.1f} {max(lat):8.1f}")
        finally:
            process.terminate()
            process.wait(timeout=10)


if __name__ == "__main__":
    main()
