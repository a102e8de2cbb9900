"""Pausing a plan to ask its operator (`pause`), and reading the answer (`read_answer`).

Every executor pauses through `pause`: the plan stays `executing`, `blocking_prompt` is the question,
and `question` (bookkeeping, never shown) says how to read the answer. At most one plan of a session
waits for an answer at a time: pausing holds the session's slot, a named lease
(`blocked-plan:<session_id>`) taken atomically, while it asks the store whether another plan of the
session already waits and writes the prompt; then it gives the slot back. The lease covers the moment
of pausing (two plans pausing at once); the waiting plan, visible to the store's query, covers the
wait. A plan that would be a session's second waiting plan does not pause: `SessionBusy`, and its
executor fails it with `session_busy` (answer the other, then ask again).

An answer resumes the plan when it fills the gap inside the confirmed plan (a value of the asked
parameter, one of the offered options, yes to a booking that changed meanwhile); no stops it; an answer
that would change what the plan does (none of the options, another booking) is a change of scope.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any, Literal

from concierge.adapters.store import LeaseStore, PlanStore
from concierge.domain.plan_states import IllegalMove
from concierge.domain.plans import BlockingQuestion, Choice, ExecutionPlan
from concierge.parsing.errors import UnsupportedRelativeDay, UnsupportedRelativeTime, VagueTime, WeekdayMismatch
from concierge.parsing.relative_day import resolve_relative_day
from concierge.parsing.relative_time import resolve_relative_time
from concierge.speech.plan_prompts import PROMPTS, PromptWords

# How long the session's slot may be held, at most: a pause being written (a lost release frees it then).
SLOT_TERM = dt.timedelta(minutes=5)
BOOKING_ID = re.compile(r"\b[0-9a-f]{12}\b")


class SessionBusy(Exception):
    """Another plan of the session already waits for an answer."""


def ask_marker(value: Any) -> str | None:
    """A parameter the planner could not fill: {"ask": "question"} pauses the plan with that question."""
    if isinstance(value, dict) and set(value) == {"ask"}:
        return str(value["ask"])
    return None


def session_slot(session_id: str) -> str:
    return f"blocked-plan:{session_id}"


def pause(
    store: PlanStore,
    leases: LeaseStore | None,
    plan_id: str,
    prompt: str,
    question: BlockingQuestion,
    now: dt.datetime,
) -> ExecutionPlan:
    """Pause the executing plan with `prompt`, keeping one waiting plan per session.

    Raises SessionBusy (nothing changed) when another plan of the session waits for an answer, and
    IllegalMove when the plan is no longer executing.
    """
    plan = store.get_plan(plan_id)
    if plan is None:
        raise LookupError(plan_id)
    slot = session_slot(plan.session_id)
    if leases is not None and not leases.acquire_lease(slot, plan_id, now, now + SLOT_TERM):
        raise SessionBusy("another plan of the session is pausing")
    others = [p for p in store.blocked_plans_of_session(plan.session_id) if p.plan_id != plan_id]
    if others:
        if leases is not None:
            leases.release_lease(slot, plan_id)
        raise SessionBusy(others[0].plan_id)

    def change(p: ExecutionPlan) -> ExecutionPlan:
        if p.status != "executing":
            raise IllegalMove(f"plan {p.plan_id} is {p.status}, it cannot wait for an answer")
        return p.model_copy(
            update={"blocking_prompt": prompt, "question": question, "lease_until": None, "pending_step": None}
        )

    try:
        return store.update_plan(plan_id, change)
    finally:
        if leases is not None:
            leases.release_lease(slot, plan_id)  # from now on the waiting plan itself answers the store's query


def numbered(options: list[Choice], words: PromptWords) -> str:
    """The options as the question lists them: "1) ...; 2) ..."."""
    return "; ".join(words.option.format(number=i, label=o.label) for i, o in enumerate(options, start=1))


@dataclass
class Reading:
    """What an answer means for the paused plan.

    `resume`: set `values` on the asked step (and `expects`, when the operator accepted a changed booking);
    `stop`: the operator said no; `scope_changed`: the answer asks for something the plan does not do;
    `unclear`: the answer cannot be read (a value of the wrong kind, or it fits several options): the plan
    keeps waiting.
    """

    outcome: Literal["resume", "stop", "scope_changed", "unclear"]
    values: dict[str, Any] = field(default_factory=dict)
    expects: dict[str, Any] | None = None


def _said(text: str) -> str:
    return " ".join(re.sub(r"[^\w:+'’ ]", " ", text.casefold()).split())


def _one_of(words: str, text: str) -> bool:
    return _said(text) in {w.strip() for w in words.split(",")}


def _yes(text: str) -> bool:
    """Yes in any of the four languages: an operator may answer in another language than the venue's."""
    return any(_one_of(w.yes_words, text) for w in PROMPTS.values())


