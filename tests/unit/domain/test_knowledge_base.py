"""Loading a knowledge base: the example shape is accepted, mistakes are named precisely."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from concierge.domain.knowledge_base import KnowledgeBaseError, parse_knowledge_base
from tests.conftest import VENUES_FILE

EXAMPLE = Path(__file__).resolve().parents[4] / "shared" / "examples" / "venues.yaml"


def test_the_test_venues_load_with_every_key_of_the_example(venues):
    roma = venues["roma"]
    assert (roma.locale, roma.timezone, roma.max_people, roma.max_concurrent_bookings) == ("it", "Europe/Rome", 8, 3)
    assert (roma.avg_stay_minutes, roma.slot_minutes, roma.cutoff_minutes, roma.country) == (90, 30, 30, "IT")
    assert [f.question for f in roma.faq][0] == "Avete il parcheggio?"


@pytest.mark.skipif(
    not EXAMPLE.exists() and not os.environ.get("CI"),
    reason="the shared example sits beside the repository; CI always has it",
)
def test_the_shared_example_file_loads_unchanged():
    venues = parse_knowledge_base(EXAMPLE.read_text())
    assert set(venues) == {"roma", "cabinet"}
    assert (venues["roma"].kind, venues["cabinet"].kind) == ("restaurant", "clinic")  # the cabinet books one


def _one_venue(extra: str) -> str:
    keys = "".join(f"    {line}\n" for line in extra.split(";"))
    return "venues:\n  studio:\n    name: Studio\n    timezone: Europe/Rome\n" + keys


@pytest.mark.parametrize(
    ("keys", "kind"),
    [
        ("max_people: 1", "clinic"),
        ("max_people: 2", "restaurant"),
        ("max_people: 1;kind: restaurant", "restaurant"),
        ("max_people: 1;kind: venue", "venue"),
        ("max_people: 6;kind: clinic", "clinic"),
    ],
)
def test_a_venue_without_kind_that_books_one_person_at_a_time_is_a_clinic(keys, kind):
    venue = parse_knowledge_base(_one_venue(keys))["studio"]
    assert (venue.kind, venue.is_clinic) == (kind, kind == "clinic")


@pytest.mark.parametrize(
    "mutation, expected",
    [
        (("max_people: 8", "max_people: -1"), 'venue "roma", key "max_people": Input should be greater than 0'),
        (
            ('fri: {lunch: ["12:30", "14:30"]', 'fri: {lunch: ["14:30", "12:30"]'),
            'venue "roma", key "hours": range "lunch": closes at 12:30, not after it opens at 14:30',
        ),
        (
            ('mon: {dinner: ["19:00", "22:30"]}', 'mon: {dinner: ["7pm", "22:30"]}'),
            'venue "roma", key "hours": range "dinner": "7pm" is not a time in HH:MM',
        ),
        (("locale: it", "locale: de"), 'venue "roma", key "locale": Input should be'),
        (("    name: Trattoria Roma\n", ""), 'venue "roma", key "name": is required but missing'),
        (('closed_dates: ["2026-12-25"', 'closed_dates: ["Christmas"'), 'venue "roma", key "closed_dates.0"'),
    ],
)
def test_a_mistake_is_refused_with_the_venue_the_key_and_the_problem(mutation, expected):
    text = VENUES_FILE.read_text()
    assert mutation[0] in text
    with pytest.raises(KnowledgeBaseError) as refusal:
        parse_knowledge_base(text.replace(mutation[0], mutation[1], 1))
    assert expected in str(refusal.value)


@pytest.mark.parametrize("text", ["", "venues: []", "- a\n- b", "venues: {roma: 3}", "venues: {a: [}"])
def test_a_file_without_a_venues_mapping_is_refused(text):
    with pytest.raises(KnowledgeBaseError):
        parse_knowledge_base(text)
