"""The deployed `console` function: its pages under /console whichever path the platform hands it, and a
clear refusal when the cookie secret is missing. Run in a fresh interpreter, as an instance would start."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import importlib.util, json, sys
from werkzeug.test import EnvironBuilder
from flask import Request
spec = importlib.util.spec_from_file_location("main", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
answers = {}
for path in json.loads(sys.argv[2]):
    response = module.console(Request(EnvironBuilder(path=path).get_environ()))
    answers[path] = [response.status_code, response.headers.get("Location"), response.get_data(as_text=True)[:2000]]
print(json.dumps(answers))
"""


def serve(paths: list[str], tmp_path: Path, **env: str) -> dict:
    environment = {
        "PATH": os.environ["PATH"],
        "CONCIERGE_DATA": str(tmp_path),
        "CONCIERGE_ACTIONS_BASE_URL": "http://127.0.0.1:9/api",
        "CONCIERGE_QUEUE": "inprocess",
        **env,
    }
    result = subprocess.run(
        [
            sys.executable,
            "-I",
            "-c",
            "import sys; sys.path.insert(0, %r); exec(%r)" % (str(ROOT / "shared"), PROBE),
            str(ROOT / "functions" / "console" / "main.py"),
            json.dumps(paths),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_console_function_serves_its_pages_with_or_without_its_name_in_the_path(tmp_path):
    answers = serve(["/", "/console/", "/sign-in", "/console/sign-in"], tmp_path, CONCIERGE_CONSOLE_SECRET="s" * 40)
    assert answers["/"][0] == answers["/console/"][0] == 302
    assert answers["/"][1].endswith("/console/sign-in?next=/console/")
    for path in ("/sign-in", "/console/sign-in"):
        status, _, body = answers[path]
        assert status == 200 and "Operator key" in body and 'action="/console/sign-in"' in body


def test_without_its_secret_the_console_says_what_is_missing(tmp_path):
    status, _, body = serve(["/console/sign-in"], tmp_path)["/console/sign-in"]
    assert status == 503 and "CONCIERGE_CONSOLE_SECRET must be set" in body
    short = serve(["/console/sign-in"], tmp_path, CONCIERGE_CONSOLE_SECRET="short")["/console/sign-in"]
    assert short[0] == 503 and "at least 32 characters" in short[2]
