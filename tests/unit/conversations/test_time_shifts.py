"""A booking's time shifted by an amount, in the four languages: later is positive."""

from __future__ import annotations

import pytest
from concierge.conversations.time_shifts import shift_said
from concierge.tools.faq import normalise


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("can we make it half an hour later?", 30),
        ("30 minutes earlier please", -30),
        ("push it back by 15 minutes", 15),
        ("bring it forward an hour", -60),
        ("posticipare di mezz'ora?", 30),
        ("si può fare un'ora più tardi?", 60),
        ("anticipare di 30 minuti", -30),
        ("une heure plus tôt", -60),
        ("retarder de 15 minutes", 15),
        ("meia hora mais tarde", 30),
        ("adiantar meia hora", -30),
        ("2 hours later", 120),
        ("avancer d'une heure", -60),
        ("on peut avancer le rendez-vous d'un quart d'heure ?", -15),
        ("reculer de 30 minutes", 30),
        ("repousser d'une heure", 60),
        ("posticipare la prenotazione di mezz'ora", 30),
        ("atrasar a reserva meia hora", 30),
        ("can we delay it by 30 minutes?", 30),
        ("postpone the reservation by half an hour", 30),
        ("move it back 30 minutes", 30),
        ("move the booking forward an hour", -60),
        ("move it up 15 minutes", -15),
        ("later by 20 minutes", 20),
        ("rimandare di mezz'ora", 30),
        ("spostarla più tardi di mezz'ora", 30),
        ("reporter d'une heure", 60),
        ("plus tôt d'une demi-heure", -30),
        ("adiar a reserva 30 minutos", 30),
    ],
)
def test_a_shift_is_read_with_its_direction(text, minutes):
    assert shift_said(normalise(text)) == minutes


@pytest.mark.parametrize(
    "text",
    [
        "décaler de 30 minutes",
        "10 minutes late",
        "dopo le 20",
        "table for 2 later",
        "8 hours later",
        "siamo in ritardo di 10 minuti",
        "en retard de 10 minutes",
        "estamos atrasados 10 minutos",
        "we are delayed by 10 minutes",
        "antes de uma hora",
    ],
)
def test_no_shift_is_read_without_an_amount_and_a_direction_or_beyond_six_hours(text):
    assert shift_said(normalise(text)) is None


@pytest.mark.parametrize(
    "text",
    [
        "Friday at the same time?",
        "mercoledì alla stessa ora",
        "stesso orario",
        "plutôt mercredi à la même heure",
        "quarta à mesma hora",
    ],
)
def test_the_same_time_is_a_shift_of_nothing(text):
    assert shift_said(normalise(text)) == 0
