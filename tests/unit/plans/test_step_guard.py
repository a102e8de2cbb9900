"""The step guard: a format fix of a confirmed step is allowed, a change of its meaning is refused."""

from __future__ import annotations

import datetime as dt

import pytest

from concierge.domain.plans import ActionParameter, ActionResult, AtomicAction, PlannedAction
from concierge.plans.canonical_values import Ambiguous, Reading, Unreadable, canonical, kind_of
from concierge.plans.registry import ActionRegistry
from concierge.plans.step_guard import judge

ROME = Reading(now=dt.datetime(2026, 2, 19, 18, 0), locale="it", region="IT")
LONDON = Reading(now=dt.datetime(2026, 2, 19, 18, 0), locale="en", region="GB")


def parameter(name: str, type_: str = "string") -> ActionParameter:
    return ActionParameter(name=name, type=type_, required=False, description=name)


def action(action_id: str, *parameters: ActionParameter) -> AtomicAction:
    return AtomicAction(
        action_id=action_id,
        name=action_id,
        description=action_id,
        parameters=[parameter("restaurant_id"), *parameters],
        safety_tier="normal",
        reversible=False,
        path=f"/{action_id}",
    )


REGISTRY = ActionRegistry(
    [
        action("search_bookings", parameter("search_text")),
        action("get_booking", parameter("booking_id")),
        action(
            "modify_booking",
            parameter("booking_id"),
            parameter("new_day", "date"),
            parameter("new_time", "time"),
            parameter("new_people", "number"),
            parameter("name"),
            parameter("phone"),
        ),
        action("cancel_booking", parameter("booking_id")),
    ]
)
READS = {"search_bookings", "get_booking"}


def step(number: int, action_id: str, done: bool = False, answer: dict | None = None, **parameters) -> PlannedAction:
    return PlannedAction(
        step_number=number,
        action_id=action_id,
        parameters={"restaurant_id": "roma", **parameters},
        safety_tier="normal",
        executed=done,
        result=ActionResult(success=True, response_data=answer) if done else None,
    )


def verdict(steps: list[PlannedAction], action_id: str, reading: Reading = ROME, **parameters):
    return judge(action_id, {"restaurant_id": "roma", **parameters}, steps, REGISTRY, READS, reading)


# (confirmed value, proposed value): the same meaning in another format
FORMAT_FIXES = [
    ("new_time", "20 e 30", "20:30"),
    ("new_time", "8.30pm", "20:30"),
    ("new_time", "20h30", "20:30"),
    ("new_time", "9:00 PM", "21:00"),
    ("new_time", "alle nove e mezza di sera", "21:30"),
    ("new_day", "sabato 21 febbraio", "2026-02-21"),
    ("new_day", "21/02/2026", "2026-02-21"),
    ("new_day", "sabato", "2026-02-21"),
    ("new_people", "sei", 6),
    ("new_people", "6", 6),
    ("new_people", 6, "6 persone"),
    ("phone", "333 123 4567", "+393331234567"),
    ("phone", "0039 333 1234567", "+39 333 123 4567"),
    ("name", "Mario  Rossi", "mario rossi"),
]

# (confirmed value, proposed value, words the refusal contains)
CHANGES_OF_MEANING = [
    ("new_time", "20 e 30", "21:30", "changes the confirmed"),
    ("new_time", "9:00 PM", "22:00", "changes the confirmed"),
    ("new_time", "8.30", "20:30", "ask the operator"),
    ("new_time", "20:30", "half past something", "cannot be read as a time"),
    ("new_day", "sabato", "2026-02-22", "changes the confirmed"),
    ("new_people", "sei", 7, "changes the confirmed"),
    ("phone", "333 123 4567", "+393331234568", "changes the confirmed"),
    ("name", "Mario Rossi", "Luca Rossi", "changes the confirmed"),
    ("booking_id", "B-1", "B-2", "another booking"),
]


@pytest.mark.parametrize("name, confirmed, proposed", FORMAT_FIXES)
def test_a_format_fix_of_the_confirmed_value_is_allowed(name, confirmed, proposed):
    steps = [step(1, "modify_booking", booking_id="B-1", **{name: confirmed})]
    outcome = verdict(steps, "modify_booking", **{"booking_id": "B-1", name: proposed})
    assert outcome.allowed, outcome.reason
    assert outcome.step == 1


@pytest.mark.parametrize("name, confirmed, proposed, words", CHANGES_OF_MEANING)
def test_a_change_of_meaning_is_refused_with_a_reason(name, confirmed, proposed, words):
    confirmed_step = {"booking_id": "B-1", name: confirmed}
    steps = [step(1, "modify_booking", **confirmed_step)]
    outcome = verdict(steps, "modify_booking", **{**confirmed_step, name: proposed})
    assert not outcome.allowed
    assert words in outcome.reason


