"""`concierge providers check VENUE` on real back-ends (local servers over HTTP), on both stores."""

from __future__ import annotations

import pytest

from concierge.cli import main
from concierge.cli.venues import import_venues
from tests.conftest import VENUES_FILE
from tests.integration.conftest import with_providers
from tests.support import firestore_emulator
from tests.support.octotable_server import start_octotable_server
from tests.support.providers import BLOCKS, provider_setup
from tests.support.resos_server import start_resos_server
from tests.support.sheets_server import HEADER

PHONE = "+393331234567"


@pytest.fixture
def check(tmp_path, store_kind, monkeypatch, settings_for, capsys):
    """check(block_for, secrets, *more args) -> (exit code, report printed)."""
    monkeypatch.setenv("CONCIERGE_STORE", store_kind)
    monkeypatch.setenv("CONCIERGE_FIRESTORE_PROJECT", firestore_emulator.PROJECT)

    def run(block_for, secrets: dict[str, str], *args: str, venue: str = "roma") -> tuple[int, str]:
        for name, value in secrets.items():
            monkeypatch.setenv(name, value)
        import_venues(settings_for(data_dir=tmp_path / "data"), with_providers(VENUES_FILE, block_for, tmp_path))
        capsys.readouterr()
        code = main(["providers", "check", venue, "--data", str(tmp_path / "data"), "--day", "2026-02-20", *args])
        captured = capsys.readouterr()
        return code, captured.out + captured.err

    return run


def test_a_ready_sheet_is_reported_ready_with_the_days_bookings(check):
    with provider_setup("sheets") as (block_for, secrets, sheets):
        sheets.add_worksheet("roma", rows=[HEADER, ["a", "2026-02-20", "20:00", "2", "Anna", PHONE]])
        code, report = check(block_for, secrets)
    assert code == 0
    assert "1 booking(s) read" in report and "=> ready" in report and "PROBLEM" not in report


def test_unreadable_rows_are_reported_with_their_numbers_and_what_is_wrong(check):
    with provider_setup("sheets") as (block_for, secrets, sheets):
        sheets.add_worksheet(
            "roma",
            rows=[
                HEADER,
                ["a", "20/02/2026", "8pm", "2", "Anna", PHONE],
                ["b", "venerdì", "20:00", "2", "Bea", PHONE],
                ["c", "2026-02-20", "dopo cena", "2", "Cleo", PHONE],
            ],
        )
        code, report = check(block_for, secrets)
    assert code == 1
    assert "1 booking(s) read" in report
    assert 'row 3 cannot be read and is ignored by every tool: day "venerdì" is not a date' in report
    assert 'row 4 cannot be read and is ignored by every tool: time "dopo cena" is not a time' in report
    assert "=> 2 problems to fix before going live" in report


def test_a_missing_worksheet_is_named(check):
    with provider_setup("sheets") as (block_for, secrets, sheets):
        code, report = check(lambda venue_id: {**block_for(venue_id), "worksheet": "Prenotazioni"}, secrets)
    assert code == 1 and "SHEET_NOT_FOUND" in report and '"Prenotazioni" not found' in report


def test_a_missing_octotable_secret_names_the_variable_to_set(check, monkeypatch):
    monkeypatch.delenv("OCTOTABLE_CLIENT_SECRET", raising=False)
    with start_octotable_server() as server:
        code, report = check(
            lambda venue_id: BLOCKS["octotable"](venue_id, server), {"OCTOTABLE_CLIENT_ID": server.client_id}
        )
    assert code == 1 and "configuration" in report and "OCTOTABLE_CLIENT_SECRET" in report
    assert server.requests == []


def test_refused_octotable_credentials_are_reported_without_the_secret(check):
    with start_octotable_server() as server:
        code, report = check(
            lambda venue_id: BLOCKS["octotable"](venue_id, server),
            {"OCTOTABLE_CLIENT_ID": server.client_id, "OCTOTABLE_CLIENT_SECRET": "not-the-secret"},
        )
    assert code == 1 and "refused the client credentials" in report and "not-the-secret" not in report


def test_an_unreachable_resos_is_explained_in_plain_words(check):
    with start_resos_server() as server:
        server.fail_next(5, status=503)
        code, report = check(lambda venue_id: BLOCKS["resos"](venue_id, server), {"RESOS_API_KEY": server.api_key})
    assert code == 1 and "PROVIDER_UNAVAILABLE" in report and "could not be reached" in report


def test_a_ready_resos_and_octotable_are_ready(check):
    with start_resos_server() as server:
        server.add_booking("2026-02-20", "20:00")
        code, report = check(lambda venue_id: BLOCKS["resos"](venue_id, server), {"RESOS_API_KEY": server.api_key})
    assert (code, "1 booking(s) read" in report) == (0, True)


def test_an_unknown_venue_lists_the_known_ones(check):
    code, report = check(lambda venue_id: {"kind": "builtin"}, {}, venue="nowhere")
    assert code == 2 and 'no venue "nowhere"' in report and "roma" in report
