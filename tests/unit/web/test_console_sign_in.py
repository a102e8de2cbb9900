"""A console sign-in lasts the configured time from the sign-in, however busy the session; the operator
is read on every request. Flask's test client over the console's pages, with a hand-written operator
directory (only the sign-in pages are visited, so no other service is needed)."""

from __future__ import annotations

import datetime as dt
import re
import time

import pytest
from flask import Flask

from concierge.domain.operators import Operator, OperatorRecord, key_hash
from concierge.http.operators import OperatorGate
from concierge.web.console import ConsoleConfig, ConsoleServices, register_console
from concierge.web.console.session import COOKIE, ConsoleSession, SessionCodec

KEY = "cop_unit-test-key"
NOW = dt.datetime(2026, 2, 19, tzinfo=dt.timezone.utc)


class Directory:
    """The operator store role, in memory."""

    def __init__(self) -> None:
        self.records = [OperatorRecord(Operator("op_1", "Giulia"), key_hash(KEY), NOW)]

    def operator_for_key(self, hashed: str) -> Operator | None:
        return next((r.operator for r in self.records if r.key_hash == hashed and r.active), None)

    def operator_for_email(self, email: str) -> Operator | None:
        return None

    def operators(self) -> list[OperatorRecord]:
        return list(self.records)


@pytest.fixture
def client():
    app = Flask("test")
    services = ConsoleServices(ctx=None, plans=None, operators=OperatorGate(Directory()), conversations=None)  # type: ignore[arg-type]
    register_console(app, services, ConsoleConfig(secret="s" * 32, session_seconds=60))
    return app.test_client()


def sign_in(client) -> None:
    token = re.search(r'name="csrf" value="([^"]+)"', client.get("/console/sign-in").text).group(1)
    assert client.post("/console/sign-in", data={"csrf": token, "key": KEY}).status_code == 303


def test_a_signed_in_operator_is_sent_on_from_the_sign_in_page(client):
    sign_in(client)
    response = client.get("/console/sign-in?next=/console/venues/roma/plans")
    assert response.status_code == 302 and response.headers["Location"] == "/console/venues/roma/plans"


def test_a_cookie_untouched_for_the_sessions_length_is_signed_out(client, monkeypatch):
    sign_in(client)
    later = time.time() + 61
    monkeypatch.setattr("concierge.web.console.time.time", lambda: later)  # the module is the time module
    bounced = client.get("/console/venues/roma/plans")
    assert bounced.status_code == 302 and bounced.headers["Location"].startswith("/console/sign-in")


def test_the_sign_in_ends_after_its_length_even_if_the_cookie_was_rewritten_since(client):
    """A cookie written a moment ago (a plan added to the session) still ends 60 s after the sign-in."""
    codec = SessionCodec(ConsoleConfig(secret="s" * 32, session_seconds=60))
    session = ConsoleSession.fresh().signed_in("op_1", int(time.time()) - 61)
    client.set_cookie(COOKIE, codec.dumps(session), path="/console")
    bounced = client.get("/console/venues/roma/plans")
    assert bounced.status_code == 302 and "ended=expired" in bounced.headers["Location"]
    assert "Your session has ended" in client.get(bounced.headers["Location"]).text
    still = ConsoleSession.fresh().signed_in("op_1", int(time.time()) - 30)
    client.set_cookie(COOKIE, codec.dumps(still), path="/console")
    assert client.get("/console/sign-in").status_code == 302  # still signed in: sent on


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/", "/console/\\evil", "/elsewhere"])
def test_a_next_page_outside_the_console_is_never_followed(client, target):
    token = re.search(r'name="csrf" value="([^"]+)"', client.get("/console/sign-in").text).group(1)
    response = client.post("/console/sign-in", data={"csrf": token, "key": KEY, "next": target})
    assert response.status_code == 303 and response.headers["Location"] == "/console/"
