"""Each deployed function imports only what it needs at load; heavy SDKs wait for first use."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FUNCTIONS = sorted(p.name for p in (ROOT / "functions").iterdir() if (p / "main.py").exists())

# SDKs and clients a function must not load just by being imported.
HEAVY = [
    "google.cloud.firestore",
    "google.cloud.tasks_v2",
    "grpc",
    "gspread",
    "google.auth",
    "cryptography",
    "langfuse",
    "opentelemetry",
    "httpx",
    "jsonref",
    "yaml",
    "holidays",
]

PROBE = """
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("main", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
entry = getattr(module, sys.argv[2])
loaded_at_import = [h for h in json.loads(sys.argv[3]) if h in sys.modules]
served = None
if len(sys.argv) > 4:  # then serve one request, as the first caller of a fresh instance would
    from flask import Flask
    app = Flask("probe")
    with app.test_request_context("/", method="POST", data=sys.argv[4], content_type="application/json"):
        from flask import request
        served = entry(request).status_code
print(json.dumps({"import": loaded_at_import, "after_request": [h for h in json.loads(sys.argv[3]) if h in sys.modules],
                  "status": served}))
"""


def load(function: str, body: dict | None = None, env: dict | None = None, watched: list[str] = HEAVY) -> dict:
    args = [
        sys.executable,
        "-I",
        "-c",
        "import sys; sys.path.insert(0, %r); exec(%r)" % (str(ROOT / "shared"), PROBE),
        str(ROOT / "functions" / function / "main.py"),
        function,
        json.dumps(watched),
    ]
    if body is not None:
        args.append(json.dumps(body))
    result = subprocess.run(args, capture_output=True, text=True, timeout=120, env=env, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("function", FUNCTIONS)
def test_importing_a_function_loads_no_heavy_sdk(function):
    assert load(function)["import"] == []


TOOL_NAMES = [
    "check_openings",
    "create_booking",
    "list_bookings",
    "modify_booking",
    "cancel_booking",
    "faq",
    "is_open_now",
    "resolve_relative_day",
    "resolve_relative_time",
    "get_booking",
    "search_bookings",
]
# The libraries one tool needs and the others do not, the plan and chat services, the MCP SDK.
TOOL_LIBRARIES = ["phonenumbers", "rapidfuzz", "text_to_num", "holidays", "mcp"]
SERVICES = ["concierge.plans.service", "concierge.plans.models", "concierge.conversations.service"]
# What a function loads with its own tool: the libraries it calls, and the tool whose helper it shares.
OWN = {
    "create_booking": {"phonenumbers"},
    "list_bookings": {"phonenumbers", "concierge.tools.create_booking"},  # its caller's phone, as create reads it
    "modify_booking": {"phonenumbers", "concierge.tools.create_booking"},
    "faq": {"rapidfuzz"},
}


@pytest.mark.parametrize("function", FUNCTIONS)
def test_importing_a_function_loads_its_own_tool_and_no_other(function):
    watched = TOOL_LIBRARIES + SERVICES + [f"concierge.tools.{name}" for name in TOOL_NAMES]
    own = OWN.get(function, set()) | ({f"concierge.tools.{function}"} if function in TOOL_NAMES else set())
    assert set(load(function, watched=watched)["import"]) == own


def test_the_tool_catalog_names_every_tool_without_importing_one():
    code = (
        "import sys; from concierge.tools import TOOLS; names = sorted(TOOLS); "
        "loaded = [m for m in sys.modules if m.rsplit('.', 1)[-1] in names and m.startswith('concierge.tools.')]; "
        "tool = TOOLS['faq']; "
        "print(len(names), loaded, tool.name, tool.catch_all_code, 'concierge.tools.faq' in sys.modules)"
    )
    env = {"PYTHONPATH": str(ROOT / "shared")}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env)
    assert result.stdout.split() == ["11", "[]", "faq", "FAQ_ERROR", "True"], result.stderr


def test_a_tool_function_serves_its_first_request_without_tasks_sheets_tracing_or_plans(tmp_path):
    import os

    from concierge.settings import Settings
    from concierge.cli.venues import import_venues
    from tests.conftest import VENUES_FILE

    import_venues(Settings(data_dir=tmp_path), VENUES_FILE)
    env = {"PATH": os.environ["PATH"], "CONCIERGE_DATA": str(tmp_path), "CONCIERGE_NOW": "2026-02-19T18:00:00+01:00"}
    probe = load("check_openings", {"restaurant_id": "roma", "day": "2026-02-19", "time": "20:00"}, env)
    assert probe["status"] == 200
    loaded = set(probe["after_request"])
    assert not loaded & {"google.cloud.tasks_v2", "gspread", "langfuse", "opentelemetry", "jsonref", "httpx"}
