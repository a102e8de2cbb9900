"""Cold start: process start to first answered request, per function, against its floor.

Run: .venv/bin/python tests/benchmarks/bench_cold_start.py [--runs 5] [--only NAME ...]
Each function runs under `functions-framework` as deployed (Firestore store on the emulator, which
this uses or starts), timed from process start to its first answered request on a real route: the
tools with a real venue, `booking_api` at /api/check_openings, `plan_status` with the key of an
operator created in the store (the plan it asks for does not exist: the key and the plan are both
read), `mcp` with a tools/call. The floor is the same framework serving a function that loads only
the SDKs that function truly needs, reads one Firestore document and builds a pydantic model from it.
Function and floor alternate round after round (which goes first alternates too); prints the median
ms of each, the median ratio function / floor and its min-max. With `--cpu`, the ms are CPU time
instead (user and system time of the server's processes from start to exit after the first answer):
what the function itself spends, which a busy machine moves less than the wall clock.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from concierge.settings import Settings  # noqa: E402
from concierge.cli import import_venues  # noqa: E402
from tests.conftest import VENUES_FILE  # noqa: E402
from tests.support import firestore_emulator  # noqa: E402
from tests.support.local import free_port  # noqa: E402

ROMA = {"restaurant_id": "roma", "day": "2026-02-19", "time": "20:00"}
PATHS = {"booking_api": "/api/check_openings"}  # a real route; the others answer on any path
CASES = {  # function: (body, the SDKs it truly needs)
    "check_openings": (ROMA, ["google.cloud.firestore", "pydantic"]),
    "create_booking": (
        {**ROMA, "people": 2, "name": "Ana", "phone": "+393331234567"},
        ["google.cloud.firestore", "pydantic", "phonenumbers"],
    ),
    "faq": ({"restaurant_id": "roma", "question": "parcheggio?"}, ["google.cloud.firestore", "pydantic", "rapidfuzz"]),
    "resolve_relative_day": (
        {"restaurant_id": "roma", "text": "domani"},
        ["google.cloud.firestore", "pydantic", "text_to_num"],
    ),
    "booking_api": (ROMA, ["google.cloud.firestore", "pydantic"]),
    "plan_status": (
        {"plan_id": "00000000-0000-4000-8000-000000000000"},
        ["google.cloud.firestore", "pydantic", "httpx", "jsonref"],
    ),
    # One stateless MCP tools/call, as an MCP client sends it after the handshake.
    "mcp": (
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "check_openings", "arguments": ROMA}},
        ["google.cloud.firestore", "pydantic", "mcp.server.lowlevel", "mcp.server.streamable_http_manager", "a2wsgi"],
    ),
}
HEADERS: dict[str, str] = {}
MCP_HEADERS = {"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"}

FLOOR = """
import importlib, os
from flask import jsonify
from pydantic import BaseModel, ConfigDict
MODULES = {modules!r}
for name in MODULES:
    importlib.import_module(name)
from google.cloud import firestore
_db = firestore.Client(project=os.environ["CONCIERGE_FIRESTORE_PROJECT"])


class Venue(BaseModel):
    model_config = ConfigDict(extra="allow")
    name: str = ""
    timezone: str = "UTC"
    locale: str = "en"


def floor(request):
    body = request.get_json(silent=True) or {{}}
    snapshot = _db.collection("venues").document("roma").get()
    venue = Venue.model_validate(snapshot.to_dict() or {{}})
    return jsonify({{"ok": snapshot.exists, "name": venue.name, "asked": sorted(body)}})
"""


EXPECTED = {"plan_status": (404,)}  # a real read of a plan that does not exist


def operator_key() -> str:
    """A real operator's key, created in the store as `concierge operators add` does."""
    import datetime as dt

    from concierge.bootstrap import build_store
    from concierge.domain.operators import new_operator

    store = build_store(Settings(store="firestore", firestore_project=firestore_emulator.PROJECT))
    record, key = new_operator("Cold start", None, dt.datetime.now(dt.timezone.utc))
    store.add_operator(record)
    return key


