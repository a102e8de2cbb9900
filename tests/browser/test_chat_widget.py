"""The chat widget as a customer uses it, in Chromium, against a real `concierge serve`."""

from __future__ import annotations

import os
import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import save_screenshot
from tests.browser.venue_site import VenueSite, venues_with_widget_origins

# The test clock reads Thursday 19 February 2026, 18:00 in Rome: "tomorrow" is Friday 20 February.
BOOKINGS = {
    "roma": {
        "book": "Inizia la prenotazione",
        "details": "Mi chiamo Mario Rossi, 347 123 4567, domani per 2 persone",
        "phone": "+393471234567",
        "day": "venerdì 20 febbraio",
        "time": "13:00",
        "confirm": "Conferma",
        "placeholder": "Scrivi un messaggio",
        "new": "Nuova conversazione",
        "done": re.compile(r"Ho prenotato"),
    },
    "harbour": {
        "book": "Start",
        "details": "My name is Jane Smith, 07400 123456, a table for 2 tomorrow",
        "phone": "+447400123456",
        "day": "Friday 20 February",
        "time": "12:30",
        "confirm": "Confirm",
        "placeholder": "Write a message",
        "new": "New conversation",
        "done": re.compile(r"confirmed|booked", re.I),
    },
}


def log(page: Page):
    return page.get_by_role("log")


def latest(page: Page):
    return page.locator(".cc-log .cc-msg").last


def conversation_id(page: Page, venue_id: str) -> str:
    return page.evaluate(f"localStorage.getItem('concierge-chat:{venue_id}')")


@pytest.mark.parametrize("store_kind", ["sqlite", "firestore"])
@pytest.mark.parametrize("venue_id", ["roma", "harbour"])
def test_a_customer_books_from_the_welcome_buttons_to_the_confirmation(
    new_page, concierge_server, venue_id, store_kind
):
    words = BOOKINGS[venue_id]
    server = concierge_server(store_kind=store_kind)
    page = new_page(locale="it-IT" if venue_id == "roma" else "en-GB")  # a visitor who speaks the venue's language
    page.goto(f"{server.url}/chat/{venue_id}")

    expect(page.locator("html")).to_have_attribute("lang", "it" if venue_id == "roma" else "en")
    expect(page.get_by_role("textbox")).to_have_attribute("placeholder", words["placeholder"])
    welcome = latest(page)
    expect(welcome.locator(".cc-button")).to_have_count(4)
    book = welcome.locator('[data-action="start_booking"]')
    expect(book).to_have_accessible_name(re.compile(f"^{book.inner_text()}, {words['book'] or ''}"))
    expect(book).to_have_class(re.compile("cc-style-primary"))
    book.click()

    expect(page.locator(".cc-customer")).to_have_count(1)
    expect(page.locator(".cc-assistant")).to_have_count(2)
    page.get_by_role("textbox").fill(words["details"])
    page.get_by_role("textbox").press("Enter")

    picker = page.get_by_role("group", name=re.compile("Orari disponibili|Available times"))
    expect(picker).to_be_visible()
    expect(picker.locator(".cc-day-label").first).to_have_text(words["day"], ignore_case=True)
    shots = os.environ.get("CONCIERGE_SCREENSHOTS") and store_kind == "sqlite"
    if shots:
        save_screenshot(page, f"widget-slots-{venue_id}")
    picker.get_by_text(words["time"], exact=True).click()

    expect(latest(page).locator('[data-action="confirm"]')).to_have_accessible_name(re.compile(words["confirm"]))
    latest(page).locator('[data-action="confirm"]').click()
    expect(latest(page).locator(".cc-bubble")).to_contain_text(words["done"])
    if shots:
        save_screenshot(page, f"widget-booked-{venue_id}")

    found = httpx.post(
        f"{server.url}/api/list_bookings", json={"restaurant_id": venue_id, "phone": words["phone"]}, timeout=30
    ).json()
    assert [(b["day"], b["time"]) for b in found["results"]] == [("2026-02-20", words["time"])], found

    # The conversation survives a reload; a new one starts afresh with its own id.
    thread = conversation_id(page, venue_id)
    assert re.fullmatch(r"web:[A-Za-z0-9_-]{24}", thread)
    page.reload()
    expect(latest(page).locator(".cc-bubble")).to_contain_text(words["done"])
    expect(page.locator(".cc-customer")).to_have_count(4)  # the pressed buttons' labels, and the words
    assert conversation_id(page, venue_id) == thread
    page.get_by_role("button", name=words["new"]).click()
    expect(page.locator(".cc-msg")).to_have_count(1)
    expect(latest(page).locator(".cc-button")).to_have_count(4)
    assert conversation_id(page, venue_id) not in (thread, None)


def test_a_visitor_is_welcomed_in_their_browser_s_language_and_answered_in_the_one_they_write(
    new_page, concierge_server
):
    server = concierge_server()
    page = new_page(locale="en-GB")
    page.goto(f"{server.url}/chat/roma")
    expect(page.get_by_role("textbox")).to_have_attribute("placeholder", "Write a message")
    expect(latest(page).locator(".cc-bubble")).to_contain_text("Good evening, welcome to Trattoria Roma!")  # 18:00
    page.get_by_role("textbox").fill("Buonasera, vorrei prenotare un tavolo per 2 domani alle 20")
    page.get_by_role("textbox").press("Enter")
    expect(latest(page).locator(".cc-bubble")).to_contain_text("Per prenotare mi manca ancora")


