"""The staff console over HTTP on both stores: signing in with an operator key, the session cookie and
its CSRF token, and each page's actions (bookings, handed-over conversations, plans) as a visitor
following the forms does them.

Thursday 19 February 2026, 18:00 in Rome (the conversation tests: Monday 23 November 2026 in Lisbon).
"""

from __future__ import annotations

import base64
import datetime as dt
import json
import logging
import re
import time

import httpx
import pytest

from concierge.conversations.offline_agent import OfflineAgent
from concierge.conversations.out_of_scope import ScreenedAgent
from concierge.domain.operators import key_hash
from concierge.domain.plans import ExecutionPlan, PlannedAction
from tests.integration.conftest import OPERATOR_KEYS
from tests.support.console import REPLAY, Console

FRIDAY = "2026-02-20"
MONDAY = "2026-11-23T10:00:00+00:00"
ROMA_GUEST = {"name": "Mario Rossi", "phone": "+39 333 123 4567"}


@pytest.fixture
def visit():
    opened: list[Console] = []

    def open_console(api) -> Console:
        opened.append(Console(api.base_url))
        return opened[-1]

    yield open_console
    for console in opened:
        console.close()


@pytest.fixture
def staff(api, visit) -> Console:
    """Operator u1, signed in."""
    console = visit(api)
    assert console.sign_in(OPERATOR_KEYS["u1"]).status_code == 303
    return console


def roma_bookings(api, phone="+393331234567") -> list[dict]:
    return api.ok("list_bookings", {"restaurant_id": "roma", "phone": phone})["results"]


def book(api, time="20:00", people=4) -> str:
    body = {"restaurant_id": "roma", "day": FRIDAY, "time": time, "people": people, **ROMA_GUEST}
    return api.ok("create_booking", body)["booking_id"]


def cookie_payload(set_cookie: str) -> str:
    """The readable part of the signed cookie (itsdangerous: base64 JSON, then timestamp and signature)."""
    value = set_cookie.split(";", 1)[0].split("=", 1)[1]
    body = value.split(".")[0]
    return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)).decode()


# --- signing in ------------------------------------------------------------------------------------


def test_an_operator_signs_in_with_their_key_and_sees_every_venue(api, visit, caplog):
    caplog.set_level(logging.DEBUG)
    console = visit(api)
    assert console.get("/console/").status_code == 302  # to the sign-in page first
    key = OPERATOR_KEYS["u1"]
    signed = console.sign_in(key)
    assert signed.status_code == 303 and signed.headers["location"] == "/console/"
    cookie = signed.headers["set-cookie"]
    attributes = [part.strip().lower() for part in cookie.split(";")[1:]]
    assert {"httponly", "samesite=strict", "path=/console"} <= set(attributes)
    assert any(a.startswith("max-age=") and 0 < int(a[8:]) <= 8 * 3600 for a in attributes)
    payload = cookie_payload(cookie)
    assert '"op": "u1"' in payload.replace('":"', '": "') or '"op":"u1"' in payload
    assert key not in cookie and key_hash(key) not in payload
    page = console.words("/console/")
    assert "Signed in as Operator u1" in page
    for name in ("Trattoria Roma", "The Harbour Kitchen", "Cabinet dentaire Daboussy", "Tasca do Porto"):
        assert name in page
    assert key not in caplog.text


def test_a_wrong_key_is_refused_with_words_and_opens_nothing(api, visit):
    console = visit(api)
    refused = console.sign_in("cop_not-a-key-anyone-was-given")
    assert refused.status_code == 401
    assert "This key is wrong or has been revoked" in console.text(refused)
    empty = console.sign_in("")
    assert empty.status_code == 401 and "Enter your operator key" in console.text(empty)
    assert console.get("/console/venues/roma/bookings").status_code == 302


