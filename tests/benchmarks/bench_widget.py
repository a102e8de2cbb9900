"""The chat widget in Chromium: what the page adds over the service's own round trips.

Run: .venv/bin/python tests/benchmarks/bench_widget.py [--rounds 5]

A real `concierge serve` (SQLite) and Debian's Chromium through Playwright. Each round, interleaved:

1. open: a fresh browser context loads `/chat/roma` until the welcome's four buttons are shown
   (page, widget.js, widget.css, the `welcome` conversation_message, rendering), timed by the page's
   own clock from the navigation's start; its floor is the same `welcome` conversation_message sent
   from Python with httpx on a fresh thread;
2. turn: pressing "Prenota" (a click in the page) until its answer is shown, in the page's clock;
   its floor is the same `start_booking` action sent from Python on a thread at the same point.

Waits poll on every animation frame. Printed as median
(min-max) over the rounds, in milliseconds and as the ratio to the floor of the
same round. Also the widget's files' sizes, plain and gzipped.
"""

from __future__ import annotations

import argparse
import gzip
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from concierge.web.chat import ASSETS, asset  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.support.serve_process import ServeProcess  # noqa: E402


def thread() -> str:
    return "web:" + secrets.token_urlsafe(18)


def api_ms(client: httpx.Client, url: str, body: dict) -> float:
    start = time.perf_counter()
    response = client.post(f"{url}/api/conversation_message", json=body)
    elapsed = (time.perf_counter() - start) * 1000
    assert response.status_code == 200, response.text
    return elapsed


def summary(values: list[float]) -> str:
    return f"{statistics.median(values):.0f} ({min(values):.0f}-{max(values):.0f})"


def ratio_summary(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"


def main() -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    rows: dict[str, list[float]] = {k: [] for k in ("open", "open floor", "turn", "turn floor")}
    with tempfile.TemporaryDirectory() as folder, httpx.Client(timeout=60) as client:
        server = ServeProcess(Path(folder) / "data")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
                api_ms(client, server.url, {"venue_id": "roma", "conversation_id": thread(), "action": "welcome"})
                for _ in range(args.rounds + 1):  # the first round warms up and is dropped
                    context = browser.new_context()
                    page = context.new_page()
                    page.goto(f"{server.url}/chat/roma")
                    opened = page.wait_for_function(  # ms since the navigation started, in the page's clock
                        "() => document.querySelectorAll('.cc-msg .cc-button').length === 4 && performance.now()",
                        polling="raf",
                        timeout=60_000,
                    ).json_value()
                    page.evaluate(
                        "() => { window.benchStart = performance.now();"
                        " document.querySelector('[data-action=start_booking]').click(); }"
                    )
                    turned = page.wait_for_function(
                        "() => document.querySelectorAll('.cc-assistant').length === 2"
                        " && performance.now() - window.benchStart",
                        polling="raf",
                        timeout=60_000,
                    ).json_value()
                    context.close()
                    floor_thread = thread()
                    base = {"venue_id": "roma", "conversation_id": floor_thread, "channel": "web"}
                    open_floor = api_ms(client, server.url, base | {"action": "welcome", "message_id": thread()})
                    turn_floor = api_ms(client, server.url, base | {"action": "start_booking", "message_id": thread()})
                    for key, value in zip(rows, (opened, open_floor, turned, turn_floor), strict=True):
                        rows[key].append(value)
                browser.close()
        finally:
            server.stop()
    for values in rows.values():
        del values[0]
    print(f"{args.rounds} rounds, interleaved; milliseconds, median (min-max)")
    print("| step | widget ms | floor ms | ratio |")
    print("|---|---|---|---|")
    for step in ("open", "turn"):
        ratios = [w / f for w, f in zip(rows[step], rows[f"{step} floor"], strict=True)]
        print(f"| {step} | {summary(rows[step])} | {summary(rows[f'{step} floor'])} | {ratio_summary(ratios)} |")
    for name in ASSETS:
        body = asset(name).body
        print(f"{name}: {len(body)} bytes, {len(gzip.compress(body))} gzipped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