def test_the_widget_is_used_with_the_keyboard_alone(new_page, concierge_server):
    server = concierge_server()
    page = new_page(locale="it-IT")
    page.goto(f"{server.url}/chat/roma")
    expect(latest(page).locator(".cc-button")).to_have_count(4)

    for _ in range(6):  # the header's button, the log, then the welcome buttons
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.action") == "start_booking":
            break
    assert page.evaluate("document.activeElement.dataset.action") == "start_booking"
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid", "the focused button shows where the focus is"
    page.keyboard.press("Enter")

    expect(page.locator(".cc-assistant")).to_have_count(2)
    expect(page.get_by_role("textbox")).to_be_focused()  # nothing to press: the focus goes to the text box
    page.keyboard.type(BOOKINGS["roma"]["details"])
    page.keyboard.press("Enter")

    slots = page.locator(".cc-slot-picker button")
    expect(slots.first).to_be_visible()
    count = slots.count()
    page.keyboard.press("Shift+Tab")  # from the text box back into the picker: its last time
    expect(slots.nth(count - 1)).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(slots.nth(count - 2)).to_be_focused()
    chosen = slots.nth(count - 2).inner_text()
    page.keyboard.press("Space")

    confirm = latest(page).locator('[data-action="confirm"]')
    expect(confirm).to_be_focused()  # the pressed time is retired; the focus moves to the answer's first button
    page.keyboard.press("Enter")
    expect(latest(page).locator(".cc-bubble")).to_contain_text(BOOKINGS["roma"]["done"])
    found = httpx.post(
        f"{server.url}/api/list_bookings", json={"restaurant_id": "roma", "phone": "+393471234567"}, timeout=30
    ).json()
    assert [b["time"] for b in found["results"]] == [chosen], found


@pytest.mark.parametrize("store_kind", ["sqlite", "firestore"])
def test_a_person_takes_over_and_the_customer_sees_the_replies(new_page, concierge_server, store_kind):
    server = concierge_server(store_kind=store_kind, operator=True)
    staff = {"Authorization": f"Bearer {server.operator_key}"}
    page = new_page(locale="fr-FR")
    page.goto(f"{server.url}/chat/cabinet")
    latest(page).locator('[data-action="emergency"]').click()

    status = page.locator(".cc-status")
    expect(status).to_contain_text("Une personne de l'équipe a pris le relais")
    card = page.get_by_role("region", name="Cabinet dentaire Daboussy", exact=True)
    expect(card.get_by_role("link", name="+213555123456")).to_have_attribute("href", "tel:+213555123456")
    expect(card.get_by_role("link", name="contact@cabinet.example")).to_have_attribute(
        "href", "mailto:contact@cabinet.example"
    )
    thread = conversation_id(page, "cabinet")
    listed = httpx.post(
        f"{server.url}/api/conversations_list", json={"venue_id": "cabinet"}, headers=staff, timeout=30
    ).json()
    assert [c["conversation_id"] for c in listed["conversations"]] == [thread]

    page.get_by_role("textbox").fill("J'ai très mal depuis ce matin")
    page.get_by_role("textbox").press("Enter")
    expect(page.locator(".cc-customer")).to_have_count(2)
    reply = {
        "venue_id": "cabinet",
        "conversation_id": thread,
        "text": "Bonjour, ici Amina. Venez à 17h, on vous prend.",
    }
    sent = httpx.post(f"{server.url}/api/conversation_reply", json=reply, headers=staff, timeout=30)
    assert sent.status_code == 200, sent.text
    staff_message = page.locator(".cc-staff")
    expect(staff_message).to_contain_text("Venez à 17h", timeout=15_000)  # by polling
    expect(staff_message.locator(".cc-speaker")).to_have_text("Équipe:")
    if os.environ.get("CONCIERGE_SCREENSHOTS") and store_kind == "sqlite":
        save_screenshot(page, "widget-handover-fr")

    transcript = httpx.post(
        f"{server.url}/api/conversation_read",
        json={"venue_id": "cabinet", "conversation_id": thread},
        headers=staff,
        timeout=30,
    ).json()
    assert "J'ai très mal depuis ce matin" in [m["text"] for m in transcript["transcript"] if m["role"] == "customer"]

    back = httpx.post(
        f"{server.url}/api/conversation_handback",
        json={"venue_id": "cabinet", "conversation_id": thread},
        headers=staff,
        timeout=30,
    )
    assert back.status_code == 200, back.text
    expect(status).to_have_text("", timeout=15_000)