def test_a_revoked_key_cannot_sign_in_and_ends_the_sessions_it_opened(api, visit):
    console = visit(api)
    assert console.sign_in(OPERATOR_KEYS["u2"]).status_code == 303
    assert "Signed in as Operator u2" in console.words("/console/")
    api.store.revoke_operator("u2", dt.datetime.now(dt.timezone.utc))
    bounced = console.get("/console/venues/roma/bookings")
    assert bounced.status_code == 302 and "/console/sign-in" in bounced.headers["location"]
    assert "Your operator key is no longer valid" in console.page(bounced.headers["location"])
    again = console.sign_in(OPERATOR_KEYS["u2"])
    assert again.status_code == 401 and "wrong or has been revoked" in console.text(again)


def test_signing_out_ends_the_session(staff):
    assert staff.post("/console/sign-out", {}).status_code == 200
    assert "You are signed out" in staff.text()
    assert staff.get("/console/").status_code == 302


def test_a_tampered_cookie_is_a_signed_out_visitor(api, staff):
    value = staff.client.cookies.get("concierge_console")
    rest = value.split(".", 1)[1]
    payload = cookie_payload(f"c={value}")
    assert '"op":"u1"' in payload
    forged = base64.urlsafe_b64encode(payload.replace('"u1"', '"u2"').encode()).decode().rstrip("=")
    for cookie, status in ((value, 200), (f"{forged}.{rest}", 302), ("garbage", 302), ("", 302)):
        response = httpx.get(f"{api.base_url}/console/", headers={"Cookie": f"concierge_console={cookie}"})
        assert response.status_code == status


def test_the_pages_need_a_signed_in_operator(api, visit):
    console = visit(api)
    for path in (
        "/console/",
        "/console/venues/roma/bookings",
        "/console/venues/roma/conversations",
        "/console/venues/roma/plans",
        "/console/plans/6f1c1a52-4b1e-4c55-9d7a-1d2b3c4d5e6f",
    ):
        response = console.get(path)
        assert response.status_code == 302 and response.headers["location"].startswith("/console/sign-in?next=")
    assert console.get("/console/plans/6f1c1a52-4b1e-4c55-9d7a-1d2b3c4d5e6f/state.json").status_code == 401
    nowhere = console.get("/console/no/such/page")
    assert nowhere.status_code == 404 and "There is no such page in the console" in nowhere.text
    assert console.get("/console/static/console.css").status_code == 200
    token = console.csrf()
    posted = console.client.post(
        "/console/venues/roma/bookings",
        data={"csrf": token, "day": FRIDAY, "time": "20:00", "people": "2", **ROMA_GUEST},
    )
    assert posted.status_code == 303 and posted.headers["location"].startswith("/console/sign-in")
    assert roma_bookings(api) == []


# --- CSRF ------------------------------------------------------------------------------------------


def test_a_form_without_the_sessions_token_or_from_another_site_changes_nothing(api, staff):
    form = {"day": FRIDAY, "time": "20:00", "people": "2", "replay_key": "k1", **ROMA_GUEST}
    missing = staff.client.post("/console/venues/roma/bookings", data=form)
    assert missing.status_code == 403 and "The form was not accepted" in staff.text(missing)
    wrong = staff.client.post("/console/venues/roma/bookings", data={**form, "csrf": "guessed"})
    assert wrong.status_code == 403
    token = staff.csrf("/console/venues/roma/bookings")
    elsewhere = staff.client.post(
        "/console/venues/roma/bookings", data={**form, "csrf": token}, headers={"Origin": "https://evil.example"}
    )
    assert elsewhere.status_code == 403 and "another site" in staff.text(elsewhere)
    other = Console(staff.base_url)  # a token from another visitor's session is not this session's
    try:
        foreign = other.csrf()
    finally:
        other.close()
    assert staff.client.post("/console/venues/roma/bookings", data={**form, "csrf": foreign}).status_code == 403
    assert roma_bookings(api) == []
    same_site = staff.client.post(
        "/console/venues/roma/bookings", data={**form, "csrf": token}, headers={"Origin": staff.base_url}
    )
    assert same_site.status_code == 200 and len(roma_bookings(api)) == 1


