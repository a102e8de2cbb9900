"""The shared rate-limit policy of the booking back-ends."""

from __future__ import annotations

import datetime as dt
import email.utils

from concierge.adapters.providers.rate_limits import retry_after, within_rate_limits


def test_retry_after_reads_seconds_an_http_date_or_backs_off():
    assert retry_after({"Retry-After": "2"}, 1) == 2.0
    later = email.utils.format_datetime(dt.datetime.now(dt.timezone.utc) + dt.timedelta(seconds=30), usegmt=True)
    assert 25 < retry_after({"Retry-After": later}, 1) <= 30
    assert [retry_after({}, n) for n in (1, 2, 3)] == [0.25, 0.5, 1.0]


class Answer:
    def __init__(self, limited: bool, wait: str = "0") -> None:
        self.limited, self.headers = limited, {"Retry-After": wait}


def test_a_rate_limited_answer_is_sent_again_until_it_passes():
    answers = iter([Answer(True), Answer(True), Answer(False)])
    assert within_rate_limits(lambda: next(answers), lambda a: a.limited).limited is False


def test_after_the_tries_the_last_rate_limited_answer_is_returned():
    sent = []
    answer = within_rate_limits(lambda: sent.append(1) or Answer(True), lambda a: a.limited)
    assert answer.limited and len(sent) == 3


def test_a_wait_beyond_the_budget_is_not_started():
    sent = []
    answer = within_rate_limits(lambda: sent.append(1) or Answer(True, "60"), lambda a: a.limited)
    assert answer.limited and len(sent) == 1


def test_retry_after_is_read_in_the_back_ends_unit():
    assert retry_after({"Retry-After": "1500"}, 1, unit=0.001) == 1.5  # resOS: milliseconds
    assert retry_after({"Retry-After": "2"}, 1) == 2  # HTTP: seconds
