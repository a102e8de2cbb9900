"""A time picked from those offered by its place in the list, in the four languages."""

from __future__ import annotations

import pytest
from concierge.conversations.offered_places import place_picked
from concierge.tools.faq import normalise


@pytest.mark.parametrize(
    ("text", "index"),
    [
        ("the first one", 0),
        ("The 2nd please", 1),
        ("ok the last one", -1),
        ("la seconda", 1),
        ("il primo, grazie", 0),
        ("la première", 0),
        ("le dernier créneau", -1),
        ("o terceiro", 2),
        ("a segunda", 1),
        ("a última", -1),
        # taken with a verb: "prendo il primo" read the 1st of the month, "I'll take the first one" nothing
        ("I'll take the first one", 0),
        ("let's do the second one", 1),
        ("prendo il primo", 0),
        ("vorrei l'ultimo", -1),
        ("je prends le premier", 0),
        ("fico com o primeiro", 0),
        # of times, which come in their order: the later, the earlier
        ("the later one", -1),
        ("the earliest one", 0),
        ("quello più tardi", -1),
        ("le plus tôt", 0),
        ("o mais tarde", -1),
    ],
)
def test_a_place_in_the_list_picks_that_time(text, index):
    assert place_picked(normalise(text)) == index


@pytest.mark.parametrize(
    "text",
    [
        "il primo dicembre",
        "segunda",
        "quarta",
        "first of all, can we be 3?",
        "the 8pm one",
        "prendo il primo dicembre",
        "later",
        "a later one",  # asks for times later than those
        "plus tard",
    ],
)
def test_a_day_or_anything_more_than_the_pick_picks_nothing(text):
    assert place_picked(normalise(text)) is None