# --- bookings ------------------------------------------------------------------------------------


def test_the_day_page_lists_the_days_bookings_in_time_order_and_says_when_there_are_none(api, staff):
    book(api, "21:00", 2)
    api.ok(
        "create_booking",
        {
            "restaurant_id": "roma",
            "day": FRIDAY,
            "time": "19:30",
            "people": 3,
            "name": "Anna Verdi",
            "phone": "+39 347 765 4321",
        },
    )
    page = staff.page("/console/venues/roma/bookings", day=FRIDAY)
    assert "Bookings on Friday 20 February 2026" in page and "2 bookings at Trattoria Roma" in page
    assert page.index("Anna Verdi") < page.index("Mario Rossi")
    assert "No bookings on this day." in staff.page("/console/venues/roma/bookings", day="2026-02-21")
    assert "Today" in page  # the next days are one click away
    odd = staff.page("/console/venues/roma/bookings", day="next week")
    assert "is not a day (YYYY-MM-DD); showing today" in odd and "Thursday 19 February 2026" in odd
    assert staff.get("/console/venues/nowhere/bookings").status_code == 404


def test_a_booking_is_created_moved_and_cancelled_from_the_day_page(api, staff):
    created = staff.post(
        "/console/venues/roma/bookings",
        {"day": FRIDAY, "time": "20:00", "people": "4", "replay_key": "new-1", **ROMA_GUEST, "notes": "window"},
    )
    assert created.status_code == 200, staff.text()
    assert "Prenotazione confermata" in staff.text()
    [booking] = roma_bookings(api)
    assert (booking["day"], booking["time"], booking["people"], booking["notes"]) == (FRIDAY, "20:00", 4, "window")

    moved = staff.post(
        f"/console/venues/roma/bookings/{booking['booking_id']}/move",
        {"day": "2026-02-21", "time": "21:00", "people": "5", "shown_day": FRIDAY, "replay_key": "m-1"},
        form_page=f"/console/venues/roma/bookings?day={FRIDAY}",
    )
    assert moved.status_code == 200 and 'class="notice"' in moved.text
    [after] = roma_bookings(api)
    assert (after["day"], after["time"], after["people"]) == ("2026-02-21", "21:00", 5)

    cancelled = staff.post(
        f"/console/venues/roma/bookings/{booking['booking_id']}/cancel",
        {"shown_day": "2026-02-21", "replay_key": "c-1"},
        form_page="/console/venues/roma/bookings?day=2026-02-21",
    )
    assert cancelled.status_code == 200 and "No bookings on this day." in staff.text(cancelled)
    assert roma_bookings(api) == []


def test_a_refused_change_shows_the_tools_message_and_code_and_keeps_what_was_typed(api, staff):
    late = staff.post(
        "/console/venues/roma/bookings",
        {"day": FRIDAY, "time": "23:50", "people": "4", "replay_key": "late", **ROMA_GUEST},
    )
    text = staff.text(late)
    assert late.status_code == 422
    assert "Could not create the booking: Orario fuori dagli orari di apertura" in text and "[OUTSIDE_HOURS]" in text
    assert 'value="23:50"' in text and 'value="Mario Rossi"' in text
    crowd = staff.post(
        "/console/venues/roma/bookings",
        {"day": FRIDAY, "time": "20:00", "people": "many", "replay_key": "crowd", **ROMA_GUEST},
    )
    assert crowd.status_code == 422 and "people" in staff.text(crowd) and "[VALIDATION_ERROR]" in staff.text(crowd)
    gone = staff.post(
        "/console/venues/roma/bookings/nosuchbooking/cancel",
        {"shown_day": FRIDAY, "replay_key": "gone"},
        form_page="/console/venues/roma/bookings",
    )
    assert gone.status_code == 422 and "[BOOKING_NOT_FOUND]" in staff.text(gone)
    assert roma_bookings(api) == []


