"""The deployed `mcp` function, served by functions-framework as Cloud Functions serves it, on both stores."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from concierge.cli.venues import import_venues
from tests.conftest import THURSDAY_EVENING_ROME, VENUES_FILE
from tests.integration.test_mcp import INITIALIZE, KEY, MARIO, MCP_HEADERS, assert_same_answer
from tests.support import firestore_emulator
from tests.support.local import free_port
from tests.support.mcp_client import HttpServer, mcp_client

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def function_url(settings_for, store_kind, tmp_path) -> Iterator[str]:
    """functions-framework serving functions/mcp/main.py on a free port, configured from the environment."""
    settings = settings_for()
    import_venues(settings, VENUES_FILE)
    port = free_port()
    env = {key: value for key, value in os.environ.items() if not key.startswith(("LANGFUSE_", "CONCIERGE_"))}
    env.update(
        CONCIERGE_STORE=store_kind,
        CONCIERGE_DATA=str(settings.data_dir),
        CONCIERGE_NOW=THURSDAY_EVENING_ROME,
        CONCIERGE_FIRESTORE_PROJECT=firestore_emulator.PROJECT,
        CONCIERGE_API_KEY=KEY,
    )
    if store_kind == "firestore":
        env["FIRESTORE_EMULATOR_HOST"] = firestore_emulator.emulator_host()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "functions_framework",
            "--target",
            "mcp",
            "--source",
            str(ROOT / "functions" / "mcp" / "main.py"),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=tmp_path,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(url, timeout=1)
                break
            except httpx.TransportError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("functions-framework did not start the mcp function") from None
                time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_the_deployed_function_serves_the_tools_and_refuses_without_the_key(function_url, serve):
    api = serve(api_key=KEY)  # the HTTP tools on the same store, to compare with
    with mcp_client(HttpServer(function_url, {"Authorization": f"Bearer {KEY}"})) as client:
        assert [tool.name for tool in client.list_tools().tools][:2] == ["check_openings", "create_booking"]
        assert "concierge://venues/roma" in {str(r.uri) for r in client.list_resources().resources}
        for arguments in (
            {"restaurant_id": "roma", "day": "2026-02-19", "time": "20:00"},
            {"restaurant_id": "roma", "day": "2026-02-18"},
        ):
            http = api.call("check_openings", arguments, headers={"Authorization": f"Bearer {KEY}"}).json()
            assert_same_answer(client.call_tool("check_openings", arguments), http)
        booked = client.call_tool("create_booking", MARIO, meta={"idempotencyKey": "fn-1"})
        assert (
            client.call_tool("create_booking", MARIO, meta={"idempotencyKey": "fn-1"}).structured_content
            == booked.structured_content
        )
    listed = api.call(
        "list_bookings", {"restaurant_id": "roma", "phone": MARIO["phone"]}, headers={"Authorization": f"Bearer {KEY}"}
    ).json()
    assert listed["count"] == 1

    refused = httpx.post(function_url, json=INITIALIZE, headers=MCP_HEADERS)
    assert refused.status_code == 401 and refused.json()["error_code"] == "UNAUTHORIZED"
