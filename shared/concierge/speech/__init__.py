"""Speech-ready dates, times and messages in the venue's language."""

from functools import lru_cache

from concierge.speech.base import Phrases
from concierge.speech.en import English
from concierge.speech.fr import French
from concierge.speech.it import Italian
from concierge.speech.pt import Portuguese

_BY_LOCALE: dict[str, type[Phrases]] = {"it": Italian, "en": English, "fr": French, "pt": Portuguese}


@lru_cache(maxsize=64)  # phrases hold no state but their locale and kind: one of each serves every call
def phrases_for(locale: str, venue_kind: str = "restaurant") -> Phrases:
    return _BY_LOCALE[locale](venue_kind)


__all__ = ["Phrases", "phrases_for"]