def first_answer(target: str, source: Path, env: dict, body: dict, headers: dict, path: str = "/") -> float:
    port = free_port()
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "functions_framework", "--target", target, "--source", str(source), "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while True:
            try:
                response = httpx.post(f"http://127.0.0.1:{port}{path}", json=body, headers=headers, timeout=10)
                if response.status_code < 500:
                    if target != "floor" and response.status_code not in EXPECTED.get(target, (200,)):
                        raise RuntimeError(f"{target} answered {response.status_code}: {response.text[:300]}")
                    return (time.perf_counter() - started) * 1000
            except httpx.TransportError:
                pass
            if process.poll() is not None or time.perf_counter() - started > 60:
                raise RuntimeError(f"{target} did not answer")
            time.sleep(0.01)
    finally:
        process.terminate()
        process.wait(timeout=10)


def cpu_of(measure: Callable[[], float]) -> float:
    """The CPU ms (user and system) of the processes `measure` started and waited for."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    measure()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return 1000 * (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", nargs="*", choices=sorted(CASES), help="measure these functions only")
    parser.add_argument("--cpu", action="store_true", help="CPU time of the server's processes, not wall time")
    args = parser.parse_args()
    with firestore_emulator.running_emulator() as host, tempfile.TemporaryDirectory() as folder:
        firestore_emulator.clear(host)
        import_venues(Settings(store="firestore", firestore_project=firestore_emulator.PROJECT), VENUES_FILE)
        operator = {"Authorization": f"Bearer {operator_key()}"}
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT / "shared"),
            "CONCIERGE_STORE": "firestore",
            "CONCIERGE_FIRESTORE_PROJECT": firestore_emulator.PROJECT,
            "FIRESTORE_EMULATOR_HOST": host,
            "CONCIERGE_NOW": "2026-02-19T18:00:00+01:00",
            "CONCIERGE_QUEUE": "inprocess",
            "CONCIERGE_ACTIONS_BASE_URL": "http://127.0.0.1:9",
        }
        measured = "CPU time of the server's processes until" if args.cpu else "process start to"
        print(
            f"{args.runs} rounds, the function and its floor in alternating order; {measured} first answered "
            f"request (Firestore emulator); medians, and the ratio's min-max; load average {os.getloadavg()[0]:.1f}"
        )
        print(f"{'function':22} {'function ms':>12} {'floor ms':>9} {'ratio':>6} {'min-max':>11}")
        for name, (body, needed) in CASES.items():
            if args.only and name not in args.only:
                continue
            floor_file = Path(folder) / f"floor_{name}.py"
            floor_file.write_text(FLOOR.format(modules=needed))
            headers = MCP_HEADERS if name == "mcp" else operator if name.startswith("plan_") else HEADERS
            path = PATHS.get(name, "/")
            rounds = []
            for run in range(args.runs):  # interleaved: a busy moment of the machine weighs on both alike
                if name == "create_booking":  # a new guest each round: a booking taken, not a duplicate refused
                    day = ["2026-02-20", "2026-02-21", "2026-02-23", "2026-02-24", "2026-02-25", "2026-02-26"][run % 6]
                    body = {**body, "day": day, "phone": f"+39333123{run:04d}"}
                sides = {
                    "function": lambda: first_answer(
                        name, ROOT / "functions" / name / "main.py", env, body, headers, path
                    ),
                    "floor": lambda: first_answer("floor", floor_file, env, body, headers, path),
                }
                order = ["function", "floor"] if run % 2 == 0 else ["floor", "function"]
                times = {side: cpu_of(sides[side]) if args.cpu else sides[side]() for side in order}
                rounds.append((times["function"], times["floor"]))
            ratios = [measured / floor for measured, floor in rounds]
            print(
                f"{name:22} {statistics.median(m for m, _ in rounds):12.0f} "
                f"{statistics.median(f for _, f in rounds):9.0f} {statistics.median(ratios):6.2f} "
                f"{min(ratios):5.2f}-{max(ratios):.2f}"
            )


if __name__ == "__main__":
    main()
