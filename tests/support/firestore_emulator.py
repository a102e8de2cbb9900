"""The Firestore emulator the tests run against: found through FIRESTORE_EMULATOR_HOST.

`.ci/run` starts it (`gcloud emulators firestore start`). When none is given, the test session
starts one on a free port (the Google Cloud CLI with its Firestore emulator and Java must be
installed) and stops it at the end; if that is impossible, the tests skip saying why, and under
CI=true they fail instead.
"""

from __future__ import annotations


import httpx

from tests.support.local import emulator, require, session_emulator

PROJECT = "demo-concierge-tests"

HOW_TO_START = (
    "start it with `gcloud emulators firestore start --host-port=127.0.0.1:8686` and set "
    "FIRESTORE_EMULATOR_HOST=127.0.0.1:8686 (`.ci/run` does both)"
)


def emulator_host() -> str:
    """The emulator's host:port, or skip (locally) / fail (CI) when it is not there."""
    host = session_emulator("FIRESTORE_EMULATOR_HOST", running_emulator)
    problem = None
    if not host:
        problem = "FIRESTORE_EMULATOR_HOST is not set and no emulator could be started here"
    else:
        try:
            httpx.get(f"http://{host}/", timeout=2).raise_for_status()
        except httpx.HTTPError as exc:
            problem = f"the Firestore emulator at {host} does not answer ({exc})"
    require(problem, "Firestore", HOW_TO_START)
    return host


def clear(host: str, project: str = PROJECT) -> None:
    """Delete every document of the project, through the emulator's REST endpoint."""
    httpx.delete(
        f"http://{host}/emulator/v1/projects/{project}/databases/(default)/documents", timeout=30
    ).raise_for_status()


def _answers(host: str) -> bool:
    try:
        return httpx.get(f"http://{host}/", timeout=1).is_success
    except httpx.HTTPError:
        return False


def running_emulator():
    """An emulator for a benchmark: the one in FIRESTORE_EMULATOR_HOST, or a fresh one on a free port."""
    return emulator(
        "FIRESTORE_EMULATOR_HOST",
        lambda port: ["gcloud", "emulators", "firestore", "start", f"--host-port=127.0.0.1:{port}"],
        _answers,
        "Firestore",
    )
