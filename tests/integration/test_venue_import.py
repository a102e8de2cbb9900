"""`concierge venues import`: a whole file or nothing, on either store."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from concierge.bootstrap import build_store

from tests.conftest import VENUES_FILE
from tests.support import firestore_emulator


@pytest.fixture
def run_cli(store_kind, tmp_path):
    env = {
        **os.environ,
        "CONCIERGE_STORE": store_kind,
        "CONCIERGE_DATA": str(tmp_path / "data"),
        "CONCIERGE_FIRESTORE_PROJECT": firestore_emulator.PROJECT,
    }

    def run(*args: str):
        return subprocess.run(
            [sys.executable, "-m", "concierge.cli", *args], capture_output=True, text=True, timeout=60, env=env
        )

    return run


def test_a_valid_file_is_imported_whole(run_cli, settings_for):
    result = run_cli("venues", "import", str(VENUES_FILE))
    assert result.returncode == 0, result.stderr
    assert result.stdout == "imported 6 venue(s): cabinet, duo, harbour, roma, tasca, unconfigured\n"
    assert build_store(settings_for()).venue_ids() == ["cabinet", "duo", "harbour", "roma", "tasca", "unconfigured"]


def test_a_malformed_file_is_refused_naming_venue_and_key_and_changes_nothing(run_cli, settings_for, tmp_path):
    assert run_cli("venues", "import", str(VENUES_FILE)).returncode == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        VENUES_FILE.read_text()
        .replace("name: Trattoria Roma", "name: Trattoria Nuova")
        .replace("timezone: Europe/Rome\n    max_people: 8", "timezone: Europe/Roma\n    max_people: 8")
    )
    result = run_cli("venues", "import", str(bad))
    assert result.returncode == 2
    assert 'venue "roma", key "timezone": "Europe/Roma" is not an IANA time zone' in result.stderr
    assert "Traceback" not in result.stderr
    assert build_store(settings_for()).get_venue("roma")["name"] == "Trattoria Roma"


def test_an_unknown_file_is_refused_plainly(run_cli, tmp_path):
    result = run_cli("venues", "import", str(tmp_path / "missing.yaml"))
    assert result.returncode == 2 and "cannot be read" in result.stderr
