"""The words the offline agent recognises, in every language at once: data in `data/intents.yaml`.

Intents, care types, symptoms and special requests are whole-word patterns on normalised text (a trailing * in the data
matches any ending); the words that introduce a name, a reason or a party are kept as normalised text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
import functools
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml

from concierge.tools.faq import normalise

INTENTS = (
    "greeting", "yes", "no", "book", "cancel", "move", "mine", "hours", "now", "human", "angry", "thanks", "bye",
    "instead", "where", "venue_name", "contact", "earliest", "latest", "availability", "next_week",
    "another", "late", "all", "later", "earlier", "price", "rename", "instead_of", "cant_come", "private_hire",
    "check", "wait", "bot", "note", "help", "venue_topic", "seating", "duration", "policy", "confirming",
    "day_after", "day_before", "care_change", "date_asked", "date_of", "phone_why", "repeat", "how_to_change",
    "never_mind",
)  # fmt: skip
# Phrases whose words say intents they do not mean: those intents are kept only when said outside them.
SAID_WITHIN = {
    "free_of": ("availability",),  # "is there step-free access?", "gluten-free options": no table asked
    "cancellation_terms": ("cancel", "move"),  # "what's your cancellation policy?": asked about, not asked for
    "cancellations_left": ("cancel",),  # "any cancellations for Saturday?": free times asked, not a cancellation
    "no_problem": ("no",),  # "no problem", "aucun souci": a yes (in its phrases), not a no
    "outdoors": ("hours", "all"),  # "avete tavoli all'aperto?": outside, not the hours nor all of them
    "bot": ("human",),  # "is this a real person?": asked whether, not asked for one
    "policy": ("book", "availability"),  # "do I need to book?": how booking works, no booking asked
    "things_to_bring": ("availability",),  # "do I need to bring anything?": "anything" is no free time asked
    "one_more_thing": ("another",),  # "one more thing, could we sit by the window?": no other booking
    # "a week later", "il giorno dopo", "il giorno prima": a day, not a later or earlier time
    "next_week": ("later",),
    "day_after": ("later",),
    "day_before": ("earlier",),
}


@dataclass(frozen=True)
class Vocabulary:
    phrases: dict[str, tuple[re.Pattern[str], ...]]
    care_types: dict[str, tuple[re.Pattern[str], ...]]
    symptoms: tuple[re.Pattern[str], ...]
    special_requests: tuple[re.Pattern[str], ...]
    intro_words: dict[str, tuple[str, ...]]  # name, relation and reason intros, people leads and units, who is counted
    parties: dict[int, re.Pattern[str]]  # a party said without a number: "just me", "me and my wife"

    @functools.cached_property
    def counting_words(self) -> frozenset[str]:
        """The words after a number that make it a count of people ("persone", "adultes", "kids")."""
        keys = ("people_units", "party_adults", "party_children")
        return frozenset(unit.split()[0] for key in keys for unit in self.intro_words[key])

    @functools.cached_property
    def _any_phrase(self) -> dict[str, re.Pattern[str]]:
        """Each intent's phrases as one pattern: one search a message, not one a phrase."""
        return {name: re.compile("|".join(p.pattern for p in patterns)) for name, patterns in self.phrases.items()}

    def has(self, intent: str, folded: str) -> bool:
        return self._any_phrase[intent].search(folded) is not None


def phrase_pattern(phrase: str) -> re.Pattern[str]:
    """A data phrase as a whole-word pattern on normalised text; a trailing * matches any ending."""
    words = normalise(phrase.rstrip("*")).split()
    ending = r"\w*" if phrase.endswith("*") else ""
    return re.compile(rf"\b{r'[ ]+'.join(re.escape(w) for w in words)}{ending}\b")


def load_vocabulary(document: dict[str, Any]) -> Vocabulary:
    phrases = {
        name: tuple(phrase_pattern(p) for p in document[name])
        for name in (
            *INTENTS,
            "angry_unless_hurt",
            "season_greetings",
            *SAID_WITHIN,
            "possible",
            "that_day",
        )
    }
    phrases["greeting"] += phrases["season_greetings"]
    phrases["yes"] += phrases["no_problem"]
    for intent in ("yes", "repeat"):  # "ta", "y"; "sorry?", "pardon?": only when said alone
        phrases[intent] += tuple(re.compile(rf"^{phrase_pattern(p).pattern}$") for p in document[f"{intent}_alone"])
    care = {name: tuple(phrase_pattern(p) for p in words) for name, words in document["care_types"].items()}
    intros = {
        key: tuple(normalise(p) for p in document[key])
        for key in (
            *("name_intros", "relation_intros", "reason_intros", "people_leads", "people_units"),
            *("party_adults", "party_children", "party_others"),
        )
    }
    symptoms = tuple(phrase_pattern(p) for p in document["symptoms"])
    special_requests = tuple(phrase_pattern(p) for p in document["special_requests"])
    return Vocabulary(phrases, care, symptoms, special_requests, intros, _parties(document))


def _parties(document: dict[str, Any]) -> dict[int, re.Pattern[str]]:
    """ "just me" (1), "me and my wife" (2): one pattern per size, not matching when more people follow."""
    companion = "(?:" + "|".join(re.escape(normalise(word)) for word in document["companions"]) + ")"
    # nor "table for me, my wife and our son": a companion after it, its comma folded away
    mine = "(?:(?:my|our|mia|mio|la mia|il mio|ma|mon|minha|meu|a minha|o meu) )?"
    more = rf"(?! (?:and|e|et|con|com|avec|with|plus)\b)(?! {mine}{companion}s?\b)"

    def said(phrase: str) -> str:
        return " ".join(companion if word == "<who>" else re.escape(normalise(word)) for word in phrase.split())

    return {
        size: re.compile(rf"\b(?:{'|'.join(said(p) for p in document[key])})\b{more}")
        for size, key in ((1, "party_of_one"), (2, "party_of_two"))
    }


@lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    text = resources.files("concierge.conversations").joinpath("data/intents.yaml").read_text("utf-8")
    return load_vocabulary(yaml.safe_load(text))
