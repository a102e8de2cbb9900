"""The local server: the WSGI app on waitress, a bounded pool of worker threads, stopped cleanly;
with `--workers N`, N such processes answering on one listening socket.

Waitress is pure Python (no compiler, runs wherever the project runs), keeps connections on one
event loop and hands requests to a fixed pool of threads: the store's per-thread connections are
bounded by that pool, and the process does not grow with the number of requests.

Waitress is one process, and Python runs one thread at a time in it. To use more cores, the
supervisor (`serve_workers`) opens the listening socket once and starts N fresh interpreters that
inherit it; each builds its own store clients (a SQLite connection or a gRPC channel is never
carried across a fork) and accepts from the shared socket, so the kernel hands each new connection
to whichever worker is free. SQLite keeps them consistent: every write is one BEGIN IMMEDIATE
transaction, which takes the file's write lock across processes.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from typing import Callable, Sequence

from flask import Flask
from waitress import create_server

DEFAULT_THREADS = 8
STOP_GRACE_SECONDS = 30


def serve_until_stopped(
    app: Flask,
    host: str,
    port: int,
    threads: int = DEFAULT_THREADS,
    on_stop: Callable[[], None] = lambda: None,
    listening: socket.socket | None = None,
) -> None:
    """Serve until SIGINT or SIGTERM, then let the worker threads finish and call on_stop.

    `listening`: a socket already bound and listening (a worker's, inherited from its supervisor)."""
    options = dict(threads=threads, ident="concierge", channel_timeout=60, connection_limit=1000)
    if listening is not None:
        server = create_server(app, sockets=[listening], **options)
    else:
        server = create_server(app, host=host, port=port, **options)

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(0)  # waitress.run() turns it into a shutdown of its task threads

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        server.run()
    finally:
        signal.signal(signal.SIGTERM, previous)
        server.close()
        on_stop()


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to host:port and listening, that child processes may inherit."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.create_server((host, port), family=family, backlog=2048)
    sock.set_inheritable(True)
    return sock


def serve_workers(
    worker_command: Callable[[int, int], Sequence[str]],
    host: str,
    port: int,
    workers: int,
    worker_env: Callable[[int], dict[str, str]] = lambda index: {},
) -> int:
    """Open host:port, start `workers` processes that serve it, and supervise them.

    `worker_command(index, fd)` is the command line of worker `index`, serving the inherited socket `fd`.
    SIGTERM or SIGINT stops every worker (SIGTERM, then SIGKILL after STOP_GRACE_SECONDS); when a
    worker exits by itself the others are stopped too and its status is returned, so the supervisor
    that started `concierge serve` sees the failure and restarts it. 0 after a clean stop."""
    sock = listening_socket(host, port)
    children: list[subprocess.Popen] = []
    stopping: list[int] = []

    def stop(signum: int, frame: object) -> None:
        stopping.append(signum)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        for index in range(workers):
            children.append(
                subprocess.Popen(
                    list(worker_command(index, sock.fileno())),
                    pass_fds=[sock.fileno()],
                    env={**os.environ, **worker_env(index)},
                )
            )
        status = 0
        while not stopping:
            ended = [child for child in children if child.poll() is not None]
            if ended:
                status = ended[0].returncode or 1
                print(
                    f"concierge: worker {ended[0].pid} exited ({ended[0].returncode}); stopping the others",
                    file=sys.stderr,
                )
                break
            time.sleep(0.1)
        sock.close()  # the workers hold their own copies
        _stop_all(children)
        if stopping:
            status = max((child.returncode or 0 for child in children), default=0)
        return status
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        _stop_all(children)


def _stop_all(children: list[subprocess.Popen]) -> None:
    for child in children:
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + STOP_GRACE_SECONDS
    for child in children:
        try:
            child.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
