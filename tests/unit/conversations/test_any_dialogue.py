"""Whatever a customer writes, in any order and any of the four languages: every answer is a valid rdv,
and no booking is made, moved or cancelled except on the customer's yes to the question just asked."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.conversations.test_offline_agent import dialogue

YES = ("yes", "sì", "oui", "sim", "👍")
MESSAGES = (
    *YES,
    "no",
    "non",
    "table for 2 friday at 8pm, Tom Baker",
    "un tavolo per 2 sabato alle 20, Mario Rossi",
    "un détartrage mardi à 10h, Jean Martin",
    "mesa para 2 na quarta às 20h, Rui Costa",
    "can we move it to saturday?",
    "make it 4 people",
    "the same time next week",
    "saturday at 8 as well",
    "cancel it",
    "cancel all my bookings",
    "both",
    "the first one",
    "la seconda",
    "anything later?",
    "prima?",
    "what do I have booked?",
    "when are you open?",
    "how much is it?",
    "we're running late",
    "it's my birthday by the way",
    "thanks, see you on friday!",
    "tra mezz'ora",
    "right now",
    "next week",
    "anticipare di un'ora",
    "je ne pourrai pas venir mardi, mercredi ?",
    "me and my wife",
    "2 more people",
    "una persona in meno",
    "hmm",
    "Martin",
    "21h",
    "4",
    "???",
)
CHANGES_ON_YES = {"CREATE", "RESCHEDULE", "CANCEL"}


def diary(d) -> list[tuple]:
    return sorted((b.id, b.day, b.time, b.people) for b in d.tools.bookings)


@settings(max_examples=150, deadline=None)
@given(
    venue_id=st.sampled_from(["roma", "harbour", "cabinet", "tasca"]),
    messages=st.lists(st.sampled_from(MESSAGES), min_size=1, max_size=10),
)
def test_any_dialogue_answers_valid_rdvs_and_changes_bookings_only_on_a_yes(venues, venue_id, messages):
    d = dialogue(venues, venue_id)  # every answer's rdv is checked against the schema as it is given
    for message in messages:
        before = diary(d)
        answer = d.say(message)
        if diary(d) != before:
            assert message in YES and answer.rdv["action"] in CHANGES_ON_YES
