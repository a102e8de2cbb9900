"""check_openings against its floors now that the day's occupancy is one document (one row on SQLite).

Run: .venv/bin/python tests/benchmarks/bench_occupancy.py [--rounds 7] [--calls 60] [--store both|sqlite|firestore]

check_openings runs in-process (the tool's whole handler, warm venue cache: what a warm function
instance does per call) on Trattoria Roma. Every figure is a ratio to a floor measured in the same run:
each round runs a batch of the project's calls and a batch of the floor's, in alternating order, and
the ratio is taken per round (median latency of the batch); printed as the median over the rounds
with min–max. Absolute medians are printed too, as an indication only (this machine is shared).

1. Firestore emulator, 1 and 20 concurrent callers: check_openings of a time on a day holding 20
   bookings, against one raw client query of that day's bookings (the query the tool made before the
   day document carried the occupancy); and the same on an empty day.
2. SQLite and the Firestore emulator, 1 caller: check_openings on a day holding 1,000 bookings against
   the same call on an empty day: at 20:00 (full, so the nearest free slots are searched, against free)
   and at 22:45 (past the cutoff on both days: both search the nearest free slots).
3. SQLite and the Firestore emulator, 1 caller: the store's write of an admitted create on the day
   holding 1,000 bookings against the same on a day that held none at the start (it gathers the
   benchmark's own creates, a few hundred at most): a create is admitted from the day's occupancy,
   so its cost should not grow with the day's bookings.
Uses, or starts, the Firestore emulator.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Callable, Iterator

from google.cloud import firestore

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from concierge.adapters.store import Store  # noqa: E402
from concierge.adapters.store.firestore import FirestoreStore  # noqa: E402
from concierge.adapters.store.sqlite import SqliteStore  # noqa: E402
from concierge.bootstrap import build_context  # noqa: E402
from concierge.settings import Settings  # noqa: E402
from concierge.domain.booking import BookingDraft  # noqa: E402
from concierge.domain.knowledge_base import load_knowledge_base  # noqa: E402
from concierge.http.envelopes import run_tool  # noqa: E402
from concierge.tools import TOOLS  # noqa: E402
from tests.conftest import THURSDAY_EVENING_ROME, VENUES_FILE  # noqa: E402
from tests.support import firestore_emulator  # noqa: E402

FULL_DAY, BUSY_DAY, EMPTY_DAY = dt.date(2026, 2, 20), dt.date(2026, 2, 21), dt.date(2026, 2, 27)  # Fridays, a Saturday
FRIDAY_SLOTS = ["12:30", "13:00", "13:30", "14:00"] + [f"{h}:{m}" for h in range(19, 23) for m in ("00", "30")]

Call = Callable[[], object]


def seed(store: Store, day: dt.date, count: int) -> None:
    """`count` active bookings on the day: all but one written raw (as a bulk import would), the last through
    the store, whose write counts the day's occupancy."""
    rows = [
        (f"seed{day:%m%d}{i:05d}", FRIDAY_SLOTS[i % len(FRIDAY_SLOTS)], 1 + i % 6, f"+3933{day:%m%d}{i:05d}")
        for i in range(count - 1)
    ]
    if isinstance(store, SqliteStore):
        with contextlib.closing(sqlite3.connect(store.path)) as conn, conn:
            conn.executemany(
                "INSERT INTO bookings (booking_id, venue_id, day, time, people, name, phone, notes, status, created_at)"
                " VALUES (?, 'roma', ?, ?, ?, 'Seed', ?, NULL, 'active', '2026-02-01T00:00:00+00:00')",
                [(b, day.isoformat(), t, p, phone) for b, t, p, phone in rows],
            )
    else:
        assert isinstance(store, FirestoreStore)
        venue = store.db.collection("venues").document("roma")
        for start in range(0, len(rows), 400):
            batch = store.db.batch()
            for booking_id, t, people, phone in rows[start : start + 400]:
                batch.set(
                    venue.collection("bookings").document(booking_id),
                    {"day": day.isoformat(), "time": t, "people": people, "name": "Seed", "phone": phone}
                    | {"notes": None, "status": "active"},
                )
            batch.commit()
        venue.collection("days").document(day.isoformat()).set({"writes": 1})  # as a store from before occupancies
    last = BookingDraft(day=day, time="20:00", people=2, name="Last", phone=f"+3934{day:%m%d}99999")
    store.create_booking("roma", last, lambda seen: None)
    assert store.occupancy_on("roma", day).bookings == count


def check(ctx, day: dt.date, time_: str = "20:00") -> Call:
    body = {"restaurant_id": "roma", "day": day.isoformat(), "time": time_}

    def call() -> object:
        payload = run_tool(ctx, TOOLS["check_openings"], body)
        assert payload["ok"], payload
        return payload

    return call


