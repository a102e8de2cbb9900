"""Cold-start hygiene: with tracing off, a function imports neither langfuse nor opentelemetry; with keys,
only on use."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent("""
    import json, sys
    sys.path.insert(0, {function_dir!r})
    import main  # the deployed module: functions/create_booking/main.py
    after_import = sorted(m for m in sys.modules if m.split(".")[0] in ("langfuse", "opentelemetry"))
    import flask
    app = flask.Flask("probe")
    body = {{"restaurant_id": "roma", "day": "2026-02-19", "time": "20:00", "people": 2, "name": "Mario Rossi",
             "phone": "+393331234567"}}
    with app.test_request_context("/", method="POST", json=body,
                                  headers={{"X-Cloud-Trace-Context": "105445aa7843bc8bf206b12000100000/1;o=1"}}):
        response = main.create_booking(flask.request)
    after_call = sorted(m for m in sys.modules if m.split(".")[0] in ("langfuse", "opentelemetry"))
    print("RESULT " + json.dumps({{"status": response.status_code, "body": response.get_json(),
                                  "after_import": after_import, "after_call": after_call}}))
""")


def probe(tmp_path: Path, **env_extra: str) -> tuple[dict, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LANGFUSE_", "OTEL_", "CONCIERGE_", "K_SERVICE"))}
    env.update(
        PYTHONPATH=str(ROOT / "shared"),
        CONCIERGE_STORE="sqlite",
        CONCIERGE_DATA=str(tmp_path / "data"),
        GOOGLE_CLOUD_PROJECT="demo-project",
        **env_extra,
    )
    script = SCRIPT.format(function_dir=str(ROOT / "functions" / "create_booking"))
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    line = next(line for line in done.stdout.splitlines() if line.startswith("RESULT "))
    return json.loads(line[len("RESULT ") :]), done.stdout


def test_without_keys_a_tool_call_imports_neither_langfuse_nor_opentelemetry(tmp_path):
    result, stdout = probe(tmp_path)
    assert result["after_import"] == [] and result["after_call"] == []
    assert result["body"]["error_code"]  # no venue in this empty store: a refusal, still a traced tool call
    logs = [json.loads(line) for line in stdout.splitlines() if line.startswith("{")]
    for entry in logs:  # the function's own log lines are JSON for Cloud Logging, masked
        assert "Mario" not in json.dumps(entry) and "3331234567" not in json.dumps(entry)


def test_with_keys_langfuse_is_imported_on_first_use_only_and_a_dead_server_fails_nothing(tmp_path):
    pytest.importorskip("langfuse")
    result, _ = probe(
        tmp_path,
        LANGFUSE_PUBLIC_KEY="pk-lf-probe",
        LANGFUSE_SECRET_KEY="sk-lf-probe",
        LANGFUSE_BASE_URL="http://127.0.0.1:9",
        LANGFUSE_TIMEOUT="1",
    )
    assert result["after_import"] == []
    assert "langfuse" in result["after_call"]
    assert result["status"] in (400, 404, 422) and result["body"]["ok"] is False
