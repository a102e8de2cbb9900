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


def load(function: str, body: dict | None = None, env: dict | None = None) -> dict:
    args = [
        sys.executable,
        "-I",
        "-c",
        "import sys; sys.path.insert(0, %r); exec(%r)" % (str(ROOT / "shared"), PROBE),
        str(ROOT / "functions" / function / "main.py"),
        function,
        json.dumps(HEAVY),
    ]
    if body is not None:
        args.append(json.dumps(body))
    result = subprocess.run(args, capture_output=True, text=True, timeout=120, env=env, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("function", FUNCTIONS)
def test_importing_a_function_loads_no_heavy_sdk(function):
    assert load(function)["import"] == []


def test_a_tool_function_serves_its_first_request_without_tasks_sheets_tracing_or_plans(tmp_path):
    import os

    from concierge.bootstrap import Settings
    from concierge.cli import import_venues
    from tests.conftest import VENUES_FILE

    import_venues(Settings(data_dir=tmp_path), VENUES_FILE)
    env = {"PATH": os.environ["PATH"], "CONCIERGE_DATA": str(tmp_path), "CONCIERGE_NOW": "2026-02-19T18:00:00+01:00"}
    probe = load("check_openings", {"restaurant_id": "roma", "day": "2026-02-19", "time": "20:00"}, env)
    assert probe["status"] == 200
    loaded = set(probe["after_request"])
    assert not loaded & {"google.cloud.tasks_v2", "gspread", "langfuse", "opentelemetry", "jsonref", "httpx"}