def test_an_unreachable_service_is_said_and_the_message_is_sent_again_once(new_page, concierge_server):
    server = concierge_server()
    page = new_page(locale="it-IT")
    page.goto(f"{server.url}/chat/roma")
    expect(latest(page).locator(".cc-button")).to_have_count(4)

    page.route("**/api/conversation_message", lambda route: route.abort("connectionrefused"))
    page.get_by_role("textbox").fill("Avete il parcheggio?")
    page.get_by_role("textbox").press("Enter")
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Il servizio non è raggiungibile")
    if os.environ.get("CONCIERGE_SCREENSHOTS"):
        save_screenshot(page, "widget-unreachable-it")

    page.unroute("**/api/conversation_message")
    alert.get_by_role("button", name="Riprova").click()
    expect(alert).to_be_hidden()
    expect(latest(page).locator(".cc-bubble")).to_contain_text("parcheggio privato")
    thread = conversation_id(page, "roma")
    shown = httpx.post(
        f"{server.url}/api/conversation_messages", json={"venue_id": "roma", "conversation_id": thread}, timeout=30
    ).json()
    assert shown.get("ok"), shown
    asked = [m for m in shown["messages"] if m["role"] == "customer" and m.get("text") == "Avete il parcheggio?"]
    assert len(asked) == 1, "the retried message was handled once"


def test_a_venue_site_embeds_the_widget_with_one_script_line(new_page, concierge_server, tmp_path):
    site = VenueSite()
    stranger = VenueSite()
    with site, stranger:
        venues = venues_with_widget_origins(tmp_path, {"roma": [site.origin]})
        server = concierge_server(venues=venues)
        site.publish(server.url, "roma")
        stranger.publish(server.url, "roma")

        page = new_page(locale="it-IT")
        page.goto(site.origin)
        launcher = page.get_by_role("button", name="Scrivici")
        expect(launcher).to_have_attribute("aria-expanded", "false")
        launcher.click()
        expect(launcher).to_have_attribute("aria-expanded", "true")
        expect(latest(page).locator(".cc-button")).to_have_count(4)
        if os.environ.get("CONCIERGE_SCREENSHOTS"):
            save_screenshot(page, "widget-embedded-it")
        page.get_by_role("button", name="Chiudi la chat").click()
        expect(launcher).to_be_focused()
        expect(page.get_by_role("region", name="Chat")).to_be_hidden()
        page.keyboard.press("Enter")  # open again from the keyboard, the conversation kept; Escape closes
        expect(page.get_by_role("textbox")).to_be_focused()
        expect(latest(page).locator(".cc-button")).to_have_count(4)
        page.keyboard.press("Escape")
        expect(launcher).to_have_attribute("aria-expanded", "false")
        expect(launcher).to_be_focused()

        other = new_page(locale="it-IT")
        other.goto(stranger.origin)
        other.get_by_role("button", name="Scrivici").click()
        expect(other.locator(".cc-note")).to_contain_text(f"The site {stranger.origin} may not embed", timeout=20_000)


def test_after_a_goodbye_the_threads_new_conversation_still_shows_the_teams_replies(new_page, concierge_server):
    server = concierge_server(operator=True)
    staff = {"Authorization": f"Bearer {server.operator_key}"}
    page = new_page(locale="it-IT")
    page.goto(f"{server.url}/chat/roma")
    expect(latest(page).locator(".cc-button")).to_have_count(4)  # the welcome: until it comes, Enter sends nothing
    page.get_by_role("textbox").fill("Avete il parcheggio?")
    page.get_by_role("textbox").press("Enter")
    expect(latest(page).locator(".cc-bubble")).to_contain_text("parcheggio privato")
    page.get_by_role("textbox").fill("Grazie, arrivederci")
    page.get_by_role("textbox").press("Enter")
    expect(page.locator(".cc-assistant")).to_have_count(3)  # the conversation is archived

    latest(page).locator('[data-action="human"]').click()  # the same thread opens a new conversation
    expect(page.locator(".cc-status")).to_contain_text("Una persona dello staff")
    thread = conversation_id(page, "roma")
    reply = {"venue_id": "roma", "conversation_id": thread, "text": "Salve, sono Luca: come posso aiutarla?"}
    assert httpx.post(f"{server.url}/api/conversation_reply", json=reply, headers=staff, timeout=30).status_code == 200
    expect(page.locator(".cc-staff")).to_contain_text("sono Luca")


def test_a_reload_while_the_service_is_unreachable_restores_the_conversation_on_retry(new_page, concierge_server):
    server = concierge_server()
    page = new_page(locale="it-IT")
    page.goto(f"{server.url}/chat/roma")
    expect(latest(page).locator(".cc-button")).to_have_count(4)
    thread = conversation_id(page, "roma")

    page.route("**/api/conversation_messages", lambda route: route.abort("connectionrefused"))
    page.reload()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Il servizio non è raggiungibile")
    page.unroute("**/api/conversation_messages")
    alert.get_by_role("button", name="Riprova").click()
    expect(alert).to_be_hidden()
    expect(latest(page).locator(".cc-bubble")).to_contain_text("benvenuto da Trattoria Roma")
    expect(latest(page).locator('[data-action="start_booking"]')).to_be_enabled()  # the last answer's buttons work
    assert conversation_id(page, "roma") == thread, "the same conversation, not a new one"
