"""The chat widget's calls from a browser, on both stores: no tool key, only from the venue's own sites
(or the server's own page), only on a random web session id, never claiming a verified phone; the
page and its files served; every other function still needs the key."""

from __future__ import annotations

import pytest
import yaml

from concierge.conversations.offline_agent import OfflineAgent
from tests.conftest import VENUES_FILE

KEY = "tool-key-for-servers"
SITE = "https://www.trattoria-roma.example"
THREAD = "web:Zk3v9QpL0aXb7Rt2Yh6WcN"


@pytest.fixture
def widget_api(serve, tmp_path):
    data = yaml.safe_load(VENUES_FILE.read_text())
    data["venues"]["roma"]["chat_widget"] = {"origins": [SITE]}
    venues = tmp_path / "venues.yaml"
    venues.write_text(yaml.safe_dump(data, allow_unicode=True))
    return serve(api_key=KEY, venues=venues, agent=lambda venue: OfflineAgent())


def message(api, origin=SITE, venue="roma", thread=THREAD, **extra):
    body = {"venue_id": venue, "conversation_id": thread, "action": "welcome", "channel": "web", **extra}
    headers = {"Origin": origin} if origin else {}
    return api.call("conversation_message", body, headers=headers)


def test_the_venues_own_site_chats_without_the_key_and_may_read_the_answer(widget_api):
    answer = message(widget_api)
    assert answer.status_code == 200, answer.text
    assert answer.json()["rdv"]["action"] == "SHOW_WELCOME"
    assert answer.headers["Access-Control-Allow-Origin"] == SITE
    polled = widget_api.call(
        "conversation_messages", {"venue_id": "roma", "conversation_id": THREAD}, headers={"Origin": SITE}
    )
    assert polled.status_code == 200 and polled.json()["messages"][1]["role"] == "assistant"


def test_the_browsers_preflight_is_answered_for_the_two_customer_functions_only(widget_api):
    client, base = widget_api.client, widget_api.base_url
    asked = {"Origin": SITE, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"}
    preflight = client.options(f"{base}/api/conversation_message", headers=asked)
    assert preflight.status_code == 204
    assert preflight.headers["Access-Control-Allow-Origin"] == SITE
    assert "Content-Type" in preflight.headers["Access-Control-Allow-Headers"]
    refused = client.options(f"{base}/api/create_booking", headers=asked)
    assert refused.status_code == 405 and "Access-Control-Allow-Origin" not in refused.headers


def test_another_site_a_guessable_thread_or_no_origin_is_refused_and_nothing_is_stored(widget_api):
    other = message(widget_api, origin="https://evil.example")
    assert other.status_code == 401 and other.json()["error_code"] == "UNAUTHORIZED"
    assert "https://evil.example may not embed" in other.json()["message"]
    assert message(widget_api, venue="harbour").status_code == 401  # harbour lists no site
    whatsapp = message(widget_api, thread="wa:+393471234567")
    assert whatsapp.status_code == 400 and whatsapp.json()["field"] == "conversation_id"
    short = message(widget_api, thread="web:1234")
    assert short.status_code == 400
    poll = widget_api.call(
        "conversation_messages", {"venue_id": "roma", "conversation_id": "wa:+393471234567"}, headers={"Origin": SITE}
    )
    assert poll.status_code == 400
    assert message(widget_api, origin=None).status_code == 401  # a server without the key
    staff = widget_api.call("conversations_list", {"venue_id": "roma", "status": "active"})
    assert staff.status_code == 401
    tool = widget_api.call(
        "list_bookings", {"restaurant_id": "roma", "phone": "+393471234567"}, headers={"Origin": SITE}
    )
    assert tool.status_code == 401, "the tools keep the key whatever the origin"
    servers = widget_api.call(
        "conversation_messages",
        {"venue_id": "roma", "conversation_id": THREAD},
        headers={"Authorization": f"Bearer {KEY}"},
    )
    assert servers.status_code == 404, "nothing was opened by the refused calls"


def test_a_browser_cannot_claim_a_verified_phone(widget_api):
    answer = message(widget_api, customer={"phone": "+393471234567", "name": "Mario Rossi"}, channel="whatsapp")
    assert answer.status_code == 200, answer.text
    assert answer.json()["rdv"]["session_context"]["collected_info"]["has_phone"] is False
    read = widget_api.store.current_conversation("roma", THREAD)
    assert read.channel == "web" and not read.phone_verified and read.customer_phone is None


def test_the_server_with_the_key_keeps_its_way_in(widget_api):
    answer = widget_api.call(
        "conversation_message",
        {"venue_id": "roma", "conversation_id": "wa:+393471234567", "text": "Buonasera", "channel": "whatsapp"},
        headers={"Authorization": f"Bearer {KEY}"},
    )
    assert answer.status_code == 200 and "Access-Control-Allow-Origin" not in answer.headers


def test_the_chat_page_and_its_files_are_served(widget_api):
    client, base = widget_api.client, widget_api.base_url
    page = client.get(f"{base}/chat/roma")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<html lang="it">' in page.text and 'data-venue="roma"' in page.text
    assert "default-src 'self'" in page.headers["Content-Security-Policy"]
    script = client.get(f"{base}/chat/widget.js")
    assert script.status_code == 200 and script.headers["content-type"].startswith("text/javascript")
    assert "conversation_message" in script.text
    assert client.get(f"{base}/chat/widget.css").headers["content-type"].startswith("text/css")
    assert client.get(f"{base}/chat/nowhere").status_code == 404
    same_origin = message(widget_api, origin=base)  # the page above calls its own server
    assert same_origin.status_code == 200, same_origin.text
