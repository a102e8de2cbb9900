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

PATIENT = 5  # seconds a test's client waits for a local server: a loaded machine still answers in time
IMPATIENT, LATE = 1, 2  # a test about waiting: its client gives up after 1 s, the answer comes after 2


def free_port() -> int:
    """A loopback port nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def require(problem: str | None, service: str, how_to_start: str) -> None:
    """Skip a test whose service cannot be had, saying how to start it; under CI=true, fail it instead."""
    if problem is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{problem}: CI must run the {service} tests; {how_to_start}", pytrace=False)
    pytest.skip(f"{problem}; {how_to_start}")


_session_emulators = contextlib.ExitStack()
_session_hosts: dict[str, str | Exception] = {}


def session_emulator(env_var: str, start: Callable[[], contextlib.AbstractContextManager[str]]) -> str | None:
    """The host in `env_var`, or an emulator this test session starts once and stops at its end.

    Returns None when no emulator is given and none could be started (the caller skips or fails).
    """
    if os.environ.get(env_var):
        return os.environ[env_var]
    if env_var not in _session_hosts:
        try:
            _session_hosts[env_var] = _session_emulators.enter_context(start())
        except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
            _session_hosts[env_var] = exc
    found = _session_hosts[env_var]
    return found if isinstance(found, str) else None


def stop_session_emulators() -> None:
    """Stop what session_emulator started (called when the pytest session finishes)."""
    _session_emulators.close()
    _session_hosts.clear()


@contextlib.contextmanager
def emulator(
    env_var: str, command: Callable[[int], list[str]], is_up: Callable[[str], bool], name: str
) -> Iterator[str]:
    """The emulator named by `env_var`, or a fresh one on a free port, exported in `env_var` while it runs.

    `command(port)` starts it in a new process group, stopped whole at the end.
    """
    host = os.environ.get(env_var)
    if host:
        yield host
        return
    port = free_port()
    process = subprocess.Popen(
        command(port), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
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
