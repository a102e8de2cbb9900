"""The chat receptionist's model agent: turn latency with a zero-latency model, prompt size as the history grows.

Run: .venv/bin/python tests/benchmarks/bench_chat.py [--rounds 3] [--turns 6] [--store sqlite|firestore]

(The offline agent's turns and the store round trips per turn are measured by bench_conversations.py.)

1. Latency over HTTP (an in-process server on a free port, the chosen store): conversations of
   `--turns` messages, by 1 and by 20 concurrent conversations, with the model agent against a
   zero-latency scripted OpenAI-compatible server (one model turn per message), and with the offline
   agent on the same dialogue for comparison. The floor is `is_open_now` on the same server,
   interleaved with the turns in every round; p50 / p99 per round, printed as median (min-max) over
   the rounds, with the p50 as a ratio to the floor's p50.
2. Prompt size per model turn as the conversation grows: characters sent and an estimate of tokens
   (characters / 4), at turns of a 40-message conversation.
"""

from __future__ import annotations

import argparse
import itertools
import json
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

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from concierge.adapters.llm.openai_compatible import ChatClient  # noqa: E402
from concierge.bootstrap import (  # noqa: E402
    Settings,
    build_context,
    build_conversations,
    build_operator_gate,
    build_store,
)
from concierge.cli import import_venues  # noqa: E402
from concierge.conversations.agents import pick_agent  # noqa: E402
from concierge.http.app import create_app  # noqa: E402

from tests.conftest import VENUES_FILE  # noqa: E402
from tests.support import firestore_emulator  # noqa: E402
from tests.support.local import free_port  # noqa: E402
from tests.support.scripted_llm import ScriptedLLM  # noqa: E402

NOW = "2026-11-23T10:00:00+01:00"
DIALOGUE = [
    "Buongiorno",
    "Vorrei un tavolo per 2 mercoledì alle 20",
    "Mario Rossi",
    "sì",
    "Avete il parcheggio?",
    "Grazie, a presto",
]
MODEL_REPLY = json.dumps({"response_to_client": "Certo, mi dica.", "tool_request": None})
_ids = itertools.count(1)


def settings_for(store: str, data: str) -> Settings:
    return Settings(store=store, data_dir=Path(data), now=NOW, firestore_project=firestore_emulator.PROJECT)


class Server:
    def __init__(self, settings: Settings, agent) -> None:
        import_venues(settings, VENUES_FILE)
        store = build_store(settings)
        ctx = build_context(settings, store)
        gate = build_operator_gate(settings, store)
        conversations = build_conversations(settings, ctx, store, lambda venue: agent, gate)
        app = create_app(ctx, settings.access, None, gate, conversations=conversations)
        self.server = make_server("127.0.0.1", free_port(), app, threaded=True)
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.server.server_port}/api"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def conversation(client: httpx.Client, base: str, turns: int, floor: list[float], samples: list[float]) -> None:
    """One customer's dialogue, each turn followed by a floor request, both timed."""
    thread = f"bench:{next(_ids)}"
    phone = f"+39347{next(_ids):07d}"
    for text in itertools.islice(itertools.cycle(DIALOGUE), turns):
        started = time.perf_counter()
        response = client.post(
            f"{base}/conversation_message",
            json={"venue_id": "roma", "conversation_id": thread, "text": text, "customer": {"phone": phone}},
        )
        samples.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, response.text
        started = time.perf_counter()
        assert client.post(f"{base}/is_open_now", json={"restaurant_id": "roma"}).status_code == 200
        floor.append((time.perf_counter() - started) * 1000)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def latency(store: str, rounds: int, turns: int) -> None:
    print(
        f"\n1. Turn latency over HTTP ({store}, {turns} messages per conversation), ms: median (min-max) "
        f"over {rounds} rounds"
    )
    print(f"{'agent':22} {'conversations':>13} {'p50':>22} {'p99':>22} {'floor p50':>12} {'p50 / floor':>12}")
    with ScriptedLLM() as llm, tempfile.TemporaryDirectory() as data:
        llm_client = ChatClient(llm.base_url, "bench-key", "scripted-model")
        for label, agent in (("offline", pick_agent(None)), ("model (0 ms)", pick_agent(llm_client))):
            for concurrent in (1, 20):
                p50s, p99s, floors, ratios = [], [], [], []
                for round_ in range(rounds):
                    if store == "firestore":
                        firestore_emulator.clear(firestore_emulator.emulator_host())
                    server = Server(settings_for(store, f"{data}/{label[:5]}-{concurrent}-{round_}"), agent)
                    for _ in range(concurrent * turns + 10):
                        llm.reply_text(MODEL_REPLY)
                    samples: list[float] = []
                    floor: list[float] = []
                    with httpx.Client(timeout=60, limits=httpx.Limits(max_connections=concurrent + 5)) as client:
                        conversation(client, server.base, 1, [], [])  # warm up
                        with ThreadPoolExecutor(concurrent) as pool:
                            for future in [
                                pool.submit(conversation, client, server.base, turns, floor, samples)
                                for _ in range(concurrent)
                            ]:
                                future.result()
                    server.stop()
                    p50s.append(percentile(samples, 0.5))
                    p99s.append(percentile(samples, 0.99))
                    floors.append(percentile(floor, 0.5))
                    ratios.append(p50s[-1] / floors[-1])
                print(
                    f"{label:22} {concurrent:>13} {spread(p50s):>22} {spread(p99s):>22} "
                    f"{statistics.median(floors):>12.1f} {statistics.median(ratios):>12.1f}"
                )


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.1f} ({min(values):.1f}-{max(values):.1f})"


def prompt_growth() -> None:
    print("\n2. Prompt size per model turn as the conversation grows (model agent, scripted model)")
    with ScriptedLLM() as llm, tempfile.TemporaryDirectory() as data:
        for _ in range(60):
            llm.reply_text(MODEL_REPLY)
        server = Server(settings_for("sqlite", data), pick_agent(ChatClient(llm.base_url, "k", "scripted-model")))
        with httpx.Client(timeout=60) as client:
            for _ in range(40):
                assert (
                    client.post(
                        f"{server.base}/conversation_message",
                        json={
                            "venue_id": "roma",
                            "conversation_id": "bench:prompt",
                            "text": "Vorrei sapere una cosa " * 8,
                            "customer": {"phone": "+393471234567"},
                        },
                    ).status_code
                    == 200
                )
        server.stop()
        print(f"   {'turn':>5} {'messages':>9} {'characters':>11} {'~tokens':>8}")
        for turn, request in enumerate(llm.requests, start=1):
            if turn in (1, 2, 5, 10, 20, 30, 40):
                chars = sum(len(m.get("content") or "") for m in request["messages"])
                print(f"   {turn:>5} {len(request['messages']):>9} {chars:>11} {chars // 4:>8}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--turns", type=int, default=len(DIALOGUE))
    parser.add_argument("--store", choices=["sqlite", "firestore"], default="sqlite")
    args = parser.parse_args()
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    if args.store == "firestore":
        with firestore_emulator.running_emulator():
            latency(args.store, args.rounds, args.turns)
    else:
        latency(args.store, args.rounds, args.turns)
    prompt_growth()


if __name__ == "__main__":
    main()
