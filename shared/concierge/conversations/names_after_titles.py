"""A name after a title, said for whom the table is wherever it stands in the message: "table for Mr Smith, 2
people…", "tavolo per il signor Rossi", "per la sig.ra Bianchi", "mesa para a D. Maria", "reserva para o Sr.
Silva". A written title stays with the name ("Mr Smith", "Sr. Silva"); one said in words goes, as "a nome della
signora Bianchi" drops it ("il signor Rossi" is Rossi)."""

from __future__ import annotations

import re
from collections.abc import Callable

from concierge.conversations.customer_names import name_at_start, says_something_else
from concierge.conversations.name_words import SPOKEN_TITLES, TITLES
from concierge.conversations.vocabulary import Vocabulary

# The written titles ("Mr", "Sr.", "sig.ra"; not "St" nor "M", a saint's day or a letter) and Portugal's "D."
_WRITTEN = sorted((TITLES - {"st", "m"}) | {"sig.ra", "sig.na", "dott.ssa"}, key=len, reverse=True)
_FOR_A_TITLE = re.compile(
    r"\b(?i:for|per|pour|para|pra)\s+(?:(?i:the|il|la|le|l'|o|a)\s+)?(?:"
    rf"(?P<written>(?i:{'|'.join(map(re.escape, _WRITTEN))})\.?|D\.)"
    rf"|(?i:{'|'.join(SPOKEN_TITLES)})"
    r")\s+(?=[A-ZÀ-Ý])"
)


def name_after_a_title(text: str, vocab: Vocabulary, is_day: Callable[[str], bool]) -> str | None:
    """The name after "for" and a title ("for Mrs Jones"), or None; never a day or a request written with
    capitals."""
    for match in _FOR_A_TITLE.finditer(text):
        name = name_at_start(text[match.end() :])
        if name is None or is_day(name) or says_something_else(name, vocab):
            continue
        title = match["written"]
        return f"{title[:1].upper()}{title[1:]} {name}" if title else name  # "per la sig.ra Bianchi": Sig.ra
    return None
