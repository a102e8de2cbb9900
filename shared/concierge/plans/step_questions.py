"""The questions a step puts to the plan's operator when the confirmed plan cannot go on by itself. Pure.

Each returns the prompt (in the venue's language) and the BlockingQuestion that says how to read the
answer, or None when it does not apply; the executor pauses the plan with it (`blocking.pause`):
- the planner left a value to the operator (`{"ask": "question"}`): `planned_question`;
- a value is missing because a lookup matched several bookings: `several_matches`;
- the planned time is taken and the API offers free times nearby: `other_times`;
- the step's booking was changed by someone else since the plan saw it: `booking_moved` (and, when it
  was cancelled, there is nothing to ask: `booking_gone` is the step's failure).
"""

from __future__ import annotations

import datetime as dt

from concierge.domain.plans import ActionResult, AtomicAction, BlockingQuestion, Choice, ExecutionPlan, PlannedAction
from concierge.plans.blocking import ask_marker, numbered
from concierge.plans.step_expectations import WATCHED
from concierge.plans.step_outcomes import describe
from concierge.plans.templates import UnresolvedPlaceholder
from concierge.speech import phrases_for
from concierge.speech.plan_outcomes import step_words
from concierge.speech.plan_prompts import prompt_words

Question = tuple[str, BlockingQuestion]


def planned_question(step: PlannedAction) -> Question | None:
    """The planner's own question, when one of the step's parameters carries its {"ask": ...} marker."""
    asked = next(((k, q) for k, q in ((k, ask_marker(v)) for k, v in step.parameters.items()) if q), None)
    if asked is None:
        return None
    return asked[1], BlockingQuestion(step_number=step.step_number, kind="value", parameter=asked[0])


def several_matches(
    plan: ExecutionPlan, step: PlannedAction, missing: UnresolvedPlaceholder, locale: str
) -> Question | None:
    """The question when the value is missing because a lookup matched several bookings."""
    source = next((s for s in plan.actions if f"step_{s.step_number}" == missing.scope), None)
    found = (source.result.response_data or {}) if source and source.result else {}
    matches = [r for r in found.get("results") or [] if isinstance(r, dict) and missing.name in r]
    parameter = next((k for k, v in step.parameters.items() if v == f"{{{{{missing.scope}.{missing.name}}}}}"), None)
    if len(matches) < 2 or parameter is None:
        return None
    options = [
        Choice(
            label=str(r.get("display_label") or r.get("guest_name") or r[missing.name]),
            values={parameter: r[missing.name]},
        )
        for r in matches
    ]
    words = prompt_words(locale)
    query = str((source.parameters if source else {}).get("search_text", ""))
    prompt = words.several_match.format(query=query, count=len(options), options=numbered(options, words))
    return prompt, BlockingQuestion(step_number=step.step_number, kind="choice", parameter=parameter, options=options)


def other_times(step: PlannedAction, sent: dict, result: ActionResult, locale: str) -> Question | None:
    """The question when the planned time is not available and free times nearby are offered."""
    data = result.response_data or {}
    slots = [s for s in data.get("nearest_slots") or [] if isinstance(s, str)]
    parameter = next((k for k in ("new_time", "time") if isinstance(sent.get(k), str)), None)
    if result.error_type not in ("conflict", "bad_request") or not slots or parameter is None:
        return None
    say, words = phrases_for(locale), prompt_words(locale)
    options = [Choice(label=slot, values={parameter: slot}) for slot in slots]  # the operator reads HH:MM
    when = sent[parameter]
    day = sent.get("new_day") or sent.get("day")
    if isinstance(day, str):
        try:
            when = f"{say.day_label(dt.date.fromisoformat(day))}, {when}"
        except ValueError:
            pass
    prompt = words.slot_taken.format(when=when, options=numbered(options, words))
    return prompt, BlockingQuestion(step_number=step.step_number, kind="choice", parameter=parameter, options=options)


def booking_moved(
    step: PlannedAction, action: AtomicAction, parameters: dict, expected: dict, current: dict, locale: str
) -> Question:
    """The question when the step's booking now looks as `current`, no longer as `expected`: go on anyway?"""
    prompt = prompt_words(locale).booking_moved.format(
        name=current.get("name") or expected.get("name") or parameters["booking_id"],
        then=describe(expected, locale),
        now=describe(current, locale),
        number=step.step_number,
        action=action.name,
    )
    observed = {k: current.get(k) for k in WATCHED}
    return prompt, BlockingQuestion(step_number=step.step_number, kind="confirm", observed=observed)


def booking_gone(step: PlannedAction, action: AtomicAction, locale: str) -> str:
    """Why the step fails when its booking was cancelled since the plan was made."""
    where = step_words(locale).step.format(number=step.step_number, action=action.name)
    return prompt_words(locale).booking_gone.format(where=where)
