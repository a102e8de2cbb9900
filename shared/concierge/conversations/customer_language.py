"""Which of the four languages the offline agent answers in: the customer's, read from their words.

A message is scored by the words in `data/languages.yaml` that belong to one language only. The first
message picks the language that scores highest, when one does; later messages switch it only when
another language leads by two words or more, so a "sì" or "merci" in an English conversation, or a
name that happens to be a word, does not flip the answers. Before the customer's words say anything,
it is the language the channel gave (the chat widget sends the browser's), else the venue's.

A library was weighed for this (lingua covers these languages; its wheel is 96 MB, against the cold
start of a function), but the messages to read are a few words long and about bookings: a small
vocabulary of the words customers use to book reads them as well, at no cost.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml

from concierge.conversations.agent import Turn
from concierge.tools.faq import normalise

LANGUAGES = ("it", "en", "fr", "pt")
SWITCH_MARGIN = 2  # words by which another language must lead to change the conversation's
LANGUAGE_KEY = "language"  # where the conversation's memory keeps it


@lru_cache(maxsize=1)
def _markers() -> dict[str, str]:
    """Each word that tells one language, with that language."""
    text = resources.files("concierge.conversations").joinpath("data/languages.yaml").read_text("utf-8")
    lists = yaml.safe_load(text)
    owners: dict[str, set[str]] = {}
    for language in LANGUAGES:
        for entry in lists[language]:
            for word in normalise(str(entry)).split():
                owners.setdefault(word, set()).add(language)
    return {word: next(iter(langs)) for word, langs in owners.items() if len(langs) == 1}


def scores(text: str) -> Counter[str]:
    markers = _markers()
    return Counter(markers[word] for word in normalise(text).split() if word in markers)


def customer_language(text: str | None, current: str | None, venue_locale: str) -> str:
    """The language to answer this message in, given the conversation's so far (None before any)."""
    speaking = current if current in LANGUAGES else venue_locale
    if not text:
        return speaking
    counts = scores(text)
    if not counts:
        return speaking
    leader, lead = counts.most_common(1)[0]
    rival = max((n for language, n in counts.items() if language != leader), default=0)
    margin = 1 if current is None else SWITCH_MARGIN
    return leader if leader != speaking and lead - rival >= margin else speaking


# A language named to be spoken in: "do you speak English?", "parlate italiano?", "on peut parler en français ?",
# "em português, por favor", "English please".
_NAMES = {
    "en": "english inglese anglais ingles",
    "it": "italian italiano italien",
    "fr": "french francese francais frances",
    "pt": "portuguese portoghese portugais portugues",
}
_LANGUAGE = {name: language for language, names in _NAMES.items() for name in names.split()}
_ONE_OF_THEM = "|".join(_LANGUAGE)
_SPEAK = re.compile(
    r"\b(?:speak|talk|write|parla|parlate|parlare|parli|parle|parlez|parler|fala|falam|falar|falas|escrever)\b"
    rf"(?:\s+\w+){{0,2}}?\s+(?:(?:in|en|em)\s+)?(?P<language>{_ONE_OF_THEM})\b"
)
_ALONE = re.compile(
    rf"(?:(?:in|en|em)\s+)?(?P<language>{_ONE_OF_THEM})"
    r"(?:\s+(?:please|per favore|svp|s il vous plait|por favor))?"
)
_MOST_WORDS = 8  # a question of the language itself: not "… un cameriere che parla inglese, Mario Rossi"


def language_named(text: str | None) -> str | None:
    """The language the message asks to be spoken in, by its name, or None."""
    folded = normalise(text or "")
    if len(folded.split()) > _MOST_WORDS:
        return None
    said = _SPEAK.search(folded) or _ALONE.fullmatch(folded)
    return _LANGUAGE[said["language"]] if said else None


def in_customer_language(turn: Turn) -> Turn:
    """The turn with its venue speaking the customer's language (hours, days, times and every sentence
    of the answer); the venue's tools still answer in the venue's own."""
    current = turn.conversation.memory.get(LANGUAGE_KEY)
    if not isinstance(current, str):  # the channel's word until the customer's own say something
        current = turn.language if turn.language in LANGUAGES else None
    language = language_named(turn.text) or customer_language(turn.text, current, turn.venue.locale)
    if language == turn.venue.locale:
        return turn
    return replace(turn, venue=turn.venue.model_copy(update={"locale": language}))


def remember_language(memory: dict[str, Any], turn: Turn, spoken: Turn) -> None:
    """Keep the language for the next turns once the customer's words have said something of it (a
    pressed button or a bare name has not)."""
    if turn.text and (scores(turn.text) or language_named(turn.text)):
        memory[LANGUAGE_KEY] = spoken.venue.locale
