"""Google Sheets API reads per minute under 20 concurrent callers across two server processes.

Run: .venv/bin/python tests/benchmarks/bench_sheets_quota.py [--rounds 3] [--seconds 20] [--callers 20] [--pause 3]
Starts the local Sheets API in this process and two `concierge serve` processes on one store (SQLite
file, shared as Firestore is by function instances), every venue's bookings on the sheet. Callers
alternate between the two servers: 9 in 10 calls ask check_openings, 1 in 10 books, and each caller
waits `--pause` seconds between its calls (a voice turn; 0 for a stress run). The floor is the
same load with `cache_seconds: 0` (every call reads the sheet, as with no shared snapshot); rounds
alternate floor and shared, and the figures are median (min–max) over the rounds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.integration.conftest import with_providers  # noqa: E402
from tests.support.serve_process import ServeProcess  # noqa: E402
from tests.support.sheets_server import SPREADSHEET_ID, start_sheets_server  # noqa: E402

VENUES = ROOT / "tests" / "fixtures" / "venues.yaml"
NOW = "2026-02-19T18:00:00+01:00"
DAYS = ["2026-02-20", "2026-02-21", "2026-02-23", "2026-02-24", "2026-02-25", "2026-02-26"]
TIMES = ["19:00", "19:30", "20:00", "20:30", "21:00", "21:30", "22:00"]


def start_server(data_dir: str, venues: Path, env: dict[str, str]) -> tuple[subprocess.Popen, str]:
    server = ServeProcess(Path(data_dir), "sqlite", env={**env, "CONCIERGE_NOW": NOW}, venues=venues)
    return server.process, server.url


def run_round(cache_seconds: float, seconds: float, callers: int, pause: float) -> tuple[float, float, int]:
    """(Sheets reads per minute, tool calls per minute, calls answered PROVIDER_UNAVAILABLE)."""
    with tempfile.TemporaryDirectory() as folder, start_sheets_server() as sheets:
        block = {
            "kind": "sheets",
            "base_url": sheets.base_url,
            "spreadsheet_id": SPREADSHEET_ID,
            "credentials_env": "SHEETS_CREDENTIALS_JSON",
            "cache_seconds": cache_seconds,
        }
        venues = with_providers(VENUES, lambda venue_id: {**block, "worksheet": venue_id}, Path(folder))
        env = {"SHEETS_CREDENTIALS_JSON": json.dumps(sheets.credentials())}
        servers = [start_server(folder, venues, env) for _ in range(2)]
        calls, unavailable = [0], [0]
        lock = threading.Lock()
        stop = time.monotonic() + seconds + 2

        def caller(n: int) -> None:
            client = httpx.Client(timeout=30)
            i = 0
            while time.monotonic() < stop:
                base = servers[(n + i) % 2][1]
                day, at = DAYS[(n + i) % len(DAYS)], TIMES[(n * 3 + i) % len(TIMES)]
                if i % 10 == 9:
                    body = {
                        "restaurant_id": "roma",
                        "day": day,
                        "time": at,
                        "people": 2,
                        "name": f"Ospite {n}",
                        "phone": f"+39333{n:03d}{i:04d}",
                    }
                    tool = "create_booking"
                else:
                    body, tool = {"restaurant_id": "roma", "day": day, "time": at}, "check_openings"
                answer = client.post(f"{base}/api/{tool}", json=body).json()
                with lock:
                    if time.monotonic() < stop - 2:
                        calls[0] += 1
                    unavailable[0] += answer.get("error_code") == "PROVIDER_UNAVAILABLE"
                i += 1
                time.sleep(pause)
            client.close()

        threads = [threading.Thread(target=caller, args=(n,)) for n in range(callers)]
        for thread in threads:
            thread.start()
        time.sleep(1)  # tokens fetched, venues cached
        reads_before = sheets.count("values_get")
        time.sleep(seconds)
        reads = sheets.count("values_get") - reads_before
        for thread in threads:
            thread.join()
        for process, _ in servers:
            process.terminate()
            process.wait(timeout=10)
    return reads * 60 / seconds, calls[0] * 60 / (seconds + 1), unavailable[0]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--callers", type=int, default=20)
    parser.add_argument("--pause", type=float, default=3.0)
    args = parser.parse_args()
    results: dict[str, list[tuple[float, float, int]]] = {"floor (cache_seconds 0)": [], "shared (cache_seconds 5)": []}
    for _ in range(args.rounds):
        results["floor (cache_seconds 0)"].append(run_round(0, args.seconds, args.callers, args.pause))
        results["shared (cache_seconds 5)"].append(run_round(5, args.seconds, args.callers, args.pause))
    floor = statistics.median(r[0] for r in results["floor (cache_seconds 0)"])
    print(
        f"{args.callers} callers ({args.pause:g} s between a caller's calls), 2 server processes, "
        f"{args.rounds} rounds of {args.seconds:.0f} s; median (min-max)"
    )
    print(f"{'':26} {'Sheets reads/min':>24} {'tool calls/min':>24} {'reads/floor':>12} {'unavailable':>12}")
    for name, rows in results.items():
        reads, rate = [r[0] for r in rows], [r[1] for r in rows]
        print(
            f"{name:26} {statistics.median(reads):>9.0f} ({min(reads):.0f}-{max(reads):.0f})".ljust(51)
            + f"{statistics.median(rate):>9.0f} ({min(rate):.0f}-{max(rate):.0f})".ljust(25)
            + f"{statistics.median(reads) / floor:>8.2f} {sum(r[2] for r in rows):>12}"
        )


if __name__ == "__main__":
    main()
