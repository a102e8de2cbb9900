"""Back-end calls per tool call, and latency, for each booking provider against its local server.

Run: .venv/bin/python tests/benchmarks/bench_providers.py [--rounds 30]
Each tool runs in-process (warm venue cache) on a venue whose bookings live on the provider's local
server; the server counts the HTTP requests it receives (token exchanges included).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from concierge.bootstrap import build_context  # noqa: E402
from concierge.settings import Settings  # noqa: E402
from concierge.cli import import_venues  # noqa: E402
from concierge.http.envelopes import run_tool  # noqa: E402
from concierge.tools import TOOLS as ALL_TOOLS  # noqa: E402
from tests.conftest import THURSDAY_EVENING_ROME, VENUES_FILE  # noqa: E402
from tests.integration.conftest import with_providers  # noqa: E402
from tests.support.providers import KINDS, provider_setup  # noqa: E402

TOOLS = ["check_openings", "create_booking", "list_bookings", "modify_booking", "cancel_booking"]


def calls_seen(server) -> int:
    if server is None:
        return 0
    if hasattr(server, "calls"):  # the Sheets server logs operations (token exchanges included)
        return len(server.calls)
    tokens = getattr(server, "token_requests", 0)  # token exchanges, where the back-end has them
    return len(server.requests) + (tokens if isinstance(tokens, int) else len(tokens))


def bench(kind: str, rounds: int) -> dict[str, tuple[float, float, float]]:
    with tempfile.TemporaryDirectory() as folder, provider_setup(kind) as (block_for, secrets, server):
        os.environ.update(secrets)
        settings = Settings(data_dir=Path(folder) / "data", now=THURSDAY_EVENING_ROME)
        import_venues(settings, with_providers(VENUES_FILE, block_for, Path(folder)))
        ctx = build_context(settings)
        ctx.venues.get("roma")
        samples: dict[str, list[tuple[float, int]]] = {tool: [] for tool in TOOLS}
        booking_id = None
        days = [f"2026-03-{d:02d}" for d in range(2, 32) if (d + 6) % 7 != 0]
        for i in range(rounds):
            day = days[i % len(days)]
            bodies = {
                "check_openings": {"restaurant_id": "roma", "day": day, "time": "20:00"},
                "create_booking": {
                    "restaurant_id": "roma",
                    "day": day,
                    "time": "19:00",
                    "people": 2,
                    "name": f"Ospite {i}",
                    "phone": f"+39333100{i:04d}",
                },
                "list_bookings": {"restaurant_id": "roma", "phone": f"+39333100{i:04d}"},
            }
            for tool in TOOLS:
                body = bodies.get(tool)
                if tool in ("modify_booking", "cancel_booking"):
                    body = {"restaurant_id": "roma", "booking_id": booking_id}
                    if tool == "modify_booking":
                        body["new_time"] = "21:00"
                before, started = calls_seen(server), time.perf_counter()
                payload = run_tool(ctx, ALL_TOOLS[tool], body)
                elapsed = (time.perf_counter() - started) * 1000
                assert payload.get("ok"), (kind, tool, payload)
                samples[tool].append((elapsed, calls_seen(server) - before))
                if tool == "create_booking":
                    booking_id = payload["booking_id"]
        for name in secrets:
            os.environ.pop(name, None)
    return {
        tool: (
            statistics.median(c for _, c in s),
            statistics.median(t for t, _ in s),
            statistics.quantiles([t for t, _ in s], n=100, method="inclusive")[98],
        )
        for tool, s in samples.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    print(f"{args.rounds} rounds per tool, one caller, Trattoria Roma; calls = HTTP requests reaching the back-end")
    print(f"{'provider':10} {'tool':16} {'calls':>6} {'p50 ms':>8} {'p99 ms':>8}")
    for kind in KINDS:
        for tool, (calls, p50, p99) in bench(kind, args.rounds).items():
            print(f"{kind:10} {tool:16} {calls:>6.0f} {p50:8.1f} {p99:8.1f}")


if __name__ == "__main__":
    main()
