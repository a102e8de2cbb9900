"""What the operator reads about a step: why it failed, what may have landed, what to check, a booking's state."""

from __future__ import annotations

import datetime as dt

from concierge.domain.plans import ActionResult, PlannedAction
from concierge.speech import phrases_for
from concierge.speech.plan_outcomes import step_words
from concierge.speech.plan_prompts import prompt_words


def failure_reason(step: PlannedAction, action_name: str, result: ActionResult, locale: str = "en") -> str:
    words = step_words(locale)
    where = words.step.format(number=step.step_number, action=action_name)
    message = result.error_message or words.no_details
    nearest = (result.response_data or {}).get("nearest_slots")
    alternatives = words.alternatives.format(slots=", ".join(nearest)) if nearest else ""
    return {
        "bad_request": words.refused.format(where=where, message=message),
        "unauthorized": words.unauthorised.format(where=where),
        "not_found": words.not_found.format(where=where),
        "conflict": words.conflict.format(where=where, message=message, alternatives=alternatives),
        "rate_limited": words.rate_limited.format(where=where, seconds=result.retry_after_seconds or words.a_few),
        "server_error": words.server_error.format(where=where),
        "timeout": words.timeout.format(where=where),
    }[result.error_type or "server_error"]


def possibly_applied(step: PlannedAction, what: str, locale: str = "en") -> str:
    """The sentence for a write that timed out: nobody knows whether it landed."""
    return step_words(locale).possibly_applied.format(number=step.step_number, what=what)


def what_to_check(parameters: dict, locale: str = "en") -> str:
    """The booking a step touched, as a person looks it up: its id, else the details it was given."""
    words = step_words(locale)
    for key in ("booking_id", "reservation_id", "id"):
        if isinstance(parameters.get(key), (str, int)):
            return words.check_booking.format(booking_id=parameters[key])
    shown = [
        f"{k} {v}"
        for k, v in parameters.items()
        if k not in ("restaurant_id", "venue_id") and isinstance(v, (str, int, float))
    ]
    return words.check_details.format(details=", ".join(shown)) if shown else words.check_call


def describe(state: dict, locale: str) -> str:
    """A booking's day, time and party as the operator reads them in a question."""
    say = phrases_for(locale)
    day = state.get("day_label")
    if not day:
        try:
            day = say.day_label(dt.date.fromisoformat(str(state.get("day"))))
        except ValueError:
            day = str(state.get("day"))
    time = state.get("time_human") or (say.time_human(state["time"]) if state.get("time") else "")
    return prompt_words(locale).booking_state.format(day=day, time=time, people=state.get("people"))
