"""What operators say, in en, it, fr and pt, and what the rule planner makes of it (data/planner_corpus.yaml).

Each case is a conversation against the corpus's house of bookings on a fixed Wednesday: the
request, then the answers to the planner's questions, replayed through a session as the plan
service keeps it. The outcome is a plan (its steps, actions and parameters) or one question (its
kind and the bookings it offers). Over every case, a planned write holds only values the operator
said: each day, time, guest count and phone of a step is found in the words of the conversation.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
import yaml

from concierge.domain.plans import ActionResult, Clarification, PlanProposal
from concierge.parsing import (
    UnsupportedRelativeDay,
    UnsupportedRelativeTime,
    VagueTime,
    WeekdayMismatch,
    resolve_relative_day,
    resolve_relative_time,
)
from concierge.parsing.text import fold, with_digits
from concierge.plans.booking_api import OVERLAY_PATH, SPEC_PATH
from concierge.plans.planning import PlanningRequest
from concierge.plans.proposal_validation import validate_proposal
from concierge.plans.rule_planner import RulePlanner
from concierge.plans.transformer import build_registry
from concierge.speech.plans import plan_words
from concierge.tools.search_bookings import MATCH_THRESHOLD, score

CORPUS = yaml.safe_load((Path(__file__).parents[1] / "data" / "planner_corpus.yaml").read_text())
TODAY = dt.date.fromisoformat(str(CORPUS["today"]))
HOUSE = {b["id"]: b for b in CORPUS["bookings"]}
REGISTRY = build_registry(SPEC_PATH, OVERLAY_PATH)
CASES = CORPUS["cases"]


def lookup(action_id: str, parameters: dict) -> ActionResult:
    """search_bookings and get_booking over the corpus's house, scored as the real tool scores."""
    if action_id == "get_booking":
        b = HOUSE.get(parameters["booking_id"])
        if b is None:
            return ActionResult(success=False, error_type="not_found")
        data = {"day": str(b["day"]), "time": b["time"], "people": b["people"], "name": b["name"], "phone": b["phone"]}
        return ActionResult(success=True, response_data=data)
    scored = [(score(parameters["search_text"], b["name"], b["phone"], b["id"]), b) for b in HOUSE.values()]
    found = sorted((p for p in scored if p[0] >= MATCH_THRESHOLD), key=lambda p: (-p[0], str(p[1]["day"])))
    results = [
        {
            "booking_id": b["id"],
            "guest_name": b["name"],
            "booking_date": str(b["day"]),
            "booking_time": b["time"],
            "party_size": b["people"],
            "display_label": f"{b['name']}, {b['day']}, {b['time']}, {b['people']}",
        }
        for _, b in found[:5]
    ]
    return ActionResult(success=True, response_data={"results": results})


def converse(case: dict) -> tuple[list[Clarification], PlanProposal | Clarification]:
    """Every message of the case through the planner, the session kept as the plan service keeps it."""
    turns: list[dict] = case.get("context", [])
    questions = []
    outcome: PlanProposal | Clarification | None = None
    for message in case["say"]:
        outcome = RulePlanner().plan(
            PlanningRequest(
                message=message,
                history=turns,
                venue_id="roma",
                venue_locale=case.get("venue", "en"),
                today=TODAY,
                registry=REGISTRY,
                lookup=lookup,
                read_only_actions={"search_bookings", "get_booking"},
                clarifications_so_far=sum(t["role"] == "assistant" for t in turns),
                max_clarifications=3,
            )
        )
        if isinstance(outcome, Clarification):
            questions.append(outcome)
            turns = turns + [
                {"role": "user", "content": message},
                {"role": "assistant", "content": outcome.question, "asked": outcome.kind, "options": outcome.options},
            ]
    assert outcome is not None
    return questions[: len(case["say"]) - 1] if isinstance(outcome, PlanProposal) else questions[:-1], outcome