def test_the_same_form_sent_twice_books_once(api, staff):
    page = staff.page("/console/venues/roma/bookings", day=FRIDAY)
    replay = next(k for k in REPLAY.findall(page) if k.endswith("-new"))
    form = {"day": FRIDAY, "time": "20:00", "people": "2", "replay_key": replay, **ROMA_GUEST}
    first = staff.post("/console/venues/roma/bookings", form)
    second = staff.post("/console/venues/roma/bookings", form)
    assert first.status_code == second.status_code == 200
    assert len(roma_bookings(api)) == 1 and "DUPLICATE" not in staff.text(second)


# --- handed-over conversations ---------------------------------------------------------------------


def test_a_handed_over_conversation_is_read_answered_handed_back_and_closed(serve, visit):
    api = serve(now=MONDAY, agent=lambda venue: ScreenedAgent(OfflineAgent()))
    console = visit(api)
    console.sign_in(OPERATOR_KEYS["u1"])
    assert "No conversation is waiting for a person at Tasca do Porto" in console.page(
        "/console/venues/tasca/conversations"
    )

    def customer(text: str) -> dict:
        body = {"venue_id": "tasca", "conversation_id": "web:7", "text": text, "channel": "web"}
        return api.ok("conversation_message", body)

    assert customer("Quero falar com uma pessoa")["status"] == "human_support"
    listed = console.page("/console/venues/tasca/conversations")
    assert "web:7" in listed and "/console/venues/tasca/conversations/web:7" in listed

    read = console.page("/console/venues/tasca/conversations/web:7")
    assert "Quero falar com uma pessoa" in read and "With staff (the assistant is silent)" in read
    replied = console.post(
        "/console/venues/tasca/conversations/web:7/reply", {"text": "Olá, sou a Rita. Em que posso ajudar?"}
    )
    assert replied.status_code == 303
    assert "Your reply was sent" in console.page(replied.headers["location"])
    polled = api.ok("conversation_messages", {"venue_id": "tasca", "conversation_id": "web:7", "since": 0})
    assert polled["messages"][-1] == {
        **polled["messages"][-1],
        "role": "staff",
        "text": "Olá, sou a Rita. Em que posso ajudar?",
    }
    state = console.get("/console/venues/tasca/conversations/web:7/state.json").json()
    assert state == {"messages": polled["next"], "status": "human_support"}

    empty = console.post("/console/venues/tasca/conversations/web:7/reply", {"text": "   "})
    assert empty.status_code == 422 and "The reply is empty" in console.text(empty)

    back = console.post("/console/venues/tasca/conversations/web:7/hand-back", {})
    assert "The conversation is back with the assistant" in console.page(back.headers["location"])
    assert "No conversation is waiting" in console.page("/console/venues/tasca/conversations")
    assert customer("A que horas abrem na sexta?")["ai_active"] is True

    closed = console.post("/console/venues/tasca/conversations/web:7/close", {})
    assert closed.status_code == 303
    after = console.page(closed.headers["location"])
    assert "The conversation is closed" in after and "Reply as a person" not in after
    late = console.post(
        "/console/venues/tasca/conversations/web:7/reply",
        {"text": "Ainda aí?"},
        form_page="/console/venues/tasca/conversations",
    )
    assert late.status_code == 422 and "[CONVERSATION_ARCHIVED]" in console.text(late)
    assert console.get("/console/venues/tasca/conversations/web:99").status_code == 404


# --- plans ---------------------------------------------------------------------------------------


def plan_id_of(response) -> str:
    assert response.status_code == 303, response.text[:500]
    found = re.search(r"/console/plans/([0-9a-f-]{36})$", response.headers["location"])
    assert found
    return found.group(1)


def settled_state(
    console: Console, plan_id: str, until=lambda s: s["status"] in ("completed", "failed", "rolled_back")
):
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        state = console.get(f"/console/plans/{plan_id}/state.json").json()
        if until(state):
            return state
        time.sleep(0.05)
    raise AssertionError(f"plan {plan_id} did not settle: {state}")


