"""A full name that opens the answer to "your name?" and goes on with something else: "Jo Bloggs at 1pm", "Mario
Rossi alle 13", "Marie Dupont à 10h". Read only when a name is awaited, from two to five capitalised name words
(a capital alone may be a sentence's: "Later at 8"), none of them a day's ("Next Friday at 8", "Same Time
Tomorrow"), and never another thing said with capitals ("Outside Table please")."""

from __future__ import annotations

from collections.abc import Callable

from concierge.conversations.customer_names import capitalised_name, name_at_start, says_something_else
from concierge.conversations.vocabulary import Vocabulary


def name_answered_first(text: str, vocab: Vocabulary, is_day: Callable[[str], bool]) -> str | None:
    """The full name the answer opens with, as written, or None."""
    name, said = name_at_start(text), text.split()
    if name is None:
        return None
    words = said[: len(name.split())]
    if len(said) == len(words) or not capitalised_name(words):  # alone, an answer read as such; "in the morning"
        return None
    capitalised_next = [word for word in said[len(words) : len(words) + 1] if word[:1].isupper()]
    if any(is_day(word) for word in words + capitalised_next):  # "Same Time Tomorrow": no Mr "Same Time"
        return None
    return None if says_something_else(name, vocab) else name
