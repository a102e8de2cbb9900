"""Warm tool calls of `concierge serve` on SQLite against a bare floor, at 1 and 20 callers, interleaved.

Run: .venv/bin/python tests/benchmarks/bench_tools.py [--rounds 5] [--requests 200] [--callers 1 20]
     [--tools check_openings list_bookings] [--workers 1] [--threads 8]
Starts `concierge serve` (fixed clock, embedded store in a temporary folder) and the floor
(`floor_server.py`: the same server, waitress with the same threads, a bare WSGI app running the
statements the store runs for each tool on the same file, nothing else), each in its own process. For
every tool and number of callers, each round sends the same requests to the project and to the floor
(which one goes first alternates), from keep-alive connections (http.client, one per caller: a light
client, so the servers are what is measured). Prints per tool and callers the medians over the rounds
of p50 latency, throughput and the server's CPU time per request (its threads' time on a core, read
from /proc: what a busy shared machine disturbs least), and the ratios project / floor of each,
median and min-max.
"""

from __future__ import annotations

import argparse
import datetime as dt
import http.client
import json
import os
import sqlite3
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

from tests.support.local import free_port  # noqa: E402
from tests.support.serve_process import ServeProcess, cpu_ns  # noqa: E402

VENUES = ROOT / "tests" / "fixtures" / "venues.yaml"
NOW = "2026-02-19T18:00:00+01:00"
DAYS = ["2026-02-20", "2026-02-21", "2026-02-23", "2026-02-24", "2026-02-25", "2026-02-26"]
TIMES = ["19:00", "19:30", "20:00", "20:30", "21:00", "21:30", "22:00"]
DAY_TEXTS = ["domani", "sabato", "tra 3 giorni", "domani sera", "il 3 marzo", "sabato della settimana prossima"]
TIME_TEXTS = ["tra mezz'ora", "20 e 30", "alle 8", "half seven"]
OPEN_DAYS = [d for d in (dt.date(2026, 4, 1) + dt.timedelta(days=i) for i in range(3000)) if d.weekday() != 6]
ALL_TOOLS = [
    "check_openings",
    "list_bookings",
    "create_booking",
    "modify_booking",
    "cancel_booking",
    "faq",
    "is_open_now",
    "resolve_relative_day",
    "resolve_relative_time",
]


def start_server(data_dir: str, store: str) -> tuple[subprocess.Popen, str]:
    """`concierge serve` on the benchmarks' venues and clock, for the benchmarks that drive it over HTTP."""
    server = ServeProcess(Path(data_dir), store, env={"CONCIERGE_NOW": NOW}, venues=VENUES)
    return server.process, server.url


def operator_key(data_dir: str) -> str:
    """The key of an operator added to the store in `data_dir` by `concierge operators add`."""
    return subprocess.run(
        [sys.executable, "-m", "concierge.cli", "operators", "add", "Bench Operator", "--data", data_dir],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


class Bodies:
    """Request bodies per tool; creates take a slot never taken before (the write path, not the refusal)."""

    def __init__(self, booking_ids: list[str]) -> None:
        self.booking_ids = booking_ids
        self.slot = 0

    def make(self, tool: str, i: int) -> dict:
        if tool == "check_openings":
            return {"restaurant_id": "roma", "day": DAYS[i % len(DAYS)], "time": TIMES[(i // 6) % len(TIMES)]}
        if tool == "list_bookings":
            return {"restaurant_id": "roma", "phone": f"+39333000{i % 50:04d}"}
        if tool == "create_booking":
            self.slot += 1
            day, time_ = OPEN_DAYS[self.slot // len(TIMES)], TIMES[self.slot % len(TIMES)]
            phone = f"+39334{self.slot:07d}"
            return {"restaurant_id": "roma", "day": day.isoformat(), "time": time_, "people": 2, "name": "Bench",
                    "phone": phone}  # fmt: skip
        if tool == "modify_booking":
            return {"restaurant_id": "roma", "booking_id": self.booking_ids[i % len(self.booking_ids)],
                    "new_people": 2 + i % 3}  # fmt: skip
        if tool == "faq":
            return {"restaurant_id": "roma", "question": ["c'è parcheggio?", "cani?", "glutine"][i % 3]}
        if tool == "is_open_now":
            return {"restaurant_id": "roma"}
        if tool == "resolve_relative_day":
            return {"restaurant_id": "roma", "text": DAY_TEXTS[i % len(DAY_TEXTS)]}
        return {"restaurant_id": "roma", "text": TIME_TEXTS[i % len(TIME_TEXTS)]}


def load(port: int, tool: str, payloads: list[bytes], callers: int) -> tuple[list[float], float]:
    """Send every payload from `callers` threads, each on its own keep-alive connection: latencies (ms), wall s."""
    latencies: list[float] = []
    lock = threading.Lock()
    local = threading.local()
    headers = {"Content-Type": "application/json"}

    def one(payload: bytes) -> None:
        conn = getattr(local, "conn", None)
        if conn is None:
            conn = local.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        started = time.perf_counter()
        conn.request("POST", f"/api/{tool}", body=payload, headers=headers)
        response = conn.getresponse()
        data = response.read()
        elapsed = (time.perf_counter() - started) * 1000
        if response.status >= 500:
            raise RuntimeError(f"{tool}: {response.status} {data[:300]!r}")
        with lock:
            latencies.append(elapsed)

    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=callers) as pool:
        list(pool.map(one, payloads))
    return latencies, time.perf_counter() - started


def start_floor(data: Path, threads: int) -> tuple[subprocess.Popen, int]:
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            str(Path(__file__).with_name("floor_server.py")),
            "--port",
            str(port),
            "--data",
            str(data),
            "--threads",
            str(threads),
        ],  # fmt: skip
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return process, port
        except httpx.HTTPError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("the floor did not start")
        time.sleep(0.1)


def seed(url: str) -> list[str]:
    """50 bookings in March for list/modify (days that check_openings does not read)."""
    march = [d for d in range(2, 31) if (d + 6) % 7 != 0][:25]  # Trattoria Roma shuts on Sundays
    ids = []
    with httpx.Client(timeout=30) as client:
        for i in range(50):
            body = {"restaurant_id": "roma", "day": f"2026-03-{march[i // 2]:02d}", "time": ["19:00", "21:00"][i % 2],
                    "people": 2, "name": f"Seed {i}", "phone": f"+39333000{i:04d}"}  # fmt: skip
            ids.append(client.post(f"{url}/api/create_booking", json=body).json()["booking_id"])
    return ids


def summary(values: list[float]) -> str:
    return f"{statistics.median(values):5.2f} ({min(values):.2f}-{max(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--requests", type=int, default=200, help="requests per round at 20 callers (half at 1)")
    parser.add_argument("--callers", type=int, nargs="*", default=[1, 20])
    parser.add_argument("--tools", nargs="*", choices=ALL_TOOLS, default=ALL_TOOLS)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--workers", type=int, default=1, help="concierge serve --workers (the floor is one process)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        server = ServeProcess(data, "sqlite", threads=args.threads, env={"CONCIERGE_NOW": NOW}, venues=VENUES,
                              workers=args.workers)  # fmt: skip
        floor, floor_port = start_floor(data, args.threads)
        try:
            bodies = Bodies(seed(server.url))
            for tool in args.tools:  # warm-up: every tool's first call, grammars and caches, on both
                if tool == "cancel_booking":
                    continue
                payloads = [json.dumps(bodies.make(tool, i)).encode() for i in range(20)]
                load(server.port, tool, payloads, 4)
                load(floor_port, tool, payloads, 4)
            print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}; {os.cpu_count()} cores; "
                  f"concierge serve --workers {args.workers} --threads {args.threads}; floor: waitress, "
                  f"{args.threads} threads; {args.rounds} rounds, project and floor alternating")  # fmt: skip
            print(f"{'tool':22} {'callers':>7} {'p50 ms':>7} {'floor':>6} {'p50 ratio (min-max)':>20} "
                  f"{'req/s':>6} {'floor':>6} {'throughput ratio':>18} "
                  f"{'CPU us':>6} {'floor':>6} {'CPU ratio':>18}")  # fmt: skip
            for tool in args.tools:
                for callers in args.callers:
                    run_tool(tool, callers, args, bodies, server, floor_port, floor.pid)
            print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
        finally:
            server.stop()
            floor.terminate()
            floor.wait(timeout=10)


