"""CPU time of one warm tool call through the local server's WSGI app, in-process, against the floor app.

Run: .venv/bin/python tests/benchmarks/bench_tool_cpu.py [--rounds 7] [--calls 300] [--tools check_openings ...]
     [--profile TOOL]
Builds the app `concierge serve` builds (SQLite in a temporary folder, the benchmarks' venues and fixed
clock) and the floor's bare WSGI app (`floor_server.py`) on the same database file, then calls both
directly as WSGI applications in this thread: no sockets, no server, no other thread. Each round runs a
batch of the project's calls and a batch of the floor's (which goes first alternates) and reads this
thread's CPU time (time.thread_time_ns) per call; printed per tool: the medians over the rounds, the
ratio project / floor as median and min-max. This is the figure to follow while changing the request
path: it moves little with the machine's load, unlike a server's latency. Served by waitress, the same
call costs about two to three times as much CPU for both (the server's own work, and caches the client
and the kernel share); `bench_tools.py` measures that. `--profile TOOL` then prints a cProfile of that
tool's calls (thread CPU time).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Iterable

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))

import bench_tools  # noqa: E402
import floor_server  # noqa: E402

Wsgi = Callable[[dict, Callable], Iterable[bytes]]


def build_app(data: Path) -> Wsgi:
    """The WSGI app of `concierge serve`, wired by the function the command uses."""
    os.environ["CONCIERGE_NOW"] = bench_tools.NOW
    os.environ["CONCIERGE_STORE"] = "sqlite"
    from concierge.bootstrap import build_store
    from concierge.cli.serve import local_app
    from concierge.cli.venues import import_venues
    from concierge.settings import Settings

    settings = Settings.from_env(data_dir=data)
    import_venues(settings, bench_tools.VENUES)
    return local_app(settings, build_store(settings), "http://127.0.0.1:9")[0]


def call(app: Wsgi, tool: str, body: bytes) -> tuple[str, bytes]:
    """One POST /api/<tool> as waitress would hand it over (a delimited input stream)."""
    environ = {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": f"/api/{tool}",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8080",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": "127.0.0.1:8080",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body),
        "wsgi.input_terminated": True,
        "wsgi.url_scheme": "http",
    }
    answered: list[str] = []
    data = b"".join(app(environ, lambda status, headers, exc_info=None: answered.append(status)))
    return answered[0], data


def seed(app: Wsgi) -> list[str]:
    """The 50 bookings in March that bench_tools seeds, for list_bookings and modify_booking."""
    march = [d for d in range(2, 31) if (d + 6) % 7 != 0][:25]
    ids = []
    for i in range(50):
        body = {"restaurant_id": "roma", "day": f"2026-03-{march[i // 2]:02d}", "time": ["19:00", "21:00"][i % 2],
                "people": 2, "name": f"Seed {i}", "phone": f"+39333000{i:04d}"}  # fmt: skip
        ids.append(json.loads(call(app, "create_booking", json.dumps(body).encode())[1])["booking_id"])
    return ids


def cpu_per_call(app: Wsgi, tool: str, payloads: list[bytes]) -> float:
    started = time.thread_time_ns()
    for payload in payloads:
        status, data = call(app, tool, payload)
        if not status.startswith(("2", "4")):
            raise RuntimeError(f"{tool}: {status} {data[:300]!r}")
    return (time.thread_time_ns() - started) / len(payloads) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--calls", type=int, default=300)
    tools = [t for t in bench_tools.ALL_TOOLS if t != "cancel_booking"]  # a cancel needs a new booking per call
    parser.add_argument("--tools", nargs="*", choices=tools, default=tools)
    parser.add_argument("--profile", choices=tools)
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp()) / "data"
    app = build_app(data)
    floor_server.DAY_ROWS = True  # the store keeps a `days` row per venue and day
    floor = floor_server.floor_app(data / "concierge.db")
    bodies = bench_tools.Bodies(seed(app))
    print(f"{'tool':22} {'project us':>10} {'floor us':>9} {'ratio (min-max)':>20}   {args.rounds} rounds of "
          f"{args.calls} calls, in-process, thread CPU time")  # fmt: skip
    for tool in args.tools:

        def batch() -> list[bytes]:
            return [json.dumps(bodies.make(tool, i)).encode() for i in range(args.calls)]  # new slots per batch

        fixed = batch()
        for payload in fixed[:30]:  # warm-up: first calls, caches, per-thread connections
            call(app, tool, payload)
        ours: list[float] = []
        theirs: list[float] = []
        for round_ in range(args.rounds):
            sides = [(app, ours), (floor, theirs)]
            for wsgi, figures in sides if round_ % 2 == 0 else reversed(sides):
                figures.append(cpu_per_call(wsgi, tool, batch() if tool == "create_booking" else fixed))
        ratios = [p / f for p, f in zip(ours, theirs, strict=True)]
        print(f"{tool:22} {statistics.median(ours):10.1f} {statistics.median(theirs):9.1f} "
              f"{statistics.median(ratios):7.2f} ({min(ratios):.2f}-{max(ratios):.2f})", flush=True)  # fmt: skip
    if args.profile:
        payloads = [json.dumps(bodies.make(args.profile, i)).encode() for i in range(3000)]
        profile = cProfile.Profile(time.thread_time_ns, 1e-9)
        profile.enable()
        for payload in payloads:
            call(app, args.profile, payload)
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    main()