def test_a_request_in_plain_words_becomes_a_plan_that_is_confirmed_and_carried_out(api, staff):
    booking_id = book(api)
    asked = staff.post("/console/venues/roma/plans", {"message": "Move Mario Rossi's booking to Saturday at 9pm"})
    plan_id = plan_id_of(asked)
    page = staff.page(f"/console/plans/{plan_id}")
    assert "Waiting for your confirmation" in page and "Confirm the plan" in page
    assert "1. Modify booking" in page and f"booking_id: {booking_id}" in page
    assert roma_bookings(api)[0]["time"] == "20:00"  # nothing changed before the confirmation

    confirmed = staff.post(f"/console/plans/{plan_id}/confirm", {}, form_page=f"/console/plans/{plan_id}")
    assert confirmed.status_code == 303
    assert settled_state(staff, plan_id)["status"] == "completed"
    done = staff.page(f"/console/plans/{plan_id}")
    assert "Completed" in done and "What changed" in done and "Confirm the plan" not in done
    assert (roma_bookings(api)[0]["day"], roma_bookings(api)[0]["time"]) == ("2026-02-21", "21:00")
    assert plan_id in staff.page("/console/venues/roma/plans")  # in the session's recent plans

    twice = staff.post(f"/console/plans/{plan_id}/confirm", {}, form_page=f"/console/plans/{plan_id}")
    assert twice.status_code == 409 and "Could not confirm the plan" in staff.text(twice)


def confirmed_move(api, staff) -> tuple[str, str]:
    booking_id = book(api)
    plan_id = plan_id_of(
        staff.post("/console/venues/roma/plans", {"message": "Move Mario Rossi's booking to Saturday at 9pm"})
    )
    assert "Undo this plan" not in staff.page(f"/console/plans/{plan_id}")  # nothing to undo yet
    staff.post(f"/console/plans/{plan_id}/confirm", {})
    assert settled_state(staff, plan_id)["status"] == "completed"
    return plan_id, booking_id


def test_a_completed_plan_is_undone_from_its_page(api, staff):
    plan_id, booking_id = confirmed_move(api, staff)
    assert "Undo this plan" in staff.page(f"/console/plans/{plan_id}")
    undone = staff.post(f"/console/plans/{plan_id}/undo", {})
    assert undone.status_code == 303
    page = staff.words(undone.headers["location"])
    assert "The plan was undone" in page and "Undone (rolled back)" in page
    assert "You asked to undo the plan" in page and "Undone step 1" in page
    assert "Undo this plan" not in page
    assert (roma_bookings(api)[0]["day"], roma_bookings(api)[0]["time"]) == (FRIDAY, "20:00")
    again = staff.post(f"/console/plans/{plan_id}/undo", {})
    assert again.status_code == 409 and "Could not undo the plan" in staff.text(again)


def test_an_undo_is_refused_in_words_when_the_booking_changed_since(api, staff):
    plan_id, booking_id = confirmed_move(api, staff)
    api.ok("modify_booking", {"restaurant_id": "roma", "booking_id": booking_id, "new_people": 6})
    refused = staff.post(f"/console/plans/{plan_id}/undo", {})
    text = staff.text(refused)
    assert refused.status_code == 409 and "Could not undo the plan" in text and "Non è stato cambiato nulla" in text
    assert roma_bookings(api)[0]["people"] == 6 and api.store.get_plan(plan_id).status == "completed"


def test_a_clarification_is_asked_on_the_page_and_the_answer_completes_the_plan(api, staff):
    book(api)
    luca = api.ok(
        "create_booking",
        {
            "restaurant_id": "roma",
            "day": "2026-02-21",
            "time": "20:00",
            "people": 2,
            "name": "Luca Rossi",
            "phone": "+39 333 000 0000",
        },
    )["booking_id"]
    asked = staff.post("/console/venues/roma/plans", {"message": "Move Rossi's booking to Saturday at 8pm"})
    assert asked.status_code == 200
    text = staff.text(asked)
    assert "A question before the plan" in text and "You asked: “Move Rossi's booking to Saturday at 8pm”" in text
    assert "Mario Rossi" in text and "Luca Rossi" in text
    plan_id = plan_id_of(staff.post("/console/venues/roma/plans", {"message": "Luca"}))
    assert f"booking_id: {luca}" in staff.page(f"/console/plans/{plan_id}")


