"""The one rate-limit policy of every back-end: honour Retry-After, a few tries, a small time budget."""

from __future__ import annotations

import datetime as dt
import email.utils
import time
from typing import Callable, Mapping, TypeVar

R = TypeVar("R")

ATTEMPTS = 3  # requests in all, the first included
BUDGET_SECONDS = 3.0  # waiting in all: a caller on the phone cannot wait longer


def retry_after(headers: Mapping[str, str], attempt: int, unit: float = 1.0) -> float:
    """Seconds to wait: Retry-After as a number of `unit` seconds (HTTP says seconds; resOS sends
    milliseconds, unit 0.001) or an HTTP date, else exponential backoff from 0.25 s."""
    value = (headers.get("Retry-After") or "").strip()
    try:
        return max(0.0, float(value) * unit)
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
        return max(0.0, (when - dt.datetime.now(dt.timezone.utc)).total_seconds())
    except (TypeError, ValueError):
        return 0.25 * 2 ** (attempt - 1)


def within_rate_limits(
    send: Callable[[], R],
    rate_limited: Callable[[R], bool],
    headers: Callable[[R], Mapping[str, str]] = lambda answer: answer.headers,
    attempts: int = ATTEMPTS,
    budget: float = BUDGET_SECONDS,
    unit: float = 1.0,
) -> R:
    """Send; while the answer is rate limited, wait as it asks and send again, within the tries and the
    budget (a wait that would overrun it is not started). The last answer is returned: if it is still
    rate limited, the caller gives up."""
    deadline = time.monotonic() + budget
    for attempt in range(1, attempts + 1):
        answer = send()
        if not rate_limited(answer):
            return answer
        pause = retry_after(headers(answer), attempt, unit)
        if attempt == attempts or time.monotonic() + pause > deadline:
            return answer
        time.sleep(pause)
    raise AssertionError("unreachable")