def create(store: Store, day: dt.date, tag: str) -> Call:
    """The store's write of an admitted create (the admit lets every booking in): a new phone each call."""
    made = iter(range(10**6))

    def call() -> object:
        draft = BookingDraft(day=day, time="19:30", people=2, name="Bench", phone=f"+3935{tag}{next(made):06d}")
        return store.create_booking("roma", draft, lambda seen: None)

    return call


def raw_day_query(client: firestore.Client, day: dt.date) -> Call:
    query = (
        client.collection("venues")
        .document("roma")
        .collection("bookings")
        .where(filter=firestore.FieldFilter("day", "==", day.isoformat()))
        .where(filter=firestore.FieldFilter("status", "==", "active"))
    )
    return lambda: list(query.stream())


def batch(call: Call, calls: int, callers: int) -> float:
    """Median latency (ms) of `calls` calls made by `callers` threads at once."""
    latencies: list[float] = []
    lock = threading.Lock()
    per_caller = max(1, calls // callers)
    start = threading.Barrier(callers)

    def caller() -> None:
        start.wait()
        for _ in range(per_caller):
            began = time.perf_counter()
            call()
            elapsed = (time.perf_counter() - began) * 1000
            with lock:
                latencies.append(elapsed)

    threads = [threading.Thread(target=caller) for _ in range(callers)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    return statistics.median(latencies)


def compare(project: Call, floor: Call, rounds: int, calls: int, callers: int) -> tuple[list[float], list[float]]:
    """Interleaved rounds (project first on even rounds, floor first on odd ones): medians of each, in ms."""
    batch(project, calls, callers), batch(floor, calls, callers)  # warm-up
    mine, floors = [], []
    for r in range(rounds):
        if r % 2 == 0:
            mine.append(batch(project, calls, callers))
            floors.append(batch(floor, calls, callers))
        else:
            floors.append(batch(floor, calls, callers))
            mine.append(batch(project, calls, callers))
    return mine, floors


def line(label: str, mine: list[float], floors: list[float]) -> str:
    ratios = [m / f for m, f in zip(mine, floors, strict=True)]
    return (
        f"{label:58} {statistics.median(ratios):5.2f}x ({min(ratios):.2f}-{max(ratios):.2f})"
        f"   {statistics.median(mine):7.2f} ms vs {statistics.median(floors):7.2f} ms"
    )


def each_store(kind: str) -> Iterator[tuple[str, Store]]:
    """The stores to measure, one at a time (the emulator stopped after its turn, if this run started it)."""
    if kind in ("both", "sqlite"):
        with tempfile.TemporaryDirectory() as data:
            store = SqliteStore(data)
            yield "SQLite", store
            store.close()
    if kind in ("both", "firestore"):
        with firestore_emulator.running_emulator() as host:
            firestore_emulator.clear(host)
            yield "Firestore emulator", FirestoreStore(firestore.Client(project=firestore_emulator.PROJECT))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--calls", type=int, default=60, help="calls per batch")
    parser.add_argument("--store", choices=["both", "sqlite", "firestore"], default="both")
    args = parser.parse_args()
    print(f"{args.rounds} interleaved rounds of {args.calls} calls per batch; median ratio (min-max), then medians")
    for name, store in each_store(args.store):
        store.put_venues({vid: v.model_dump(mode="json") for vid, v in load_knowledge_base(VENUES_FILE).items()})
        ctx = build_context(Settings(now=THURSDAY_EVENING_ROME), store=store)
        ctx.venues.get("roma")  # a warm instance has the venue cached
        seed(store, FULL_DAY, 1000)
        seed(store, BUSY_DAY, 20)
        batches = (args.rounds, args.calls, 1)
        if isinstance(store, FirestoreStore):
            for callers in (1, 20):
                for day, what in ((BUSY_DAY, "a day of 20 bookings"), (EMPTY_DAY, "an empty day")):
                    mine, floors = compare(
                        check(ctx, day), raw_day_query(store.db, day), args.rounds, args.calls, callers
                    )
                    label = f"{name}, {callers:2} caller(s), {what}: vs one raw query"
                    print(line(label, mine, floors))
        for time_, what in (("20:00", "the same time (full vs free)"), ("22:45", "past the cutoff (both search)")):
            mine, floors = compare(check(ctx, FULL_DAY, time_), check(ctx, EMPTY_DAY, time_), *batches)
            print(line(f"{name}, 1,000 bookings vs an empty day, {what}", mine, floors))
        calls = max(1, args.calls // 3)  # each call adds a booking: the "empty" day gathers rounds × calls
        mine, floors = compare(create(store, FULL_DAY, "1"), create(store, EMPTY_DAY, "2"), args.rounds, calls, 1)
        print(line(f"{name}, a create's write on 1,000 bookings vs a day without", mine, floors))


if __name__ == "__main__":
    main()
