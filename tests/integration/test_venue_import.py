"""`concierge venues import`: a whole file or nothing."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import VENUES_FILE


def run_cli(*args: str):
    return subprocess.run([sys.executable, "-m", "concierge.cli", *args], capture_output=True, text=True, timeout=60)


def test_a_valid_file_is_imported_and_served(tmp_path, serve):
    result = run_cli("venues", "import", str(VENUES_FILE), "--data", str(tmp_path / "d"))
    assert result.returncode == 0, result.stderr
    assert "roma" in result.stdout


def test_a_malformed_file_is_refused_naming_venue_and_key_and_changes_nothing(tmp_path, serve):
    data = tmp_path / "d"
    assert run_cli("venues", "import", str(VENUES_FILE), "--data", str(data)).returncode == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text(VENUES_FILE.read_text().replace("name: Trattoria Roma", "name: Trattoria Nuova")
                   .replace('timezone: Europe/Rome\n    max_people: 8', 'timezone: Europe/Roma\n    max_people: 8'))
    result = run_cli("venues", "import", str(bad), "--data", str(data))
    assert result.returncode == 2
    assert 'venue "roma", key "timezone": "Europe/Roma" is not an IANA time zone' in result.stderr
    assert "Traceback" not in result.stderr
    api = serve(data_dir=data, venues=VENUES_FILE)
    assert api.ok("faq", {"restaurant_id": "roma", "question": "parcheggio"})["answer"]


def test_an_unknown_file_is_refused_plainly(tmp_path):
    result = run_cli("venues", "import", str(tmp_path / "missing.yaml"), "--data", str(tmp_path))
    assert result.returncode == 2 and "cannot be read" in result.stderr
