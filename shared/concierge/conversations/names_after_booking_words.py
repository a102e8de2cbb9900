"""A full name written right after the word for the booking, as a terse message does: "mesa Rui Costa, às 20h",
"book Sam Lee, Friday at 8", "un rendez-vous svp Marie Dupont demain", "prenotazione Mario Rossi domani"."""

from __future__ import annotations

import re
from collections.abc import Callable

from concierge.conversations.customer_names import MOST_NAME_WORDS, capitalised_name, name_at_start, says_something_else
from concierge.conversations.name_words import NEVER_IN_A_NAME, SURNAME_PARTICLES
from concierge.conversations.surname_particles import NAME_WORD
from concierge.conversations.vocabulary import Vocabulary
from concierge.tools.faq import normalise

_BOOKING_WORD = re.compile(
    r"\b(?i:book|booking|reservation|reserve|table|tavolo|prenotazione|prenotare|prenota|rendez-vous|rdv|r[ée]servation|"
    r"r[ée]server|mesa|reserva|reservar)"
    r"(?:\s+(?i:please|pls|svp|s'il vous pla[iî]t|por favor|per favore))?\s+"
)


def name_after_a_booking_word(text: str, vocab: Vocabulary, is_day: Callable[[str], bool]) -> str | None:
    """Two to five capitalised name words right after the booking's word, ending at a comma, a word written
    small or a number; none when they name a day ("book Christmas Eve at 8") or a place ("table The Terrace")."""
    for match in _BOOKING_WORD.finditer(text):
        words: list[str] = []
        for token in text[match.end() :].split()[: MOST_NAME_WORDS + 2]:
            word = token.rstrip(",;:!?.")
            if not (NAME_WORD.fullmatch(word) and (word[:1].isupper() or word in SURNAME_PARTICLES)):
                break
            words.append(word)
            if word != token:
                break
        while words and words[-1] in SURNAME_PARTICLES:
            words.pop()  # "mesa Rui Costa da ..." reads no particle last
        said = " ".join(words)
        if not capitalised_name(words) or is_day(said) or says_something_else(said, vocab):
            continue  # one word is no full name: "book Friday", "table Saturday"
        if any(normalise(w) in NEVER_IN_A_NAME for w in words if w not in SURNAME_PARTICLES):
            continue
        if name := name_at_start(said):
            return name
    return None
