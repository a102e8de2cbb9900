"""Store round trips per tool call, for each store adapter.

Run: .venv/bin/python tests/benchmarks/bench_round_trips.py
Calls each tool in-process (warm venue cache, as in a warm function instance) and counts what
reaches the store: SQL statements on SQLite (BEGIN and COMMIT included), gRPC calls on the
Firestore emulator (counted by an interceptor on the client's channel). Uses, or starts, the
Firestore emulator.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import grpc
from google.cloud import firestore

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from concierge.adapters.store.firestore import FirestoreStore  # noqa: E402
from concierge.adapters.store.sqlite import SqliteStore  # noqa: E402
from concierge.bootstrap import build_context  # noqa: E402
from concierge.settings import Settings  # noqa: E402
from concierge.domain.knowledge_base import load_knowledge_base  # noqa: E402
from concierge.http.envelopes import run_once, run_tool  # noqa: E402
from concierge.tools import TOOLS  # noqa: E402
from tests.conftest import THURSDAY_EVENING_ROME, VENUES_FILE  # noqa: E402
from tests.support import firestore_emulator  # noqa: E402


class Counter:
    def __init__(self) -> None:
        self.calls = 0


class CountingInterceptor(grpc.UnaryUnaryClientInterceptor, grpc.UnaryStreamClientInterceptor):
    def __init__(self, counter: Counter) -> None:
        self.counter = counter

    def intercept_unary_unary(self, continuation, details, request):
        self.counter.calls += 1
        return continuation(details, request)

    def intercept_unary_stream(self, continuation, details, request):
        self.counter.calls += 1
        return continuation(details, request)


class CountingFirestoreClient(firestore.Client):
    """The real client, with its emulator channel wrapped by a counting interceptor."""

    counter = Counter()

    def _emulator_channel(self, transport):
        return grpc.intercept_channel(super()._emulator_channel(transport), CountingInterceptor(self.counter))


class CountingSqliteStore(SqliteStore):
    counter = Counter()

    def _conn(self):
        conn = super()._conn()
        conn.set_trace_callback(lambda statement: setattr(self.counter, "calls", self.counter.calls + 1))
        return conn


CALLS = [
    ("check_openings", {"restaurant_id": "roma", "day": "2026-02-20", "time": "20:00"}),
    ("check_openings (day with bookings)", {"restaurant_id": "roma", "day": "2026-02-21", "time": "20:00"}),
    ("check_openings (day only)", {"restaurant_id": "roma", "day": "2026-02-20"}),
    (
        "create_booking",
        {
            "restaurant_id": "roma",
            "day": "2026-02-20",
            "time": "20:00",
            "people": 2,
            "name": "A",
            "phone": "+393331234567",
        },
    ),
    (
        "create_booking (idempotency key)",
        {
            "restaurant_id": "roma",
            "day": "2026-02-20",
            "time": "21:00",
            "people": 2,
            "name": "K",
            "phone": "+393331234568",
        },
    ),
    ("create_booking (refused: full)", None),
    ("list_bookings", {"restaurant_id": "roma", "phone": "+393331234567"}),
    ("modify_booking", None),
    ("modify_booking (another day)", None),
    ("cancel_booking", None),
    ("faq", {"restaurant_id": "roma", "question": "parcheggio?"}),
    ("is_open_now", {"restaurant_id": "roma"}),
    ("resolve_relative_day", {"restaurant_id": "roma", "text": "domani"}),
    ("resolve_relative_time", {"restaurant_id": "roma", "text": "20 e 30"}),
]


def count_calls(store, counter: Counter) -> dict[str, int]:
    store.put_venues({vid: v.model_dump(mode="json") for vid, v in load_knowledge_base(VENUES_FILE).items()})
    ctx = build_context(Settings(now=THURSDAY_EVENING_ROME), store=store)
    ctx.venues.get("roma")  # a warm instance has the venue cached
    for phone in ("+393330000001", "+393330000002", "+393330000003"):
        run_tool(
            ctx,
            TOOLS["create_booking"],
            {"restaurant_id": "roma", "day": "2026-02-21", "time": "20:00", "people": 2, "name": "B", "phone": phone},
        )
    booking_id = None
    counts = {}
    for label, body in CALLS:
        name = label.split(" ")[0]
        if label == "create_booking (refused: full)":
            body = {
                "restaurant_id": "roma",
                "day": "2026-02-21",
                "time": "20:00",
                "people": 2,
                "name": "C",
                "phone": "+393330000009",
            }
        elif name in ("modify_booking", "cancel_booking"):
            body = {"restaurant_id": "roma", "booking_id": booking_id}
            if label == "modify_booking":
                body["new_time"] = "20:30"
            elif name == "modify_booking":
                body["new_day"] = "2026-02-23"
        before = counter.calls
        if label.endswith("(idempotency key)"):  # as a Vapi or Retell call, or an Idempotency-Key header
            payload = run_once(ctx, TOOLS[name], body, "open|roma|http:create_booking:bench-1")
        else:
            payload = run_tool(ctx, TOOLS[name], body)
        counts[label] = counter.calls - before
        if name == "create_booking" and payload.get("ok"):
            booking_id = payload["booking_id"]
    return counts


def main() -> None:
    with tempfile.TemporaryDirectory() as data:
        sqlite_counts = count_calls(CountingSqliteStore(data), CountingSqliteStore.counter)
    with firestore_emulator.running_emulator() as host:
        firestore_emulator.clear(host)
        client = CountingFirestoreClient(project=firestore_emulator.PROJECT)
        firestore_counts = count_calls(FirestoreStore(client), CountingFirestoreClient.counter)
    print(f"{'tool call':36} {'SQLite statements':>18} {'Firestore RPCs':>15}")
    for label, _ in CALLS:
        print(f"{label:36} {sqlite_counts[label]:>18} {firestore_counts[label]:>15}")


if __name__ == "__main__":
    main()