def _no(text: str) -> bool:
    return any(_one_of(w.no_words, text) for w in PROMPTS.values())


def read_answer(
    question: BlockingQuestion,
    answer: str,
    step_parameters: dict[str, Any],
    parameter_type: str | None,
    locale: str,
    today: dt.date,
) -> Reading:
    """What `answer` means for `question`; `step_parameters` are the asked step's current parameters."""
    text = answer.strip()
    named = set(BOOKING_ID.findall(text.casefold()))
    if named and named != {str(step_parameters.get("booking_id", "")).casefold()}:
        if not any(o.values.get("booking_id") in named for o in question.options):
            return Reading("scope_changed")
    if question.kind == "confirm":
        if _yes(text):
            return Reading("resume", expects=question.observed)
        if _no(text):
            return Reading("stop")
        return Reading("scope_changed")
    if question.kind == "choice":
        if _no(text):
            return Reading("stop")
        picked = _pick(question.options, text, locale, today)
        if isinstance(picked, Choice):
            return Reading("resume", values=picked.values)
        if picked == "several" or not _names_something(text):
            return Reading("unclear")
        return Reading("scope_changed")  # another time, another guest: not one of the options offered
    value = _value(parameter_type or "string", text, locale, today)
    if value is None:
        return Reading("unclear")
    return Reading("resume", values={question.parameter: value} if question.parameter else {})


def _names_something(text: str) -> bool:
    """Whether an answer names a thing of its own (a number, a time, a name), rather than being at a loss."""
    return bool(re.search(r"\d", text)) or any(w[:1].isupper() for w in text.split())


def _pick(options: list[Choice], text: str, locale: str, today: dt.date) -> Choice | str:
    """The option the answer names (its number, its value, its label's words), "several" or "none"."""
    said = _said(text)
    number = re.fullmatch(r"(?:n\.?\s*|#)?(\d{1,2})\)?", said)
    if number and 1 <= int(number.group(1)) <= len(options):
        return options[int(number.group(1)) - 1]
    time = _value("time", text, locale, today) if re.search(r"\d", said) else None
    hits = [
        o
        for o in options
        if said == _said(o.label)
        or any(str(v).casefold() == said or (time is not None and v == time) for v in o.values.values())
    ]
    if not hits:
        tokens = [t for t in said.split() if len(t) > 1]
        hits = [o for o in options if tokens and all(t in _said(o.label).split() for t in tokens)]
    if len(hits) == 1:
        return hits[0]
    return "several" if hits else "none"


def _value(kind: str, text: str, locale: str, today: dt.date) -> Any:
    """The answer as a value of a parameter of `kind`, in the form the action takes; None when it is not one."""
    if kind == "time":
        try:
            return resolve_relative_time(text, dt.datetime.combine(today, dt.time(12)), locale).time
        except (UnsupportedRelativeTime, VagueTime):
            return None
    if kind == "date":
        try:
            return resolve_relative_day(text, today, locale).date.isoformat()
        except (UnsupportedRelativeDay, WeekdayMismatch):
            return None
    if kind == "number":
        digits = re.fullmatch(r"\s*(\d+(?:[.,]\d+)?)\s*", text)
        if not digits:
            return None
        number = float(digits.group(1).replace(",", "."))
        return int(number) if number.is_integer() else number
    if kind == "boolean":
        return None
    return text
