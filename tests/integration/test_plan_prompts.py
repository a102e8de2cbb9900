"""Blocking prompts end to end over HTTP, on both stores: a plan pauses when its data changed or is missing,
plan_answer resumes it, and an answer that changes its scope fails it."""

from __future__ import annotations

import datetime as dt
import threading

import pytest

from concierge.domain.plans import ActionResult, BlockingQuestion
from concierge.plans.blocking import SessionBusy, pause
from tests.integration.test_plans import TOKEN, book, booking, confirm, plan_of, settled, stored_plan
from tests.support.scripted_llm import ScriptedLLM

SATURDAY = "2026-02-21"


def answer(api, plan_id: str, message: str):
    return api.call("plan_answer", {"plan_id": plan_id, "user_id": "u1", "user_message": message}, headers=TOKEN)


def move(api, booking_id: str, **changes) -> None:
    api.ok("modify_booking", {"restaurant_id": "roma", "booking_id": booking_id, **changes})


def paused(api, plan_id: str) -> dict:
    plan = settled(api, plan_id, waiting_for_answer=True)
    assert plan["status"] == "executing" and plan["blocking_prompt"], plan
    return plan


# --- a booking changed since the plan was made ------------------------------------------------------------


def test_a_booking_moved_after_planning_pauses_the_plan_and_yes_completes_it(api):
    booking_id = book(api)
    plan = plan_of(api, "Please move Mario Rossi's booking to Saturday at 9pm")
    move(api, booking_id, new_time="20:30")  # a colleague moves it before the plan runs
    confirm(api, plan["plan_id"])
    waiting = paused(api, plan["plan_id"])
    assert "20:00" in waiting["blocking_prompt"] or "20" in waiting["blocking_prompt"]
    assert waiting["blocking_prompt"].endswith("Rispondi sì o no.")
    assert "20:30" in waiting["blocking_prompt"] or "20 e 30" in waiting["blocking_prompt"]
    assert booking(api, booking_id)["time"] == "20:30"  # nothing was written while it waits
    resumed = answer(api, plan["plan_id"], "Sì")
    assert resumed.status_code == 200 and resumed.json()["blocking_prompt"] is None
    assert settled(api, plan["plan_id"])["status"] == "completed"
    assert (booking(api, booking_id)["day"], booking(api, booking_id)["time"]) == (SATURDAY, "21:00")


def test_an_answer_that_changes_the_scope_fails_the_plan_with_a_new_request_to_make(api):
    booking_id = book(api)
    plan = plan_of(api, "Please move Mario Rossi's booking to Saturday at 9pm")
    move(api, booking_id, new_people=5)
    confirm(api, plan["plan_id"])
    paused(api, plan["plan_id"])
    failed = answer(api, plan["plan_id"], "No, cancella la prenotazione di Bianchi invece")
    assert failed.status_code == 200
    done = settled(api, plan["plan_id"])
    assert done["status"] == "failed" and done["blocking_prompt"] is None
    assert done["failure_reason"].endswith("Fai una nuova richiesta.")
    assert (booking(api, booking_id)["time"], booking(api, booking_id)["people"]) == ("20:00", 5)
    assert answer(api, plan["plan_id"], "sì").status_code == 409


def test_no_stops_the_plan_before_the_step(api):
    booking_id = book(api)
    plan = plan_of(api, "Please move Mario Rossi's booking to Saturday at 9pm")
    move(api, booking_id, new_day="2026-02-27")
    confirm(api, plan["plan_id"])
    paused(api, plan["plan_id"])
    answer(api, plan["plan_id"], "no")
    done = settled(api, plan["plan_id"])
    assert (done["status"], done["failure_reason"]) == ("failed", "Fermato dalla tua risposta prima del passo 1.")
    assert booking(api, booking_id)["day"] == "2026-02-27"


def test_a_booking_cancelled_after_planning_fails_the_step_saying_so(api):
    booking_id = book(api)
    plan = plan_of(api, "Please move Mario Rossi's booking to Saturday at 9pm")
    api.ok("cancel_booking", {"restaurant_id": "roma", "booking_id": booking_id})
    confirm(api, plan["plan_id"])
    done = settled(api, plan["plan_id"])
    assert done["status"] == "failed"
    assert "cancellata da quando il piano è stato fatto" in done["failure_reason"]


def test_an_unchanged_booking_runs_without_a_question(api):
    booking_id = book(api)
    plan = plan_of(api, "Please move Mario Rossi's booking to Saturday at 9pm")
    confirm(api, plan["plan_id"])
    assert settled(api, plan["plan_id"])["status"] == "completed"
    assert booking(api, booking_id)["time"] == "21:00"
    assert "blocking_prompt" not in api.tracer.names(plan["plan_id"])


# --- a lookup that matches two bookings -------------------------------------------------------------------


SEARCH_THEN_MOVE = [
    ("search_bookings", {"search_text": "Rossi"}),
    ("modify_booking", {"booking_id": "{{step_1.booking_id}}", "new_people": 6}),
]


