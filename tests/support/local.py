"""Helpers for services the tests run on this machine."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
from typing import Callable, Iterator

import pytest


def free_port() -> int:
    """A loopback port nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def require(problem: str | None, service: str, how_to_start: str) -> None:
    """Skip a test whose service is missing, saying how to start it; under CI=true, fail it instead."""
    if problem is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{problem}: CI must run the {service} tests; {how_to_start}", pytrace=False)
    pytest.skip(f"{problem}; {how_to_start}")


@contextlib.contextmanager
def emulator(env_var: str, command: Callable[[int], list[str]], is_up: Callable[[str], bool],
             name: str) -> Iterator[str]:
    """The emulator named by `env_var`, or a fresh one on a free port, exported in `env_var` while it runs.

    `command(port)` starts it in a new process group, stopped whole at the end.
    """
    host = os.environ.get(env_var)
    if host:
        yield host
        return
    port = free_port()
    process = subprocess.Popen(command(port), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    host = f"127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while not is_up(host):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the {name} emulator did not start")
            time.sleep(0.2)
        os.environ[env_var] = host
        yield host
    finally:
        os.environ.pop(env_var, None)
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
