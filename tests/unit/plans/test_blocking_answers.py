"""How an answer to a blocking prompt is read: a value, an option, yes or no, or a change of scope."""

from __future__ import annotations

import datetime as dt

from concierge.domain.plans import BlockingQuestion, Choice
from concierge.plans.blocking import read_answer

TODAY = dt.date(2026, 2, 19)
STEP = {"restaurant_id": "roma", "booking_id": "0123456789ab", "new_time": "21:00"}
TIMES = BlockingQuestion(
    step_number=1,
    kind="choice",
    parameter="new_time",
    options=[Choice(label="20:30", values={"new_time": "20:30"}), Choice(label="21:30", values={"new_time": "21:30"})],
)
MOVED = BlockingQuestion(step_number=1, kind="confirm", observed={"day": "2026-02-20", "time": "20:30", "people": 4})


def read(question: BlockingQuestion, said: str, kind: str | None = None, locale: str = "it"):
    return read_answer(question, said, STEP, kind, locale, TODAY)


def test_an_option_is_picked_by_its_number_or_its_time_said_any_way():
    assert read(TIMES, "2").values == {"new_time": "21:30"}
    assert read(TIMES, "alle 20 e 30").values == {"new_time": "20:30"}
    assert read(TIMES, "9:30 pm", locale="en").values == {"new_time": "21:30"}


def test_a_time_that_was_not_offered_changes_the_scope_and_a_shrug_is_unclear():
    assert read(TIMES, "22:00").outcome == "scope_changed"
    assert read(TIMES, "boh").outcome == "unclear"
    assert read(TIMES, "no").outcome == "stop"


def test_a_changed_booking_is_accepted_with_yes_in_any_of_the_four_languages_and_stopped_with_no():
    for yes in ("sì", "Yes", "oui", "sim", "ok"):
        reading = read(MOVED, yes)
        assert (reading.outcome, reading.expects) == ("resume", MOVED.observed)
    assert read(MOVED, "No.").outcome == "stop"
    assert read(MOVED, "spostala a domenica").outcome == "scope_changed"


def test_another_booking_named_by_its_id_is_a_change_of_scope_even_for_a_value():
    value = BlockingQuestion(step_number=1, kind="value", parameter="phone")
    assert read(value, "+39 347 111 2222").values == {"phone": "+39 347 111 2222"}
    assert read(value, "cambia invece ffffffffffff").outcome == "scope_changed"


def test_a_value_is_read_as_its_parameter_type_or_is_unclear():
    time = BlockingQuestion(step_number=1, kind="value", parameter="new_time")
    people = BlockingQuestion(step_number=1, kind="value", parameter="new_people")
    day = BlockingQuestion(step_number=1, kind="value", parameter="new_day")
    assert read(time, "alle nove di sera", "time").values == {"new_time": "21:00"}
    assert read(time, "quando vuoi", "time").outcome == "unclear"
    assert read(people, "6", "number").values == {"new_people": 6}
    assert read(day, "sabato", "date").values == {"new_day": "2026-02-21"}
