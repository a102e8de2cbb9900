"""The Cloud Tasks emulator the tests run against: found through CLOUD_TASKS_EMULATOR_HOST.

`.ci/run` starts it (`gcloud-tasks-emulator`, from PyPI, in its own virtualenv because it pins an
old protobuf) with the queues below already created. When none is given, the test session
installs it into `.ci/work/tasks-venv` if needed, starts it on a free port and stops it at the
end; if that is impossible, the tests skip saying why, and under CI=true they fail instead.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

from tests.support.local import emulator, require, session_emulator

PROJECT = "demo-concierge-tests"
LOCATION = "europe-west1"
QUEUES = {"execute": "plan-execute", "rollback": "plan-rollback"}

VERSION = "0.6.2"
EMULATOR = Path(__file__).parents[2] / ".ci" / "work" / "tasks-venv" / "bin" / "gcloud-tasks-emulator"

HOW_TO_START = (
    "install it with `python3 -m venv .ci/work/tasks-venv && .ci/work/tasks-venv/bin/pip install "
    "gcloud-tasks-emulator==0.6.2`, start it with `.ci/work/tasks-venv/bin/gcloud-tasks-emulator start "
    "--port 9022` and set CLOUD_TASKS_EMULATOR_HOST=127.0.0.1:9022 (`.ci/run` does all three)"
)


def queue_paths() -> list[str]:
    return [f"projects/{PROJECT}/locations/{LOCATION}/queues/{queue}" for queue in QUEUES.values()]


def answers(host: str, timeout: float = 2) -> bool:
    """Whether something accepts TCP connections at host:port (the emulator speaks gRPC, not HTTP)."""
    address, _, port = host.rpartition(":")
    address = address.strip("[]")
    try:
        with socket.create_connection((address, int(port)), timeout=timeout):
            return True
    except (OSError, ValueError):
        return False


def emulator_host() -> str:
    """The emulator's host:port, or skip (locally) / fail (CI) when it is not there."""
    host = session_emulator("CLOUD_TASKS_EMULATOR_HOST", installed_emulator)
    problem = None
    if not host:
        problem = "CLOUD_TASKS_EMULATOR_HOST is not set and no emulator could be started here"
    elif not answers(host):
        problem = f"the Cloud Tasks emulator at {host} does not accept connections"
    require(problem, "Cloud Tasks", HOW_TO_START)
    return host


def create_queues(host: str) -> None:
    """Create the tests' queues; the emulator treats creating an existing queue as a no-op."""
    from concierge.adapters.queue.cloud_tasks import emulator_client

    client = emulator_client(host)
    for path in queue_paths():
        client.create_queue(parent=path.rsplit("/queues/", 1)[0], queue={"name": path}, timeout=10)


def install() -> None:
    """Put the emulator into its own virtualenv (it pins an old protobuf), as `.ci/run` does."""
    if EMULATOR.exists():
        return
    venv = EMULATOR.parents[1]
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
    subprocess.run(
        [str(venv / "bin" / "pip"), "install", "--quiet", f"gcloud-tasks-emulator=={VERSION}"],
        check=True,
        capture_output=True,
        timeout=600,
    )


def installed_emulator():
    """A fresh emulator on a free port, installing it first when it is not there."""
    install()
    return running_emulator()


def running_emulator():
    """The emulator in CLOUD_TASKS_EMULATOR_HOST, or a fresh one on a free port (from .ci/work/tasks-venv)."""
    if not os.environ.get("CLOUD_TASKS_EMULATOR_HOST") and not EMULATOR.exists():
        raise RuntimeError(f"no Cloud Tasks emulator at {EMULATOR}; {HOW_TO_START}")
    queues = [arg for path in queue_paths() for arg in ("--default-queue", path)]
    return emulator(
        "CLOUD_TASKS_EMULATOR_HOST",
        lambda port: [str(EMULATOR), "start", "--port", str(port), "--quiet", *queues],
        lambda host: answers(host, timeout=1),
        "Cloud Tasks",
    )
