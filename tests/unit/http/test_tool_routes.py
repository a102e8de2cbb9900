"""The tools' WSGI route answers every tool call exactly as the Flask route behind it would."""

from __future__ import annotations

import json
import logging

import pytest
from werkzeug.test import Client

from concierge.bootstrap import build_context
from concierge.settings import Access, Settings
from concierge.cli.venues import import_venues
from concierge.http.app import create_app
from concierge.http.limits import MAX_BODY_BYTES
from concierge.http.tool_routes import ToolRoutes
from tests.conftest import THURSDAY_EVENING_ROME, VENUES_FILE

ROMA = {"restaurant_id": "roma", "day": "2026-02-19", "time": "20:00"}
BOOKING = {**ROMA, "people": 2, "name": "Ana Lima", "phone": "+393331234567"}
VAPI = {
    "message": {
        "type": "tool-calls",
        "toolCallList": [{"id": "c1", "function": {"name": "check_openings", "arguments": json.dumps(ROMA)}}],
    }
}
CASES = [  # (path, body bytes, extra headers)
    ("/api/check_openings", json.dumps(ROMA).encode(), {}),
    ("/api/check_openings", json.dumps({**ROMA, "time": "25:00"}).encode(), {}),
    ("/api/check_openings", json.dumps({**ROMA, "restaurant_id": "nowhere"}).encode(), {}),
    ("/api/check_openings", b"{not json", {}),
    ("/api/check_openings", b"", {}),
    ("/api/check_openings", b"[1, 2]", {}),
    ("/api/check_openings", b'{"a": ' + b"[" * 40 + b"]" * 40 + b"}", {}),
    ("/api/check_openings", b" " * (MAX_BODY_BYTES + 1), {}),
    ("/api/check_openings", json.dumps(ROMA).encode(), {"Idempotency-Key": "k" * 300}),
    ("/api/check_openings", json.dumps(VAPI).encode(), {}),
    ("/api/list_bookings", json.dumps({"restaurant_id": "roma", "phone": "+393331234567"}).encode(), {}),
    ("/api/faq", json.dumps({"restaurant_id": "roma", "question": "parcheggio?"}).encode(), {}),
    ("/api/resolve_relative_day", json.dumps({"restaurant_id": "roma", "text": "domani"}).encode(), {}),
    ("/api/create_booking", json.dumps({**BOOKING, "people": 0}).encode(), {}),
    ("/api/cancel_booking", json.dumps({"restaurant_id": "roma", "booking_id": "missing"}).encode(), {}),
]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CONCIERGE_NOW", THURSDAY_EVENING_ROME)
    settings = Settings.from_env(data_dir=tmp_path)
    import_venues(settings, VENUES_FILE)
    return create_app(build_context(settings), Access())


def both(app, path: str, body: bytes, headers: dict) -> tuple[tuple, tuple]:
    routes = app.wsgi_app
    assert isinstance(routes, ToolRoutes)
    answers = []
    for wsgi in (app, routes.app):  # the lean route, then Flask's own
        response = Client(wsgi).post(path, data=body, headers={"Content-Type": "application/json", **headers})
        answers.append((response.status, response.headers.get("Content-Type"), response.get_json()))
    return answers[0], answers[1]


@pytest.mark.parametrize("path, body, headers", CASES)
def test_a_tool_call_gets_the_same_status_type_and_body_from_either_route(app, path, body, headers):
    lean, flask = both(app, path, body, headers)
    assert lean == flask
    assert lean[1] == "application/json"


def test_a_booking_is_taken_once_and_answered_alike_by_either_route(app):
    lean, flask = both(app, "/api/create_booking", json.dumps(BOOKING).encode(), {})
    assert lean[0].startswith("200") and lean[2]["ok"] is True
    assert flask[0].startswith("409") and flask[2]["error_code"] == "DUPLICATE_BOOKING"


def test_other_methods_and_names_go_on_to_the_flask_app(app):
    client = Client(app)
    assert client.get("/api/check_openings").status_code == 405
    assert client.post("/api/nothing_here", json={}).get_json()["error_code"] == "NOT_FOUND"
    assert client.get("/healthz").get_json() == {"ok": True}


def test_an_unexpected_failure_is_logged_and_answered_as_json(app, caplog, monkeypatch):
    routes = app.wsgi_app

    def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr("concierge.http.tool_routes.answer", broken)
    with caplog.at_level(logging.ERROR, logger="concierge.http"):
        response = Client(routes).post("/api/check_openings", json=ROMA)
    assert response.status_code == 500
    assert response.get_json() == {
        "ok": False,
        "error_code": "INTERNAL_ERROR",
        "message": "Unexpected error; it has been logged. Please try again.",
    }
    assert "disk on fire" not in response.get_data(as_text=True)
    assert "unexpected failure serving /api/check_openings" in caplog.text


def test_the_headers_read_from_the_environ_match_werkzeugs_reading():
    from werkzeug.datastructures import EnvironHeaders

    from concierge.http.tool_routes import WsgiHeaders

    environ = {
        "HTTP_AUTHORIZATION": "Bearer k",
        "HTTP_X_RETELL_SIGNATURE": "v=1,d=ab",
        "HTTP_IDEMPOTENCY_KEY": "abc",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": "12",
        "PATH_INFO": "/api/faq",
    }
    ours, theirs = WsgiHeaders(environ), EnvironHeaders(environ)
    for name in ("Authorization", "authorization", "X-Retell-Signature", "x-retell-signature", "Idempotency-Key",
                 "Content-Type", "Content-Length", "X-Vapi-Secret", "Path-Info"):  # fmt: skip
        assert ours.get(name) == theirs.get(name)
    assert ours["Authorization"] == "Bearer k"
    assert ours.get("X-Vapi-Secret", "none") == "none"
    assert sorted(ours) == sorted(theirs.keys()) and len(ours) == 5


@pytest.mark.parametrize("terminated", [True, False])
@pytest.mark.parametrize(
    "length, extra",
    [
        ("12", {}),
        ("5", {}),
        ("0", {}),
        (None, {}),
        (str(MAX_BODY_BYTES), {}),
        (str(MAX_BODY_BYTES + 1), {}),
        (" 12", {}),
        ("1_2", {}),
        ("-3", {}),
        ("x", {}),
        ("١٢", {}),  # Arabic-Indic digits: isdigit() says yes, a Content-Length says no
        ("12", {"HTTP_TRANSFER_ENCODING": "chunked"}),
    ],
)
def test_the_body_is_read_as_werkzeugs_guarded_stream_reads_it(terminated, length, extra):
    import io

    from werkzeug.exceptions import RequestEntityTooLarge
    from werkzeug.wsgi import get_input_stream

    from concierge.http.tool_routes import _body

    data = b'{"restaurant_id": "roma"}' + b" " * 40

    def environ() -> dict:
        env = {"wsgi.input": io.BytesIO(data), **extra}
        if length is not None:
            env["CONTENT_LENGTH"] = length
        if terminated:
            env["wsgi.input_terminated"] = True
        return env

    try:
        theirs = get_input_stream(environ(), max_content_length=MAX_BODY_BYTES).read(MAX_BODY_BYTES + 1)
    except RequestEntityTooLarge:
        theirs = None
    assert _body(environ()) == theirs
