"""The staff console as an operator uses it, in Chromium, against a real `concierge serve`: signing in,
a day's bookings, a plan from the request to its confirmation, a handover from the chat widget answered
from the console, and axe-core on every page.

The test clock reads Thursday 19 February 2026, 18:00 in Rome: Friday is 20 February, Saturday 21.
With CONCIERGE_SCREENSHOTS=1 the tests refresh the README's screenshots under docs/screenshots/.
"""

from __future__ import annotations

import json
import os
import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import save_screenshot
from tests.browser.test_accessibility import grave_violations

FRIDAY = "2026-02-20"
WIDE = {"viewport": {"width": 1280, "height": 860}}


def screenshot(page: Page, name: str) -> None:
    if os.environ.get("CONCIERGE_SCREENSHOTS"):
        save_screenshot(page, name)


def assert_accessible(page: Page, state: str) -> None:
    found = grave_violations(page)
    assert not found, f"{state}: " + json.dumps(found, ensure_ascii=False, indent=1)


def book(url: str, name="Mario Rossi", phone="+39 333 123 4567", time="20:00", people=4) -> str:
    body = {"restaurant_id": "roma", "day": FRIDAY, "time": time, "people": people, "name": name, "phone": phone}
    answer = httpx.post(f"{url}/api/create_booking", json=body, timeout=30).json()
    return answer["booking_id"]


def booking(url: str, booking_id: str) -> dict:
    return httpx.post(
        f"{url}/api/get_booking", json={"restaurant_id": "roma", "booking_id": booking_id}, timeout=30
    ).json()


def sign_in(page: Page, url: str, key: str, path: str = "/console/") -> None:
    page.goto(f"{url}{path}")
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    page.get_by_label("Operator key").fill(key)
    page.get_by_role("button", name="Sign in").click()


@pytest.mark.parametrize("store_kind", ["sqlite", "firestore"])
def test_an_operator_signs_in_plans_a_move_confirms_it_and_undoes_it(new_page, concierge_server, store_kind):
    server = concierge_server(store_kind=store_kind, operator=True)
    booking_id = book(server.url)
    page = new_page(**WIDE)
    page.goto(f"{server.url}/console/")
    if store_kind == "sqlite":
        screenshot(page, "console-sign-in")
    page.get_by_label("Operator key").fill("cop_wrong")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("alert")).to_contain_text("This key is wrong or has been revoked")

    page.get_by_label("Operator key").fill(server.operator_key)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Venues", exact=True)).to_be_visible()
    expect(page.get_by_text("Signed in as Staff Member")).to_be_visible()
    roma = page.locator("li.card", has=page.get_by_role("heading", name="Trattoria Roma"))
    roma.get_by_role("link", name="Plans").click()

    page.get_by_label("What should change?").fill("Move Mario Rossi's booking to Saturday at 9pm")
    page.get_by_role("button", name="Make a plan").click()
    expect(page.get_by_text("Waiting for your confirmation")).to_be_visible()
    expect(page.locator(".presentation")).to_contain_text("1. Modify booking")
    assert booking(server.url, booking_id)["time"] == "20:00"
    if store_kind == "sqlite":
        screenshot(page, "console-plan-pending")

    page.get_by_role("button", name="Confirm the plan").click()
    expect(page.locator(".status-line .badge")).to_have_text("Completed", timeout=20_000)  # the page polls
    expect(page.get_by_role("heading", name="What changed")).to_be_visible()
    moved = booking(server.url, booking_id)
    assert (moved["day"], moved["time"]) == ("2026-02-21", "21:00")
    if store_kind == "sqlite":
        screenshot(page, "console-plan-completed")

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Undo this plan").click()
    expect(page.get_by_role("status").first).to_contain_text("The plan was undone")
    expect(page.locator(".status-line .badge")).to_have_text("Undone (rolled back)")
    expect(page.get_by_role("heading", name="Rollback report")).to_be_visible()
    restored = booking(server.url, booking_id)
    assert (restored["day"], restored["time"]) == (FRIDAY, "20:00")
    if store_kind == "sqlite":
        screenshot(page, "console-plan-undone")


