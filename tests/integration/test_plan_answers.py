"""Answers to the rule planner's questions flow through the session over HTTP, on both stores.

The request asks one question; the operator's next message on the same session answers it (a bare
number, a first name, a lower-case surname), and the plan holds only what was said.
"""

from __future__ import annotations

from tests.integration.test_plans import book, booking, confirm, request, settled


def answer(api, message: str, session: str) -> dict:
    response = request(api, message, session=session)
    assert response.status_code == 200, response.text
    return response.json()


def test_a_bare_number_answers_how_many_and_the_plan_changes_nothing_else(api):
    booking_id = book(api, time="20:00", people=4)
    question = answer(api, "Cambia il numero di persone della prenotazione di Rossi", "guests")
    assert question == {"type": "clarification", "question": "Per quante persone deve essere la prenotazione?"}
    plan = answer(api, "6", "guests")["plan"]
    assert plan["actions"][0]["parameters"] == {"restaurant_id": "roma", "booking_id": booking_id, "new_people": 6}
    confirm(api, plan["plan_id"])
    assert settled(api, plan["plan_id"])["status"] == "completed"
    after = booking(api, booking_id)
    assert (after["people"], after["day"], after["time"]) == (6, "2026-02-20", "20:00")


def test_a_first_name_picks_between_two_guests_sharing_a_surname(api):
    book(api, name="Mario Rossi")
    luca = book(api, name="Luca Rossi", phone="+393330000000", day="2026-02-21", time="13:00")
    question = answer(api, "Sposta la prenotazione di Rossi a domenica", "rossi")
    assert question["type"] == "clarification"
    assert "Mario Rossi" in question["question"] and "Luca Rossi" in question["question"]
    plan = answer(api, "Luca", "rossi")["plan"]
    assert plan["actions"][0]["parameters"] == {"restaurant_id": "roma", "booking_id": luca, "new_day": "2026-02-22"}
    # The session now knows the booking: a further request about "it" needs no name.
    again = answer(api, "Now make it 3 people", "rossi")["plan"]
    assert again["actions"][0]["parameters"] == {"restaurant_id": "roma", "booking_id": luca, "new_people": 3}


def test_a_booking_named_by_its_day_moves_to_the_day_said(api):
    friday = book(api, name="Mario Rossi", day="2026-02-20")
    book(api, name="Luca Rossi", phone="+393330000000", day="2026-02-21")
    plan = answer(api, "Move Rossi's Friday booking to Saturday", "by-day")["plan"]
    assert plan["actions"][0]["parameters"] == {"restaurant_id": "roma", "booking_id": friday, "new_day": "2026-02-21"}


def test_a_name_and_then_a_day_answer_which_booking_and_a_cancellation_is_planned_as_high_risk(api):
    saturday = book(api, name="Giulia Verdi", day="2026-02-21")
    question = answer(api, "Annulla la prenotazione di domani", "cancel")
    assert question["question"].startswith("Di quale prenotazione si tratta?")
    no_match = answer(api, "verdi", "cancel")  # Giulia Verdi's booking is on Saturday, not tomorrow
    assert no_match["question"].startswith('Non ho trovato prenotazioni per "verdi domani"')
    plan = answer(api, "Verdi, quella di sabato", "cancel")
    assert plan["type"] == "plan", plan
    step = plan["plan"]["actions"][0]
    assert (step["action_id"], step["parameters"]["booking_id"], step["safety_tier"]) == (
        "cancel_booking",
        saturday,
        "high_risk",
    )


def test_after_the_prompt_to_rephrase_the_next_message_is_a_new_request(api):
    booking_id = book(api, name="Anna Bianchi")
    for message in ("Change something", "nothing", "hmm"):
        assert answer(api, message, "afresh")["type"] == "clarification"
    assert "rephrase" in answer(api, "still nothing", "afresh")["question"]
    assert api.store.get_session("afresh") == {"turns": [], "clarifications": 0}  # the next request starts afresh
    plan = answer(api, "Cancel Bianchi's booking", "afresh")
    assert plan["type"] == "plan", plan
    assert plan["plan"]["actions"][0]["parameters"] == {"restaurant_id": "roma", "booking_id": booking_id}
