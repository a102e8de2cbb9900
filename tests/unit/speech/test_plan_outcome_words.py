"""The plan API's refusals and the executor's words exist in every locale, with the same placeholders."""

from __future__ import annotations

import string
from dataclasses import fields

import pytest

from concierge.domain.plans import ActionResult, PlannedAction
from concierge.plans.step_outcomes import failure_reason, possibly_applied, what_to_check
from concierge.speech.names import LOCALES
from concierge.speech.plan_outcomes import REFUSALS, STEPS, RefusalWords, StepWords, refusal_words, step_words


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_locale_has_the_refusals_and_the_step_words():
    assert set(REFUSALS) == set(LOCALES) and set(STEPS) == set(LOCALES)


@pytest.mark.parametrize("locale", [locale for locale in LOCALES if locale != "en"])
@pytest.mark.parametrize(
    ("table", "field"),
    [(REFUSALS, f.name) for f in fields(RefusalWords)] + [(STEPS, f.name) for f in fields(StepWords)],
)
def test_each_sentence_has_the_english_placeholders_and_is_not_left_in_english(table, field, locale):
    said, english = getattr(table[locale], field), getattr(table["en"], field)
    assert said.strip() and placeholders(said) == placeholders(english)
    assert said != english


def test_an_unknown_language_gets_english_and_a_region_suffix_is_ignored():
    assert refusal_words("de") is REFUSALS["en"] and step_words("pt-BR") is STEPS["pt"]


def test_a_failed_step_is_told_in_the_locale_asked_for_and_in_english_by_default():
    step = PlannedAction(step_number=1, action_id="modify_booking", parameters={}, safety_tier="normal")
    gone = ActionResult(success=False, error_type="not_found")
    assert failure_reason(step, "Modify booking", gone).startswith("Step 1 (Modify booking) failed: the booking no")
    assert failure_reason(step, "Modify booking", gone, "fr").startswith(
        "L'étape 1 (Modify booking) a échoué : la réservation n'existe plus"
    )


def test_a_write_in_doubt_names_the_booking_to_check_in_the_locale():
    step = PlannedAction(step_number=2, action_id="modify_booking", parameters={}, safety_tier="normal")
    assert (
        possibly_applied(step, what_to_check({"booking_id": "B-7"}, "it"), "it")
        == "Il passo 2 potrebbe essere stato applicato: controlla la prenotazione B-7."
    )


def test_a_conflict_offers_the_nearby_free_times_in_the_locale():
    step = PlannedAction(step_number=1, action_id="modify_booking", parameters={}, safety_tier="normal")
    full = ActionResult(
        success=False, error_type="conflict", error_message="Full.", response_data={"nearest_slots": ["20:30", "21:30"]}
    )
    assert (
        failure_reason(step, "Move", full)
        == "Step 1 (Move) hit a conflict: Full. Refresh and try again; free times nearby: 20:30, 21:30."
    )
    assert failure_reason(step, "Move", full, "pt").endswith("tente de novo; horários livres próximos: 20:30, 21:30.")
