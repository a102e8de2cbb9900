"""Error codes: their HTTP status follows their kind, and so does whether a replay gets them back."""

from __future__ import annotations

import pytest

from concierge.domain.errors import KINDS, worth_keeping
from concierge.http.status import status_for


@pytest.mark.parametrize("code", sorted(KINDS))
def test_a_code_is_kept_for_replays_exactly_when_its_status_is_not_a_server_failure(code):
    assert worth_keeping(code) is (status_for(code) < 500)


def test_a_code_nobody_listed_is_a_final_business_refusal():
    assert (status_for("MAX_PEOPLE_EXCEEDED"), worth_keeping("MAX_PEOPLE_EXCEEDED")) == (422, True)


@pytest.mark.parametrize(
    ("code", "status"),
    [
        ("VALIDATION_ERROR", 400),
        ("BOOKING_NOT_FOUND", 404),
        ("SLOT_FULL", 409),
        ("PROVIDER_ERROR", 502),
        ("PROVIDER_UNAVAILABLE", 503),
        ("CREATE_BOOKING_ERROR", 500),
    ],
)
def test_each_kind_answers_its_status(code, status):
    assert status_for(code) == status