def test_lookups_are_always_allowed_and_a_write_outside_the_plan_never():
    steps = [step(1, "modify_booking", booking_id="B-1", new_time="21:00")]
    assert verdict(steps, "search_bookings", search_text="anyone").allowed
    assert verdict(steps, "get_booking", booking_id="B-9").read_only
    cancel = verdict(steps, "cancel_booking", booking_id="B-1")
    assert not cancel.allowed and "next confirmed change is step 1" in cancel.reason
    assert not verdict(steps, "drop_everything").allowed


def test_a_parameter_added_or_left_out_is_refused():
    steps = [step(1, "modify_booking", booking_id="B-1", new_time="21:00")]
    added = verdict(steps, "modify_booking", booking_id="B-1", new_time="21:00", new_people=2)
    assert not added.allowed and "adds new_people" in added.reason
    left_out = verdict(steps, "modify_booking", booking_id="B-1")
    assert not left_out.allowed and "leaves out new_time" in left_out.reason


def test_writes_run_in_their_confirmed_order_and_a_done_step_is_not_written_again():
    steps = [
        step(1, "modify_booking", done=True, answer={"booking_id": "B-1"}, booking_id="B-1", new_time="21:00"),
        step(2, "cancel_booking", booking_id="B-2"),
    ]
    again = verdict(steps, "modify_booking", booking_id="B-1", new_time="21:00")
    assert not again.allowed and "step 2" in again.reason
    assert verdict(steps, "cancel_booking", booking_id="B-2").step == 2
    finished = [s.model_copy(update={"executed": True}) for s in steps]
    assert "already done" in verdict(finished, "cancel_booking", booking_id="B-2").reason


def test_a_placeholder_is_matched_against_the_answer_of_its_step_wherever_it_is():
    found = {"results": [{"booking_id": "B-7", "name": "Mario Rossi"}]}
    steps = [
        step(1, "search_bookings", done=True, answer=found, search_text="Rossi"),
        step(2, "modify_booking", booking_id="{{step_1.booking_id}}", new_time="21:00"),
    ]
    assert verdict(steps, "modify_booking", booking_id="B-7", new_time="21:00").allowed
    other = verdict(steps, "modify_booking", booking_id="B-8", new_time="21:00")
    assert not other.allowed and "another booking" in other.reason


def test_a_placeholder_whose_step_has_not_run_or_found_several_is_refused():
    waiting = [
        step(1, "search_bookings", search_text="Rossi"),
        step(2, "modify_booking", booking_id="{{step_1.booking_id}}", new_time="21:00"),
    ]
    assert "has not run yet" in verdict(waiting, "modify_booking", booking_id="B-7", new_time="21:00").reason
    two = {"results": [{"booking_id": "B-7"}, {"booking_id": "B-8"}]}
    answered = ActionResult(success=True, response_data=two)
    several = [waiting[0].model_copy(update={"executed": True, "result": answered})]
    outcome = verdict([*several, waiting[1]], "modify_booking", booking_id="B-7", new_time="21:00")
    assert not outcome.allowed and "ask the operator which one" in outcome.reason


def test_a_lookup_that_repeats_a_confirmed_read_step_is_recognised():
    steps = [
        step(1, "search_bookings", search_text="Rossi"),
        step(2, "modify_booking", booking_id="{{step_1.booking_id}}", new_time="21:00"),
    ]
    assert verdict(steps, "search_bookings", search_text="rossi").step == 1
    assert verdict(steps, "search_bookings", search_text="Bianchi").step is None


@pytest.mark.parametrize(
    "name, declared, kind",
    [
        ("new_people", "number", "count"),
        ("party_size", "number", "count"),
        ("max_results", "number", "number"),
        ("phone", "string", "phone"),
        ("new_day", "string", "date"),
        ("booking_time", "string", "time"),
        ("notes", "string", "text"),
    ],
)
def test_a_parameter_kind_comes_from_its_type_and_its_name(name, declared, kind):
    assert kind_of(name, declared) == kind


def test_an_english_numeric_date_that_reads_two_ways_is_ambiguous_and_an_impossible_one_unreadable():
    with pytest.raises(Ambiguous):
        canonical("date", "02/03/2026", LONDON)
    assert canonical("date", "02/03/2026", ROME) == dt.date(2026, 3, 2)
    with pytest.raises(Unreadable):
        canonical("date", "31/31/2026", ROME)
    with pytest.raises(Unreadable):
        canonical("count", "2.5", ROME)
