"""Chat turn latency (p50 / p99) at 1 and 20 concurrent conversations, and store round trips per turn.

Run: .venv/bin/python tests/benchmarks/bench_conversations.py [--store sqlite|firestore] [--rounds 3]
Serves the whole HTTP surface in this process (werkzeug, threaded) on the chosen store with the
offline agent. Each conversation is the same four-message booking dialogue at Tasca do Porto
(welcome, request, name, yes). The floor is `check_openings` of a time (one store query) through the
same server, sent by the same callers just before each turn: latencies are quoted as ratios to it.
Then each kind of turn is run once more in-process while the store's traffic is counted (SQL
statements on SQLite, gRPC calls on Firestore). Uses, or starts, the Firestore emulator.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
from werkzeug.serving import make_server

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from concierge.adapters.store.firestore import FirestoreStore  # noqa: E402
from concierge.bootstrap import build_context, build_conversations  # noqa: E402
from concierge.settings import Settings  # noqa: E402
from concierge.conversations.agents import pick_agent  # noqa: E402
from concierge.conversations.requests import MessageRequest  # noqa: E402
from concierge.domain.knowledge_base import load_knowledge_base  # noqa: E402
from concierge.http.app import create_app  # noqa: E402
from tests.benchmarks.bench_round_trips import CountingFirestoreClient, CountingSqliteStore  # noqa: E402
from tests.conftest import VENUES_FILE  # noqa: E402
from tests.support import firestore_emulator  # noqa: E402
from tests.support.local import free_port  # noqa: E402

NOW = "2026-11-23T10:00:00+00:00"
DIALOGUE = ["Olá", "Queria reservar uma mesa para 2 na sexta às 20h", "Ana Sousa", "sim"]
FLOOR = {"restaurant_id": "tasca", "day": "2026-11-27", "time": "20:00"}  # one store query: the day's bookings
TURN_KINDS = ["welcome", "request (NEED_INFO)", "name (CONFIRMATION)", "yes (CREATE)"]


def phone(n: int) -> str:
    return f"+35191{n % 10_000_000:07d}"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def wire(store):
    store.put_venues({vid: v.model_dump(mode="json") for vid, v in load_knowledge_base(VENUES_FILE).items()})
    settings = Settings(now=NOW)
    ctx = build_context(settings, store=store)
    agent = pick_agent(None)
    return ctx, build_conversations(settings, ctx, store, lambda venue: agent)


def timed(client: httpx.Client, url: str, body: dict) -> float:
    start = time.perf_counter()
    response = client.post(url, json=body)
    elapsed = (time.perf_counter() - start) * 1000
    assert response.status_code == 200, response.text
    return elapsed


def run_round(base: str, callers: int, first_thread: int) -> tuple[list[float], list[float]]:
    """(turn latencies, floor latencies) of `callers` conversations at once, interleaved with the floor."""
    turns: list[float] = []
    floor: list[float] = []
    lock = threading.Lock()

    def conversation(i: int) -> None:
        n = first_thread + i
        with httpx.Client(timeout=60) as client:
            for text in DIALOGUE:
                took_floor = timed(client, f"{base}/api/check_openings", FLOOR)
                took = timed(
                    client,
                    f"{base}/api/conversation_message",
                    {
                        "venue_id": "tasca",
                        "conversation_id": f"bench:{n}",
                        "text": text,
                        "channel": "whatsapp",
                        "customer": {"phone": phone(n)},
                    },
                )
                with lock:
                    turns.append(took)
                    floor.append(took_floor)

    with ThreadPoolExecutor(callers) as pool:
        list(pool.map(conversation, range(callers)))
    return turns, floor


def latency(store, rounds: int) -> None:
    ctx, conversations = wire(store)
    app = create_app(ctx, Settings().access, conversations=conversations)
    server = make_server("127.0.0.1", free_port(), app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    run_round(base, 2, 900_000)  # warm-up
    print(
        f"{'callers':>7} {'turn p50':>9} {'turn p99':>9} {'floor p50':>9} {'p50 ratio (median, min-max)':>30} "
        f"{'p99 ratio (median, min-max)':>30}"
    )
    thread = 0
    for callers in (1, 20):
        all_turns, all_floor, p50s, p99s = [], [], [], []
        for _ in range(rounds):
            turns, floor = run_round(base, callers, thread)
            thread += callers
            all_turns += turns
            all_floor += floor
            p50s.append(statistics.median(turns) / statistics.median(floor))
            p99s.append(percentile(turns, 0.99) / percentile(floor, 0.99))
        print(
            f"{callers:>7} {statistics.median(all_turns):>8.1f}ms {percentile(all_turns, 0.99):>8.1f}ms "
            f"{statistics.median(all_floor):>8.1f}ms "
            f"{statistics.median(p50s):>14.1f}x ({min(p50s):.1f}-{max(p50s):.1f}) "
            f"{statistics.median(p99s):>16.1f}x ({min(p99s):.1f}-{max(p99s):.1f})"
        )
    server.shutdown()


def round_trips(store, counter) -> list[int]:
    ctx, conversations = wire(store)
    ctx.venues.get("tasca")  # a warm instance has the venue cached
    counts = []
    for text in DIALOGUE:
        before = counter.calls
        conversations.service.message(
            MessageRequest(venue_id="tasca", conversation_id="count:1", text=text, customer={"phone": phone(1)})
        )
        counts.append(counter.calls - before)
    return counts


def main() -> None:
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    parser = argparse.ArgumentParser()
    parser.add_argument("--store", choices=("sqlite", "firestore"), default="sqlite")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    emulator = firestore_emulator.running_emulator() if args.store == "firestore" else contextlib.nullcontext()
    with tempfile.TemporaryDirectory() as data, emulator as host:

        def fresh():
            if args.store == "sqlite":
                return CountingSqliteStore(tempfile.mkdtemp(dir=data))
            firestore_emulator.clear(host)
            return FirestoreStore(CountingFirestoreClient(project=firestore_emulator.PROJECT))

        print(f"chat turns on {args.store}, offline agent, {args.rounds} rounds of 4-message booking dialogues")
        latency(fresh(), args.rounds)
        counter = CountingSqliteStore.counter if args.store == "sqlite" else CountingFirestoreClient.counter
        counts = round_trips(fresh(), counter)
        unit = "SQL statements" if args.store == "sqlite" else "Firestore RPCs"
        print(f"\n{'turn':24} {unit:>16}")
        for kind, count in zip(TURN_KINDS, counts, strict=True):
            print(f"{kind:24} {count:>16}")


if __name__ == "__main__":
    main()