def run_tool(
    tool: str, callers: int, args: argparse.Namespace, bodies: Bodies, server, floor_port: int, floor_pid: int
) -> None:
    n = args.requests if callers > 1 else max(20, args.requests // 2)
    p50s: dict[str, list[float]] = {"project": [], "floor": []}
    rates: dict[str, list[float]] = {"project": [], "floor": []}
    cpus: dict[str, list[float]] = {"project": [], "floor": []}
    pids = {"project": server.serving_pids(), "floor": [floor_pid]}
    for round_ in range(args.rounds):
        if tool == "cancel_booking":  # fresh bookings to cancel on both sides, taken outside the timing
            with httpx.Client(timeout=30) as client:
                made = [client.post(f"{server.url}/api/create_booking", json=bodies.make("create_booking", i)).json()
                        for i in range(n)]  # fmt: skip
            ids = [answer["booking_id"] for answer in made if answer.get("ok")]  # a closed day refuses
            with sqlite3.connect(server.data_dir / "concierge.db", timeout=30) as conn:
                conn.executemany(
                    "INSERT INTO bookings (booking_id, venue_id, day, time, people, name, phone, created_at)"
                    " VALUES (?, 'floor-roma', '2026-04-01', '20:00', 2, 'Bench', ?, datetime('now'))",
                    [(f"f{booking_id}", f"+3933{i:08d}") for i, booking_id in enumerate(ids)],
                )
            project = [json.dumps({"restaurant_id": "roma", "booking_id": i}).encode() for i in ids]
            floor = [json.dumps({"restaurant_id": "roma", "booking_id": f"f{i}"}).encode() for i in ids]
        else:
            project = [json.dumps(bodies.make(tool, i)).encode() for i in range(n)]
            floor = project  # the floor books the same slots for venue "floor-roma"
        sides = [("project", server.port, project), ("floor", floor_port, floor)]
        for side, port, payloads in sides if round_ % 2 == 0 else reversed(sides):
            before = cpu_ns(pids[side])
            latencies, wall = load(port, tool, payloads, callers)
            cpus[side].append((cpu_ns(pids[side]) - before) / len(latencies) / 1000)
            p50s[side].append(statistics.median(latencies))
            rates[side].append(len(latencies) / wall)
    ratios = [p / f for p, f in zip(p50s["project"], p50s["floor"], strict=True)]
    throughput = [p / f for p, f in zip(rates["project"], rates["floor"], strict=True)]
    cpu = [p / f for p, f in zip(cpus["project"], cpus["floor"], strict=True)]
    print(
        f"{tool:22} {callers:7d} {statistics.median(p50s['project']):7.2f} {statistics.median(p50s['floor']):6.2f} "
        f"{summary(ratios):>20} {statistics.median(rates['project']):6.0f} {statistics.median(rates['floor']):6.0f} "
        f"{summary(throughput):>18} {statistics.median(cpus['project']):6.0f} {statistics.median(cpus['floor']):6.0f} "
        f"{summary(cpu):>18}",
        flush=True,
    )


if __name__ == "__main__":
    main()