def test_a_day_of_bookings_is_changed_from_the_console(new_page, concierge_server):
    server = concierge_server(operator=True)
    booking_id = book(server.url)
    book(server.url, name="Anna Verdi", phone="+39 347 765 4321", time="19:30", people=2)
    page = new_page(**WIDE)
    sign_in(page, server.url, server.operator_key, f"/console/venues/roma/bookings?day={FRIDAY}")
    expect(page.get_by_role("heading", name="Bookings on Friday 20 February 2026")).to_be_visible()
    rows = page.locator("table.bookings tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text("Anna Verdi")

    page.get_by_label("Time", exact=True).fill("23:45")
    page.get_by_label("Guest's name").fill("Luca Bianchi")
    page.get_by_label("Guest's phone").fill("+39 333 999 8888")
    page.get_by_role("button", name="Create booking").click()
    expect(page.get_by_role("alert")).to_contain_text("Could not create the booking")
    expect(page.get_by_label("Guest's name")).to_have_value("Luca Bianchi")  # kept for a second try
    page.get_by_label("Time", exact=True).fill("21:00")
    page.get_by_role("button", name="Create booking").click()
    expect(page.get_by_role("status")).to_contain_text("Prenotazione confermata")
    expect(rows).to_have_count(3)
    screenshot(page, "console-bookings")

    page.get_by_label("New time for Mario Rossi").fill("21:30")
    page.get_by_role("button", name="Save change: Mario Rossi at 20:00").click()
    expect(page.get_by_role("status")).to_be_visible()
    assert booking(server.url, booking_id)["time"] == "21:30"

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Cancel booking: Mario Rossi at 21:30").click()
    expect(rows).to_have_count(2)
    assert booking(server.url, booking_id)["ok"] is False


def test_a_handover_from_the_chat_is_answered_from_the_console_and_the_customer_sees_it(new_page, concierge_server):
    server = concierge_server(operator=True)
    customer = new_page(locale="fr-FR")
    customer.goto(f"{server.url}/chat/cabinet")
    customer.locator(".cc-log .cc-msg").last.locator('[data-action="emergency"]').click()
    expect(customer.locator(".cc-status")).to_contain_text("Une personne de l'équipe a pris le relais")
    customer.get_by_role("textbox").fill("J'ai très mal depuis ce matin")
    customer.get_by_role("textbox").press("Enter")
    expect(customer.locator(".cc-customer")).to_have_count(2)

    staff = new_page(**WIDE)
    sign_in(staff, server.url, server.operator_key, "/console/venues/cabinet/conversations")
    expect(staff.get_by_role("heading", name="Conversations waiting for a person")).to_be_visible()
    assert_accessible(staff, "conversations waiting")
    staff.locator("ul.cards h2 a").first.click()
    transcript = staff.locator("ol.transcript")
    expect(transcript).to_contain_text("J'ai très mal depuis ce matin")
    staff.get_by_label("Your reply").fill("Bonjour, ici Amina. Venez à 17h, on vous prend.")
    staff.get_by_role("button", name="Send reply").click()
    expect(staff.get_by_role("status").first).to_contain_text("Your reply was sent")
    expect(transcript.locator(".msg.staff")).to_contain_text("Venez à 17h")
    assert_accessible(staff, "a conversation with staff")

    expect(customer.locator(".cc-staff")).to_contain_text("Venez à 17h", timeout=15_000)  # the widget polls
    customer.get_by_role("textbox").fill("Merci, j'arrive")
    customer.get_by_role("textbox").press("Enter")
    expect(transcript).to_contain_text("Merci, j'arrive", timeout=15_000)  # the console page polls
    expect(transcript).to_contain_text("(pressed the button “emergency”)")
    transcript.locator(".msg").last.scroll_into_view_if_needed()
    screenshot(staff, "console-conversation")

    staff.get_by_role("button", name="Hand back to the assistant").click()
    expect(staff.get_by_role("status").first).to_contain_text("back with the assistant")
    expect(customer.locator(".cc-status")).to_have_text("", timeout=15_000)


def test_every_console_page_has_no_serious_accessibility_violation(new_page, concierge_server):
    server = concierge_server(operator=True)
    book(server.url)
    book(server.url, name="Luca Rossi", phone="+39 333 000 0000", time="21:00", people=2)
    page = new_page(**WIDE)
    page.goto(f"{server.url}/console/")
    assert_accessible(page, "sign-in")
    page.get_by_label("Operator key").fill("cop_wrong")
    page.get_by_role("button", name="Sign in").click()
    assert_accessible(page, "sign-in refused")
    sign_in(page, server.url, server.operator_key)
    expect(page.get_by_role("heading", name="Venues", exact=True)).to_be_visible()
    assert_accessible(page, "venues")
    screenshot(page, "console-venues")

    page.goto(f"{server.url}/console/venues/roma/bookings?day={FRIDAY}")
    assert_accessible(page, "bookings")
    page.get_by_label("Time", exact=True).fill("23:45")
    page.get_by_label("Guest's name").fill("Luca Bianchi")
    page.get_by_label("Guest's phone").fill("+39 333 999 8888")
    page.get_by_role("button", name="Create booking").click()
    expect(page.get_by_role("alert")).to_be_visible()
    assert_accessible(page, "bookings with a refusal")

    page.goto(f"{server.url}/console/venues/roma/conversations")
    expect(page.get_by_text("No conversation is waiting for a person")).to_be_visible()
    assert_accessible(page, "no conversation waiting")

    page.goto(f"{server.url}/console/venues/roma/plans")
    assert_accessible(page, "plans")
    page.get_by_label("What should change?").fill("Move Rossi's booking to Saturday at 8pm")
    page.get_by_role("button", name="Make a plan").click()
    expect(page.get_by_role("heading", name="A question before the plan")).to_be_visible()
    assert_accessible(page, "a clarification")
    screenshot(page, "console-plan-question")
    page.get_by_label("Your answer").fill("Luca")
    page.get_by_role("button", name="Answer").click()
    expect(page.get_by_text("Waiting for your confirmation")).to_be_visible()
    assert_accessible(page, "a plan waiting for its confirmation")
    page.get_by_role("button", name="Confirm the plan").click()
    expect(page.locator(".status-line .badge")).to_have_text(re.compile("Completed"), timeout=20_000)
    assert_accessible(page, "a completed plan")
