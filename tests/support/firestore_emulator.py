"""The Firestore emulator the tests run against: found through FIRESTORE_EMULATOR_HOST.

`.ci/run` starts it (`gcloud emulators firestore start`). Locally, tests that need it skip with
a message saying how to start it; under CI=true a missing emulator fails them instead.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from typing import Iterator

import httpx

from tests.support.local import free_port, require

PROJECT = "demo-concierge-tests"

HOW_TO_START = ("start it with `gcloud emulators firestore start --host-port=127.0.0.1:8686` and set "
                "FIRESTORE_EMULATOR_HOST=127.0.0.1:8686 (`.ci/run` does both)")


def emulator_host() -> str:
    """The emulator's host:port, or skip (locally) / fail (CI) when it is not there."""
    host = os.environ.get("FIRESTORE_EMULATOR_HOST")
    problem = None
    if not host:
        problem = "FIRESTORE_EMULATOR_HOST is not set"
    else:
        try:
            httpx.get(f"http://{host}/", timeout=2).raise_for_status()
        except httpx.HTTPError as exc:
            problem = f"the Firestore emulator at {host} does not answer ({exc})"
    require(problem, "Firestore", HOW_TO_START)
    return host


def clear(host: str, project: str = PROJECT) -> None:
    """Delete every document of the project, through the emulator's REST endpoint."""
    httpx.delete(f"http://{host}/emulator/v1/projects/{project}/databases/(default)/documents",
                 timeout=30).raise_for_status()


@contextlib.contextmanager
def running_emulator() -> Iterator[str]:
    """An emulator for a benchmark: the one in FIRESTORE_EMULATOR_HOST, or a fresh one on a free port."""
    host = os.environ.get("FIRESTORE_EMULATOR_HOST")
    if host:
        yield host
        return
    port = free_port()
    process = subprocess.Popen(["gcloud", "emulators", "firestore", "start", f"--host-port=127.0.0.1:{port}"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    host = f"127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                httpx.get(f"http://{host}/", timeout=1).raise_for_status()
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the Firestore emulator did not start") from None
                time.sleep(0.5)
        os.environ["FIRESTORE_EMULATOR_HOST"] = host
        yield host
    finally:
        os.environ.pop("FIRESTORE_EMULATOR_HOST", None)
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
