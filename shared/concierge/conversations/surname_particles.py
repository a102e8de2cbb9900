"""A surname's particles written small ("de la Cruz", "Maria da Silva", "van Gogh"): part of the name, where
the same words alone are "of" ("a nome di Rossi", "em nome da Joana")."""

from __future__ import annotations

import re

from concierge.conversations.name_words import SURNAME_PARTICLES

NAME_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|['’\-.])*")  # a letter of any script first: "Zoë", "王伟", "أحمد"
_OWN_PARTICLES = frozenset({"van", "von", "ter", "der", "den"})  # no preposition in the four languages


def lead_a_surname(particles: list[str]) -> bool:
    """Small words that are part of the surname after them: two particles or more ("de la Cruz", "van der
    Berg"), or one no language here says for "of" ("van Gogh"); "di", "de", "da" alone are "of"."""
    if not particles or not all(word in SURNAME_PARTICLES for word in particles):
        return False
    return len(particles) >= 2 or particles[0] in _OWN_PARTICLES


def particles_of_a_surname(text: str) -> int:
    """How many of the words `text` starts with are a surname's particles written small, before its
    capitalised name: 2 in "de la Cruz", "van der Berg"; 0 in "del ristorante"."""
    words = text.split()
    count = next((i for i, word in enumerate(words) if word not in SURNAME_PARTICLES), len(words))
    named = count < len(words) and words[count][:1].isupper() and bool(NAME_WORD.fullmatch(words[count]))
    return count if named and lead_a_surname(words[:count]) else 0
