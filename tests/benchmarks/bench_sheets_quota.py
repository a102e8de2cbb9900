"""Google Sheets API reads per minute under 20 concurrent callers across two server processes.

Run: .venv/bin/python tests/benchmarks/bench_sheets_quota.py [--store firestore|sqlite] [--mix voice|bookings]
     [--rounds 3] [--seconds 30] [--callers 20] [--pause 3]
Starts the local Sheets API in this process and two `concierge serve` processes on one store (the
Firestore emulator, shared as Firestore is by function instances; or one SQLite file), every venue's
bookings on the sheet. Callers alternate between the two servers and wait `--pause` seconds between
their calls (a voice turn; 0 for a stress run). Mix `voice`: 9 in 10 calls ask check_openings, 1 in 10
books; mix `bookings` (booking-heavy): every other call books. Three set-ups, interleaved round by round:
the floor (`cache_seconds: 0`: every call reads the sheet, as with no shared copy), shared copies with
every booking decided on a fresh read (`fresh_decisions: true`), and shared copies with bookings decided
on the last writer's copy (the default). Figures are median (min–max) over the rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.integration.conftest import with_providers  # noqa: E402
from tests.support import firestore_emulator  # noqa: E402
from tests.support.serve_process import ServeProcess  # noqa: E402
from tests.support.sheets_server import SPREADSHEET_ID, start_sheets_server  # noqa: E402

VENUES = ROOT / "tests" / "fixtures" / "venues.yaml"
NOW = "2026-02-19T18:00:00+01:00"
DAYS = ["2026-02-20", "2026-02-21", "2026-02-23", "2026-02-24", "2026-02-25", "2026-02-26"]
TIMES = ["19:00", "19:30", "20:00", "20:30", "21:00", "21:30", "22:00"]


SETUPS = {
    "floor (cache_seconds 0)": {"cache_seconds": 0},
    "shared, fresh decisions": {"cache_seconds": 5, "fresh_decisions": True},
    "shared, decided on copies": {"cache_seconds": 5},
}


def start_server(data_dir: str, venues: Path, env: dict[str, str], store: str) -> tuple[subprocess.Popen, str]:
    server = ServeProcess(Path(data_dir) / "data", store, env={**env, "CONCIERGE_NOW": NOW}, venues=venues)
    return server.process, server.url


def run_round(
    setup: dict, seconds: float, callers: int, pause: float, store: str, every: int
) -> tuple[float, float, float, int]:
    """(Sheets reads per minute, tool calls per minute, booking attempts per minute, calls answered
    PROVIDER_UNAVAILABLE); one call in `every` books."""
    if store == "firestore":
        firestore_emulator.clear(os.environ["FIRESTORE_EMULATOR_HOST"])
    with tempfile.TemporaryDirectory() as folder, start_sheets_server() as sheets:
        block = {
            "kind": "sheets",
            "base_url": sheets.base_url,
            "spreadsheet_id": SPREADSHEET_ID,
            "credentials_env": "SHEETS_CREDENTIALS_JSON",
            **setup,
        }
        venues = with_providers(VENUES, lambda venue_id: {**block, "worksheet": venue_id}, Path(folder))
        env = {"SHEETS_CREDENTIALS_JSON": json.dumps(sheets.credentials())}
        servers = [start_server(folder, venues, env, store) for _ in range(2)]
        calls, bookings, unavailable = [0], [0], [0]
        lock = threading.Lock()
        stop = time.monotonic() + seconds + 2

        def caller(n: int) -> None:
            client = httpx.Client(timeout=30)
            i = 0
            while time.monotonic() < stop:
                base = servers[(n + i) % 2][1]
                day, at = DAYS[(n + i) % len(DAYS)], TIMES[(n * 3 + i) % len(TIMES)]
                books = (i + n) % every == every - 1  # callers book at different turns
                if books:
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
                        bookings[0] += books
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
    return reads * 60 / seconds, calls[0] * 60 / (seconds + 1), bookings[0] * 60 / (seconds + 1), unavailable[0]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--store", choices=["firestore", "sqlite"], default="firestore")
    parser.add_argument("--mix", choices=["voice", "bookings"], default="voice")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--callers", type=int, default=20)
    parser.add_argument("--pause", type=float, default=3.0)
    args = parser.parse_args()
    every = 10 if args.mix == "voice" else 2
    results: dict[str, list[tuple[float, float, float, int]]] = {name: [] for name in SETUPS}
    with ExitStack() as stack:
        if args.store == "firestore":
            stack.enter_context(firestore_emulator.running_emulator())
        for _ in range(args.rounds):
            for name, setup in SETUPS.items():
                results[name].append(run_round(setup, args.seconds, args.callers, args.pause, args.store, every))
    floor = statistics.median(r[0] for r in results["floor (cache_seconds 0)"])
    print(
        f"{args.callers} callers ({args.pause:g} s between a caller's calls), 1 call in {every} books, "
        f"2 server processes on {args.store}, {args.rounds} rounds of {args.seconds:.0f} s; median (min-max)"
    )
    print(
        f"{'':26} {'Sheets reads/min':>20} {'tool calls/min':>20} {'bookings/min':>20} "
        f"{'reads/floor':>12} {'unavailable':>12}"
    )

    def cell(values: list[float]) -> str:
        return f"{statistics.median(values):>7.0f} ({min(values):.0f}-{max(values):.0f})".ljust(21)

    for name, rows in results.items():
        reads = [r[0] for r in rows]
        print(
            f"{name:26} "
            + cell(reads)
            + cell([r[1] for r in rows])
            + cell([r[2] for r in rows])
            + f"{statistics.median(reads) / floor:>8.2f} {sum(r[3] for r in rows):>12}"
        )


if __name__ == "__main__":
    main()
