"""`concierge chat`: a booking made in the terminal, on the local store, with the offline agent."""

from __future__ import annotations

import datetime as dt
import io

from concierge.bootstrap import build_store
from concierge.settings import Settings
from concierge.cli import main
from tests.conftest import VENUES_FILE

MONDAY = "2026-11-23T10:00:00+00:00"


def test_a_terminal_chat_books_a_table_with_a_button_press(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CONCIERGE_NOW", MONDAY)
    monkeypatch.setenv("CONCIERGE_STORE", "sqlite")
    monkeypatch.setattr(
        "sys.stdin",
        io.StringIO("Olá\nQueria reservar uma mesa para 2 na sexta às 20h\nAna Sousa\n1\n/quit\nnever read\n"),
    )
    code = main(
        ["chat", "--venue", "tasca", "--phone", "912345678", "--venues", str(VENUES_FILE), "--data", str(tmp_path)]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "  [1] Sim, confirmo" in out and "Feito! Reservei uma mesa para 2" in out
    [booking] = build_store(Settings(store="sqlite", data_dir=tmp_path)).bookings_for_phone(
        "tasca", "+351912345678", dt.date(2026, 11, 23)
    )
    assert (booking.time, booking.people, booking.name) == ("20:00", 2, "Ana Sousa")


def test_an_unknown_venue_is_named_with_the_known_ones(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CONCIERGE_STORE", "sqlite")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code = main(["chat", "--venue", "nowhere", "--venues", str(VENUES_FILE), "--data", str(tmp_path)])
    assert code == 2 and "tasca" in capsys.readouterr().out
