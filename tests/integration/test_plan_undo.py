"""Undo of a completed plan by its operator, over HTTP on both stores: compensations in reverse order,
refused with nothing changed when a booking changed since."""

from __future__ import annotations

import threading

from tests.integration.conftest import OPERATOR_KEYS
from tests.integration.test_plans import NEW, TOKEN, book, booking, confirm, plan_of, settled, stored_plan


def undo(api, plan_id: str, headers=TOKEN):
    return api.call("plan_undo", {"plan_id": plan_id}, headers=headers)


def completed_reschedule(api) -> tuple[str, str]:
    booking_id = book(api)
    plan = plan_of(api, "Please move Mario Rossi's booking to Saturday at 9pm")
    confirm(api, plan["plan_id"])
    assert settled(api, plan["plan_id"])["status"] == "completed"
    return plan["plan_id"], booking_id


def test_undo_of_a_completed_reschedule_restores_the_booking(api):
    plan_id, booking_id = completed_reschedule(api)
    assert booking(api, booking_id)["time"] == "21:00"
    undone = undo(api, plan_id)
    assert undone.status_code == 200, undone.text
    plan = undone.json()
    assert plan["status"] == "rolled_back"
    assert plan["rollback_report"]["triggered_by_step"] == 0
    assert plan["rollback_report"]["actions_reversed"] == [1]
    assert plan["rollback_report"]["manual_recovery_steps"] == []
    restored = booking(api, booking_id)
    assert (restored["day"], restored["time"], restored["people"]) == ("2026-02-20", "20:00", 4)
    assert "undo" in api.tracer.names(plan_id)
    again = undo(api, plan_id)
    assert again.status_code == 409 and "rolled_back" in again.json()["message"]


def test_undo_is_refused_with_nothing_changed_when_the_booking_changed_since(api):
    plan_id, booking_id = completed_reschedule(api)
    api.ok("modify_booking", {"restaurant_id": "roma", "booking_id": booking_id, "new_people": 6})
    refused = undo(api, plan_id)
    assert (refused.status_code, refused.json()["error_type"]) == (409, "invalid_input")
    assert f"la prenotazione {booking_id} è cambiata" in refused.json()["message"]
    assert "Non è stato cambiato nulla" in refused.json()["message"]
    now = booking(api, booking_id)
    assert (now["day"], now["time"], now["people"]) == ("2026-02-21", "21:00", 6)
    assert api.store.get_plan(plan_id).status == "completed"


def test_undo_is_refused_when_the_booking_was_cancelled_since(api):
    plan_id, booking_id = completed_reschedule(api)
    api.ok("cancel_booking", {"restaurant_id": "roma", "booking_id": booking_id})
    refused = undo(api, plan_id)
    assert refused.status_code == 409 and "è stata cancellata" in refused.json()["message"]


def test_undo_compensates_every_write_in_reverse_order(api):
    booking_id = book(api)
    plan_id = stored_plan(
        api,
        [
            ("modify_booking", {"booking_id": booking_id, "new_time": "21:00"}),
            ("search_bookings", {"search_text": "Rossi"}),
            ("create_booking", NEW),
        ],
    )
    confirm(api, plan_id)
    assert settled(api, plan_id)["status"] == "completed"
    assert api.ok("list_bookings", {"restaurant_id": "roma", "phone": NEW["phone"]})["count"] == 1
    plan = undo(api, plan_id).json()
    assert (plan["status"], plan["rollback_report"]["actions_reversed"]) == ("rolled_back", [3, 1])
    names = [n for n in api.tracer.names(plan_id) if n.startswith("compensation:")]
    assert names[-2:] == ["compensation:cancel_booking", "compensation:modify_booking"]
    assert api.ok("list_bookings", {"restaurant_id": "roma", "phone": NEW["phone"]})["count"] == 0
    assert booking(api, booking_id)["time"] == "20:00"


def test_a_plan_with_an_irreversible_write_is_not_undone_at_all(api):
    booking_id = book(api)
    other = book(api, name="Luca Bianchi", phone="+393330000000")
    plan_id = stored_plan(
        api,
        [
            ("modify_booking", {"booking_id": booking_id, "new_time": "21:00"}),
            ("cancel_booking", {"booking_id": other}),
        ],
    )
    confirm(api, plan_id)
    assert settled(api, plan_id)["status"] == "completed"
    refused = undo(api, plan_id)
    assert refused.status_code == 409 and "passo 2" in refused.json()["message"]
    assert booking(api, booking_id)["time"] == "21:00"


def test_only_the_plans_operator_undoes_it_and_only_once_it_completed(api):
    plan_id, booking_id = completed_reschedule(api)
    other = {"Authorization": f"Bearer {OPERATOR_KEYS['u2']}"}
    assert undo(api, plan_id, headers=other).status_code == 403
    assert api.call("plan_undo", {"plan_id": plan_id}).status_code == 401
    pending = plan_of(api, "Please move Mario Rossi's booking to Friday at 8pm", session="s2")
    refused = undo(api, pending["plan_id"])
    assert refused.status_code == 409 and "pending_confirmation" in refused.json()["message"]
    assert booking(api, booking_id)["time"] == "21:00"


def test_undo_calls_at_the_same_moment_undo_the_plan_once(api):
    plan_id, booking_id = completed_reschedule(api)
    start = threading.Barrier(4)
    statuses: list[int] = []

    def call() -> None:
        start.wait()
        statuses.append(undo(api, plan_id).status_code)

    threads = [threading.Thread(target=call) for _ in range(4)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert sorted(statuses) == [200, 409, 409, 409]
    assert api.tracer.names(plan_id).count("compensation:modify_booking") == 1
    assert booking(api, booking_id)["time"] == "20:00"