def test_a_lookup_that_matches_two_bookings_asks_which_one_and_the_answer_picks_it(api):
    mario = book(api)
    luca = book(api, name="Luca Rossi", phone="+393330000000", day=SATURDAY)
    plan_id = stored_plan(api, SEARCH_THEN_MOVE)
    confirm(api, plan_id)
    waiting = paused(api, plan_id)
    assert "Mario Rossi" in waiting["blocking_prompt"] and "Luca Rossi" in waiting["blocking_prompt"]
    assert "1)" in waiting["blocking_prompt"] and "2)" in waiting["blocking_prompt"]
    assert answer(api, plan_id, "Luca").status_code == 200
    assert settled(api, plan_id)["status"] == "completed"
    assert (booking(api, luca)["people"], booking(api, mario)["people"]) == (6, 4)


def test_a_lookup_that_matches_one_booking_lends_its_id_without_a_question(api):
    mario = book(api)
    plan_id = stored_plan(api, SEARCH_THEN_MOVE)
    confirm(api, plan_id)
    assert settled(api, plan_id)["status"] == "completed"
    assert booking(api, mario)["people"] == 6


def test_an_answer_naming_none_of_the_options_changes_the_scope(api):
    book(api)
    book(api, name="Luca Rossi", phone="+393330000000", day=SATURDAY)
    plan_id = stored_plan(api, SEARCH_THEN_MOVE)
    confirm(api, plan_id)
    paused(api, plan_id)
    answer(api, plan_id, "Bianchi")
    done = settled(api, plan_id)
    assert done["status"] == "failed" and "nuova richiesta" in done["failure_reason"]


# --- a planned value that is unavailable, with alternatives -----------------------------------------------


def test_a_full_slot_asks_which_of_the_nearest_free_times_and_the_answer_completes_the_plan(api):
    booking_id = book(api)
    plan = plan_of(api, "Please move Mario Rossi's booking to Saturday at 9pm")
    for n in range(3):  # the venue takes three bookings at once: Saturday 21:00 fills up meanwhile
        book(api, name=f"Ospite {n}", phone=f"+39333000111{n}", day=SATURDAY, time="21:00", people=2)
    confirm(api, plan["plan_id"])
    waiting = paused(api, plan["plan_id"])
    assert "1)" in waiting["blocking_prompt"]
    unclear = answer(api, plan["plan_id"], "boh")
    assert unclear.status_code == 400 and waiting["blocking_prompt"] in unclear.json()["message"]
    assert answer(api, plan["plan_id"], "1").status_code == 200
    done = settled(api, plan["plan_id"])
    assert done["status"] == "completed"
    moved = booking(api, booking_id)
    assert moved["day"] == SATURDAY and moved["time"] != "21:00"
    assert moved["time"] == done["actions"][0]["parameters"]["new_time"]


# --- a value asked at execution time ---------------------------------------------------------------------


def test_a_time_asked_at_execution_is_read_as_the_operator_says_it(api):
    booking_id = book(api)
    plan_id = stored_plan(api, [("modify_booking", {"booking_id": booking_id, "new_time": {"ask": "A che ora?"}})])
    confirm(api, plan_id)
    assert paused(api, plan_id)["blocking_prompt"] == "A che ora?"
    assert answer(api, plan_id, "non so").status_code == 400
    assert answer(api, plan_id, "alle 21 e 30").status_code == 200
    assert settled(api, plan_id)["status"] == "completed"
    assert booking(api, booking_id)["time"] == "21:30"


def test_an_llm_plan_that_asks_a_value_pauses_and_the_answer_over_http_completes_it(serve):
    with ScriptedLLM() as llm:
        api = serve(llm=llm.base_url)
        booking_id = book(api)
        llm.reply_tool_call(
            "submit_plan",
            {
                "intent_summary": "Aggiornare il telefono della prenotazione di Rossi",
                "steps": [
                    {
                        "action_id": "modify_booking",
                        "parameters": {
                            "restaurant_id": "roma",
                            "booking_id": booking_id,
                            "phone": {"ask": "Qual è il nuovo numero di Rossi?"},
                        },
                    }
                ],
            },
        )
        plan = plan_of(api, "Rossi ci richiama con il nuovo numero: aggiorna il telefono quando lo sai")
        assert plan["actions"][0]["parameters"]["phone"] == {"ask": "Qual è il nuovo numero di Rossi?"}
        confirm(api, plan["plan_id"])
        assert paused(api, plan["plan_id"])["blocking_prompt"] == "Qual è il nuovo numero di Rossi?"
        assert answer(api, plan["plan_id"], "+39 347 111 2222").status_code == 200
        assert settled(api, plan["plan_id"])["status"] == "completed"
        assert booking(api, booking_id)["phone"] == "+393471112222"


# --- one plan per session waits for an answer -------------------------------------------------------------


