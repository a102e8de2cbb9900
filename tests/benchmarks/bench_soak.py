"""Soak: mixed requests against `concierge serve`, printing its RSS and open descriptors as it goes.

Run: .venv/bin/python tests/benchmarks/bench_soak.py [--store sqlite|firestore] [--requests 50000]
     [--callers 8] [--threads 8] [--workers 1] [--every 5000]
Starts `concierge serve` in its own process (embedded store in a temporary folder, or the Firestore
emulator), then sends from `--callers` threads a mix of: availability of a real venue, availability
of a made-up venue id (a new one each time), the caller's bookings, a booking taken and cancelled
(or refused when the slot is full), and a health check; every tenth request opens a new connection.
Every `--every` requests it prints the server's RSS (VmRSS) and open descriptors (/proc/<pid>/fd; with
`--workers N`, summed over the worker processes),
and at the end their growth after warm-up (from the first report after the start) as ratios.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.support import firestore_emulator  # noqa: E402
from tests.support.local import stop_session_emulators  # noqa: E402
from tests.support.serve_process import ServeProcess  # noqa: E402

DAYS = [dt.date(2026, 3, 2) + dt.timedelta(days=i) for i in range(60)]
DAYS = [d for d in DAYS if d.weekday() != 6]  # Trattoria Roma shuts on Sundays


def one(client: httpx.Client, url: str, n: int) -> int:
    day = DAYS[n % len(DAYS)].isoformat()
    kind = n % 5
    if kind == 0:
        body = {"restaurant_id": "roma", "day": day, "time": "20:00", "people": 2}
        return client.post(f"{url}/api/check_openings", json=body).status_code
    if kind == 1:
        body = {"restaurant_id": f"made-up-{n}", "day": day, "time": "20:00", "people": 2}
        return client.post(f"{url}/api/check_openings", json=body).status_code
    if kind == 2:
        return client.post(
            f"{url}/api/list_bookings", json={"restaurant_id": "roma", "phone": "+393331234567"}
        ).status_code
    if kind == 3:
        body = {
            "restaurant_id": "roma",
            "day": day,
            "time": "21:00",
            "people": 2,
            "name": "Soak",
            "phone": f"+39333{n % 10_000_000:07d}",
        }
        created = client.post(f"{url}/api/create_booking", json=body)
        if created.status_code != 200:
            return created.status_code
        return client.post(
            f"{url}/api/cancel_booking", json={"restaurant_id": "roma", "booking_id": created.json()["booking_id"]}
        ).status_code
    return client.get(f"{url}/healthz").status_code


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--store", choices=["sqlite", "firestore"], default="sqlite")
    parser.add_argument("--requests", type=int, default=50_000)
    parser.add_argument("--callers", type=int, default=8)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--every", type=int, default=5_000)
    args = parser.parse_args()
    env = {}
    if args.store == "firestore":  # the emulator given in FIRESTORE_EMULATOR_HOST, or one started here
        host = firestore_emulator.emulator_host()
        firestore_emulator.clear(host)
        env["FIRESTORE_EMULATOR_HOST"] = host
    try:
        return soak(args, env)
    finally:
        stop_session_emulators()


def soak(args: argparse.Namespace, env: dict[str, str]) -> int:
    with tempfile.TemporaryDirectory() as folder:
        server = ServeProcess(Path(folder) / "data", args.store, threads=args.threads, env=env, workers=args.workers)
        sent = 0
        statuses: dict[int, int] = {}
        lock = threading.Lock()
        reports: list[tuple[int, int, int]] = []
        started = time.monotonic()

        def report() -> None:
            rss, fds = server.rss_kib(), server.open_descriptors()
            reports.append((sent, rss, fds))
            print(
                f"{sent:>7} requests  RSS {rss / 1024:7.1f} MB  open descriptors {fds:4d}  "
                f"({time.monotonic() - started:6.1f} s)",
                flush=True,
            )

        def caller() -> None:
            nonlocal sent
            client = httpx.Client(timeout=60)
            try:
                while True:
                    with lock:
                        if sent >= args.requests:
                            return
                        n = sent
                        sent += 1
                        if sent % args.every == 0:
                            report()
                    if n % 10 == 0:
                        client.close()
                        client = httpx.Client(timeout=60)
                    status = one(client, server.url, n)
                    with lock:
                        statuses[status] = statuses.get(status, 0) + 1
            finally:
                client.close()

        report()
        threads = [threading.Thread(target=caller) for _ in range(args.callers)]
        [t.start() for t in threads]
        [t.join() for t in threads]
        exit_status = server.stop()
        print(f"statuses: {dict(sorted(statuses.items()))}; server exit status {exit_status}")
        if len(reports) >= 3:
            _, rss0, fds0 = reports[1]  # after the first `--every` requests: warm
            rss_max = max(r[1] for r in reports[1:])
            fds_max = max(r[2] for r in reports[1:])
            print(
                f"after warm-up: RSS max/first {rss_max / rss0:.3f}x, open descriptors max/first {fds_max / fds0:.3f}x"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
