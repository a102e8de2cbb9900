"""What a report tells the operator to check after a write that timed out."""

from __future__ import annotations

from concierge.domain.plans import PlannedAction
from concierge.plans.step_outcomes import possibly_applied, what_to_check


def test_a_booking_named_by_its_id_is_checked_by_its_id():
    assert what_to_check({"restaurant_id": "roma", "booking_id": "B-7", "new_time": "21:00"}) == "booking B-7"


def test_a_new_booking_is_checked_by_the_details_it_was_given_without_the_venue():
    assert (
        what_to_check({"restaurant_id": "roma", "day": "2026-02-21", "time": "20:00", "name": "Ana"})
        == "the booking with day 2026-02-21, time 20:00, name Ana"
    )


def test_a_call_without_details_says_to_check_what_it_did():
    assert what_to_check({"restaurant_id": "roma"}) == "what the call did"


def test_the_sentence_names_the_step():
    step = PlannedAction(step_number=2, action_id="modify_booking", parameters={}, safety_tier="normal")
    assert possibly_applied(step, "booking B-7") == "Step 2 may have been applied: check booking B-7."
