"""The chat widget checked by axe-core (vendored) in each of its states: no serious or critical violation."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.venue_site import VenueSite, venues_with_widget_origins

AXE = (Path(__file__).parent / "vendor" / "axe.min.js").read_text()
GRAVE = ("serious", "critical")


def grave_violations(page: Page) -> list[dict]:
    """axe's violations of impact serious or critical on the page as it is now (WCAG 2.x A and AA rules
    and axe's best practices). The script is evaluated through the browser's protocol, so the page's
    Content-Security-Policy (its own files only) stays as it is."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE)
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [
        {"id": v["id"], "impact": v["impact"], "help": v["help"], "nodes": [n["html"][:200] for n in v["nodes"]]}
        for v in result["violations"]
        if v["impact"] in GRAVE
    ]


def assert_accessible(page: Page, state: str) -> None:
    found = grave_violations(page)
    assert not found, f"{state}: " + json.dumps(found, ensure_ascii=False, indent=1)


def test_the_chat_page_has_no_serious_violation_in_any_state(new_page, concierge_server):
    server = concierge_server()
    page = new_page(locale="it-IT")
    page.goto(f"{server.url}/chat/roma")
    expect(page.locator(".cc-msg .cc-button")).to_have_count(4)
    assert_accessible(page, "welcome")

    page.locator('[data-action="start_booking"]').click()
    expect(page.locator(".cc-assistant")).to_have_count(2)  # answered: a message sent while waiting is not sent
    page.get_by_role("textbox").fill("Mi chiamo Mario Rossi, 347 123 4567, domani per 2 persone")
    page.get_by_role("textbox").press("Enter")
    expect(page.locator(".cc-slot-picker button").first).to_be_visible()
    assert_accessible(page, "slot picker")

    page.route("**/api/conversation_message", lambda route: route.abort("connectionrefused"))
    page.get_by_role("textbox").fill("Avete il parcheggio?")
    page.get_by_role("textbox").press("Enter")
    expect(page.get_by_role("alert")).to_be_visible()
    assert_accessible(page, "service unreachable")

    cabinet = new_page(locale="fr-FR")
    cabinet.goto(f"{server.url}/chat/cabinet")
    cabinet.locator('[data-action="emergency"]').click()
    expect(cabinet.get_by_role("region", name="Cabinet dentaire Daboussy", exact=True)).to_be_visible()
    expect(cabinet.locator(".cc-status")).not_to_be_empty()
    assert_accessible(cabinet, "handed over, with the contact card")


def test_the_embedded_widget_has_no_serious_violation(new_page, concierge_server, tmp_path):
    with VenueSite() as site:
        server = concierge_server(venues=venues_with_widget_origins(tmp_path, {"roma": [site.origin]}))
        site.publish(server.url, "roma")
        page = new_page(locale="it-IT")
        page.goto(site.origin)
        launcher = page.get_by_role("button", name="Scrivici")
        expect(launcher).to_be_visible()
        assert_accessible(page, "closed")
        launcher.click()
        expect(page.locator(".cc-msg .cc-button")).to_have_count(4)
        assert_accessible(page, "open")