def test_a_second_plan_of_the_session_that_would_wait_fails_and_the_first_still_takes_its_answer(api):
    first_booking, second_booking = book(api), book(api, name="Luca Bianchi", phone="+393330000000")
    first = stored_plan(api, [("modify_booking", {"booking_id": first_booking, "new_time": {"ask": "Ora?"}})])
    confirm(api, first)
    paused(api, first)
    second = stored_plan(api, [("modify_booking", {"booking_id": second_booking, "new_time": {"ask": "Ora?"}})])
    confirm(api, second)
    refused = settled(api, second)
    assert refused["status"] == "failed" and "Un altro piano di questa sessione" in refused["failure_reason"]
    assert len(api.store.blocked_plans_of_session("s-stored")) == 1
    answer(api, first, "21:00")
    assert settled(api, first)["status"] == "completed"
    third = stored_plan(api, [("modify_booking", {"booking_id": second_booking, "new_time": {"ask": "Ora?"}})])
    confirm(api, third)
    assert paused(api, third)["blocking_prompt"] == "Ora?"  # the session's slot was given back


def test_plans_of_one_session_pausing_at_the_same_moment_leave_one_waiting(api):
    plan_ids = [stored_plan(api, [("create_booking", {"name": "x"})], status="confirmed") for _ in range(6)]
    for plan_id in plan_ids:
        api.store.update_plan(plan_id, lambda p: p.model_copy(update={"status": "executing"}))
    start = threading.Barrier(len(plan_ids))
    outcomes: list[str] = []
    now = dt.datetime.now(dt.timezone.utc)

    def try_pause(plan_id: str) -> None:
        start.wait()
        try:
            pause(api.store, api.store, plan_id, "Ora?", BlockingQuestion(step_number=1, kind="value"), now)
            outcomes.append("paused")
        except SessionBusy:
            outcomes.append("busy")

    threads = [threading.Thread(target=try_pause, args=(p,)) for p in plan_ids]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert sorted(outcomes) == ["busy"] * 5 + ["paused"]
    assert len(api.store.blocked_plans_of_session("s-stored")) == 1


@pytest.mark.parametrize("said", ["un'altra prenotazione: a1b2c3d4e5f6", "spostala a domenica"])
def test_a_confirmation_answered_with_another_request_is_a_change_of_scope(api, said):
    booking_id = book(api)
    plan = plan_of(api, "Please move Mario Rossi's booking to Saturday at 9pm")
    move(api, booking_id, new_time="20:30")
    confirm(api, plan["plan_id"])
    paused(api, plan["plan_id"])
    answer(api, plan["plan_id"], said)
    assert "nuova richiesta" in settled(api, plan["plan_id"])["failure_reason"]


@pytest.mark.parametrize(
    ("message", "question"),
    [
        (
            "Aggiorna il telefono della prenotazione di Rossi: ci richiama più tardi con il nuovo numero",
            "Qual è il nuovo numero di telefono?",
        ),
        ("Update the phone number of Rossi's booking, he will call back with it", "What is the new phone number?"),
    ],
)
def test_a_phone_the_operator_will_only_have_later_is_asked_when_the_rule_planners_plan_runs(api, message, question):
    booking_id = book(api)
    plan = plan_of(api, message)
    assert plan["actions"][0]["parameters"]["phone"] == {"ask": question}
    assert f"phone: ? ({question})" in plan["presentation"]
    confirm(api, plan["plan_id"])
    assert paused(api, plan["plan_id"])["blocking_prompt"] == question
    assert answer(api, plan["plan_id"], "+39 347 765 4321").status_code == 200
    assert settled(api, plan["plan_id"])["status"] == "completed"
    assert booking(api, booking_id)["phone"] == "+393477654321"


def test_a_booking_changed_between_two_steps_is_asked_about_once_and_yes_goes_on(api):
    booking_id = book(api)
    plan_id = stored_plan(
        api,
        [
            ("modify_booking", {"booking_id": booking_id, "new_time": "21:00"}),
            ("modify_booking", {"booking_id": booking_id, "new_people": 6}),
        ],
        status="confirmed",
    )
    left = {"booking_id": booking_id, "day": "2026-02-20", "time": "21:00", "people": 4, "name": "Mario Rossi"}

    def first_step_done(plan):
        done = plan.actions[0].model_copy(
            update={"executed": True, "result": ActionResult(success=True, response_data=left)}
        )
        return plan.model_copy(update={"actions": [done, plan.actions[1]]})

    api.store.update_plan(plan_id, first_step_done)  # step 1 left it at 21:00; someone put it back to 20:00
    api.ok("plan_execute", {"plan_id": plan_id})
    waiting = paused(api, plan_id)
    assert "passo 2" in waiting["blocking_prompt"]
    answer(api, plan_id, "sì")
    assert settled(api, plan_id)["status"] == "completed"
    assert (booking(api, booking_id)["time"], booking(api, booking_id)["people"]) == ("20:00", 6)
    assert api.tracer.names(plan_id).count("blocking_prompt") == 1
