"""The rule planner asks its questions in the request's language, or the venue's when the request does not tell."""

from __future__ import annotations

import datetime as dt

import pytest

from concierge.domain.plans import ActionResult, Clarification, PlanProposal
from concierge.plans.planning import PlanningRequest
from concierge.plans.registry import ActionRegistry
from concierge.plans.rule_planner import RulePlanner
from concierge.speech.plans import plan_words


def request(message: str, locale: str, clarifications_so_far: int = 0, found: list[dict] | None = None):
    def lookup(action_id: str, parameters: dict) -> ActionResult:
        return ActionResult(success=True, response_data={"results": found or []})

    return PlanningRequest(
        message=message,
        history=[],
        venue_id="v",
        venue_locale=locale,
        today=dt.date(2026, 2, 19),
        registry=ActionRegistry([]),
        lookup=lookup,
        read_only_actions={"search_bookings"},
        clarifications_so_far=clarifications_so_far,
        max_clarifications=3,
    )


@pytest.mark.parametrize("locale", ["fr", "pt"])
def test_a_request_in_neither_english_nor_italian_is_answered_in_the_venues_language(locale):
    answer = RulePlanner().plan(request("Bonjour Olá", locale))
    assert answer == Clarification(question=plan_words(locale).what_change, kind="what_change")


def test_the_requests_own_language_wins_over_the_venues():
    answer = RulePlanner().plan(request("Please move the booking to 4 people", "fr"))
    assert answer == Clarification(question=plan_words("en").which_booking, kind="which_booking")
    italian = RulePlanner().plan(request("vorrei cambiare le persone", "en"))
    assert italian.question == plan_words("it").which_booking


def test_when_the_questions_run_out_the_rephrase_prompt_is_in_the_venues_language():
    answer = RulePlanner().plan(request("Bonjour", "pt", clarifications_so_far=3))
    assert answer.question.startswith("Não consegui preparar um plano seguro")


def test_the_summary_of_a_plan_is_worded_in_the_requests_language_and_names_the_guest():
    found = [{"booking_id": "a1b2c3d4e5f6", "guest_name": "Mario Rossi"}]
    proposal = RulePlanner().plan(request("sposta la prenotazione di Rossi a sabato alle 21", "it", found=found))
    assert isinstance(proposal, PlanProposal)
    assert proposal.intent_summary == "Prenotazione a1b2c3d4e5f6 (Mario Rossi): spostare a 2026-02-21 21:00"


def test_the_rule_planner_plans_without_loading_the_llm_planner():
    import subprocess
    import sys

    probe = (
        "import sys, concierge.plans.rule_planner; "
        "print([m for m in ('concierge.plans.llm_planner', 'concierge.adapters.llm') if m in sys.modules])"
    )
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.strip()
    assert loaded == "[]"
