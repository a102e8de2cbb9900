"""Which browser calls the chat widget may make without the tool key, and the deployed functions' CORS."""

from __future__ import annotations

import pytest
from flask import Flask, request

from concierge.domain.errors import ToolError
from concierge.domain.knowledge_base import load_knowledge_base
from concierge.http.functions import function_entry
from concierge.http.browser_access import browser_origin, check_browser_call
from tests.conftest import VENUES_FILE

_roma = load_knowledge_base(VENUES_FILE)["roma"]
ROMA = type(_roma).model_validate(_roma.model_dump() | {"chat_widget": {"origins": ["https://www.roma.example"]}})
THREAD = "web:Zk3v9QpL0aXb7Rt2Yh6WcN"
HOST = {"Host": "chat.concierge.example"}


def test_only_the_two_customer_functions_are_browser_calls():
    headers = {"Origin": "https://WWW.Roma.example"}
    assert browser_origin("conversation_message", headers) == "https://www.roma.example"
    assert browser_origin("conversation_messages", headers) == "https://www.roma.example"
    assert browser_origin("conversation_reply", headers) is None
    assert browser_origin("create_booking", headers) is None
    assert browser_origin("conversation_message", {}) is None


def test_a_listed_site_or_the_servers_own_page_may_call_and_claims_nothing():
    body = {"venue_id": "roma", "conversation_id": THREAD, "text": "ciao", "channel": "whatsapp"}
    body["customer"] = {"phone": "+393471234567"}
    allowed = check_browser_call("https://www.roma.example", ROMA, body, HOST)
    assert allowed["channel"] == "web" and "customer" not in allowed and allowed["text"] == "ciao"
    assert check_browser_call("https://chat.concierge.example", ROMA, body, HOST)["channel"] == "web"


@pytest.mark.parametrize(
    "origin, thread, code",
    [
        ("https://evil.example", THREAD, "UNAUTHORIZED"),
        ("https://www.roma.example.evil.example", THREAD, "UNAUTHORIZED"),
        ("null", THREAD, "UNAUTHORIZED"),
        ("https://www.roma.example", "wa:+393471234567", "VALIDATION_ERROR"),
        ("https://www.roma.example", "web:short", "VALIDATION_ERROR"),
        ("https://www.roma.example", "web:" + "a" * 22 + "/x", "VALIDATION_ERROR"),
    ],
)
def test_other_sites_and_guessable_threads_are_refused(origin, thread, code):
    with pytest.raises(ToolError) as refused:
        check_browser_call(origin, ROMA, {"venue_id": "roma", "conversation_id": thread}, HOST)
    assert refused.value.code == code


def test_the_deployed_function_answers_the_browsers_preflight(monkeypatch):
    monkeypatch.setattr("concierge.http.functions._logging_ready", True)  # keep this process's logging as it is
    entry = function_entry("conversation_message")
    asked = {"Origin": "https://www.roma.example", "Access-Control-Request-Method": "POST"}
    with Flask(__name__).test_request_context("/", method="OPTIONS", headers=asked):
        response = entry(request)
    assert response.status_code == 204
    assert response.headers["Access-Control-Allow-Origin"] == "https://www.roma.example"
    assert response.headers["Access-Control-Allow-Methods"] == "POST"
    with Flask(__name__).test_request_context("/", method="OPTIONS", headers={"Origin": "https://x.example"}):
        assert function_entry("conversation_reply")(request).status_code == 405


def test_a_body_the_deployed_function_refuses_is_still_readable_by_the_calling_page(monkeypatch):
    monkeypatch.setattr("concierge.http.functions._logging_ready", True)
    entry = function_entry("conversation_message")
    too_big = b'{"text": "' + b"x" * 70_000 + b'"}'
    headers = {"Origin": "https://www.roma.example", "Content-Type": "application/json"}
    with Flask(__name__).test_request_context("/", method="POST", data=too_big, headers=headers):
        response = entry(request)
    assert response.status_code == 413
    assert response.headers["Access-Control-Allow-Origin"] == "https://www.roma.example"
    assert response.get_json()["message"]
