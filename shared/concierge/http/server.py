"""The local server: the WSGI app on waitress, a bounded pool of worker threads, stopped cleanly.

Waitress is pure Python (no compiler, runs wherever the project runs), keeps connections on one
event loop and hands requests to a fixed pool of threads: the store's per-thread connections are
bounded by that pool, and the process does not grow with the number of requests."""

from __future__ import annotations

import signal
from typing import Callable

from flask import Flask
from waitress import create_server

DEFAULT_THREADS = 8


def serve_until_stopped(
    app: Flask, host: str, port: int, threads: int = DEFAULT_THREADS, on_stop: Callable[[], None] = lambda: None
) -> None:
    """Serve until SIGINT or SIGTERM, then let the worker threads finish and call on_stop."""
    server = create_server(
        app, host=host, port=port, threads=threads, ident="concierge", channel_timeout=60, connection_limit=1000
    )

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(0)  # waitress.run() turns it into a shutdown of its task threads

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        server.run()
    finally:
        signal.signal(signal.SIGTERM, previous)
        server.close()
        on_stop()