def test_an_empty_request_and_a_refused_one_are_said_in_words(api, staff):
    empty = staff.post("/console/venues/roma/plans", {"message": "  "})
    assert empty.status_code == 422 and "Write what should change" in staff.text(empty)
    long = staff.post("/console/venues/roma/plans", {"message": "x" * 2001})
    assert long.status_code == 422 and "Could not make a plan" in staff.text(long)


def stored_plan(api, steps: list[tuple[str, dict]], user="u1") -> str:
    plan = ExecutionPlan(
        session_id="s-console",
        user_id=user,
        venue_id="roma",
        intent_summary="Console test plan",
        actions=[
            PlannedAction(
                step_number=i,
                action_id=action,
                parameters={"restaurant_id": "roma", **parameters},
                safety_tier="high_risk" if action == "cancel_booking" else "normal",
            )
            for i, (action, parameters) in enumerate(steps, start=1)
        ],
    )
    api.store.create_plan(plan)
    return plan.plan_id


def test_a_high_risk_step_is_marked_and_a_failed_plan_shows_its_rollback_report(api, staff):
    booking_id = book(api)
    plan_id = stored_plan(
        api,
        [
            ("modify_booking", {"booking_id": booking_id, "new_time": "21:00"}),
            ("cancel_booking", {"booking_id": "does-not-exist"}),
        ],
    )
    page = staff.page(f"/console/plans/{plan_id}")
    assert page.count("⚠ High risk: cannot be undone") == 1
    staff.post(f"/console/plans/{plan_id}/confirm", {}, form_page=f"/console/plans/{plan_id}")
    settled_state(staff, plan_id, until=lambda s: s["status"] == "rolled_back")
    report = staff.page(f"/console/plans/{plan_id}")
    assert "Undone (rolled back)" in report and "Why it failed" in report
    assert "Rollback report" in report and "Step 2 failed" in report and "step 1" in report
    assert roma_bookings(api)[0]["time"] == "20:00"


def test_a_blocking_prompt_is_answered_on_the_plan_page_and_the_plan_goes_on(api, staff):
    booking_id = book(api)
    plan_id = stored_plan(
        api, [("modify_booking", {"booking_id": booking_id, "phone": {"ask": "What is the new phone number?"}})]
    )
    staff.post(f"/console/plans/{plan_id}/confirm", {}, form_page=f"/console/plans/{plan_id}")
    settled_state(staff, plan_id, until=lambda s: bool(s["blocking_prompt"]))
    page = staff.page(f"/console/plans/{plan_id}")
    assert "The plan needs an answer to go on" in page and "What is the new phone number?" in page
    answered = staff.post(
        f"/console/plans/{plan_id}/answer", {"answer": "+39 347 111 2222"}, form_page=f"/console/plans/{plan_id}"
    )
    assert answered.status_code == 303
    assert settled_state(staff, plan_id)["status"] == "completed"
    assert roma_bookings(api, "+393471112222")[0]["booking_id"] == booking_id


def test_another_operators_plan_is_not_shown(api, staff):
    plan_id = stored_plan(api, [("modify_booking", {"booking_id": book(api), "new_time": "21:00"})], user="u2")
    page = staff.get(f"/console/plans/{plan_id}")
    assert page.status_code == 403 and "Could not open the plan" in staff.text(page)
    refused = staff.client.post(f"/console/plans/{plan_id}/confirm", data={"csrf": staff.csrf("/console/")})
    assert refused.status_code == 403
    assert api.store.get_plan(plan_id).status == "pending_confirmation"
    assert json.loads(staff.get(f"/console/plans/{plan_id}/state.json").text).get("error")