def steps_of(proposal: PlanProposal) -> list[dict]:
    steps = []
    for step in proposal.steps:
        params = {k: v for k, v in step.parameters.items() if k != "restaurant_id"}
        assert step.parameters["restaurant_id"] == "roma"
        steps.append({step.action_id: params})
    return steps


def expected_steps(case: dict) -> list[dict]:
    """The case's steps, its dates (read by YAML as dates) as the ISO strings a plan holds."""
    return [
        {action: {k: str(v) if k == "new_day" else v for k, v in params.items()}}
        for step in case["plan"]
        for action, params in step.items()
    ]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_the_planner_reads_the_operator(case):
    asked, outcome = converse(case)
    assert [q.kind for q in asked] == case.get("asked", [])
    if "plan" in case:
        assert isinstance(outcome, PlanProposal), outcome
        assert steps_of(outcome) == expected_steps(case)
        assert validate_proposal(outcome, REGISTRY, {"search_bookings", "get_booking"}) == []
    else:
        assert isinstance(outcome, Clarification), outcome
        assert outcome.kind == case["ask"]["kind"]
        assert outcome.options == case["ask"].get("options", [])
        assert outcome.question.startswith(getattr(plan_words(case["lang"]), outcome.kind).split("{")[0])


# --- a planned write holds only what was said --------------------------------------------------------


def _spans(text: str):
    words = text.replace(",", " ").split()
    for size in range(1, 5):
        for start in range(len(words) - size + 1):
            yield " ".join(words[start : start + size])


def said_days(texts: list[str]) -> set[str]:
    days = set()
    for span in (s for t in texts for s in _spans(t)):
        try:
            days.add(resolve_relative_day(span, TODAY, "en").date.isoformat())
        except (UnsupportedRelativeDay, WeekdayMismatch):
            pass
    return days


def said_times(texts: list[str]) -> set[str]:
    noon = dt.datetime.combine(TODAY, dt.time(12))
    times = set()
    for span in (s for t in texts for s in _spans(t)):
        folded = fold(span)
        marked = re.search(r"\d[:.h]\d\d|\d ?h\b|\d ?[ap]m\b|noon|mezzogiorno|midi|mezza|demie|meia|half", folded)
        if not (marked or folded.split()[0] in {"at", "alle", "as", "a", "vers", "ore", "dalle", "delle", "das"}):
            continue
        try:
            times.add(resolve_relative_time(span, noon, "en").time)
        except (UnsupportedRelativeTime, VagueTime):
            pass
    return times


def said_numbers(texts: list[str], locale: str) -> set[int]:
    return {int(n) for t in texts for n in re.findall(r"\d+", with_digits(fold(t), locale))}


PLANS = [c for c in CASES if "plan" in c]


@pytest.mark.parametrize("case", PLANS, ids=[c["id"] for c in PLANS])
def test_every_value_in_a_planned_write_was_said_by_the_operator(case):
    _, outcome = converse(case)
    texts = case["say"]
    digits = "".join(re.findall(r"\d", " ".join(texts)))
    for step in outcome.steps:
        params = step.parameters
        kept = HOUSE.get(params["booking_id"], {})
        if "new_day" in params:
            assert params["new_day"] in said_days(texts)
        if "new_time" in params:
            assert params["new_time"] in said_times(texts)
        if "new_people" in params:
            numbers = said_numbers(texts, case.get("venue", "en")) | said_numbers(texts, case.get("lang", "en"))
            assert params["new_people"] in numbers or params["new_people"] - kept.get("people", 0) in numbers
        if isinstance(params.get("phone"), dict):  # not said yet: asked when the plan runs
            assert set(params["phone"]) == {"ask"}
        elif "phone" in params:
            assert params["phone"].lstrip("+") in digits


def test_the_corpus_is_large_and_speaks_every_language():
    assert len(CASES) >= 80
    assert {c.get("lang") for c in CASES} >= {"en", "it", "fr", "pt"}
    assert len({c["id"] for c in CASES}) == len(CASES)
