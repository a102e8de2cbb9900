"""Shared text clean-up for the parsers: accent folding, locale order, number words."""

import re
import unicodedata

from concierge.speech.names import LOCALES

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'", "\u00b4": "'"})
_EDGE_PUNCTUATION = ' \t\r\n.,;:!?¡¿"()«»'


def fold(text: str) -> str:
    """Lower-case, accent-free, single-spaced text with apostrophes and hyphens read as spaces.

    Transcripts are inconsistent ("un'ora" / "un ora", "quinta-feira" / "quinta feira",
    "amanhã" / "amanha"), so every grammar works on this one spelling.
    """
    decomposed = unicodedata.normalize("NFKD", text.translate(_APOSTROPHES).lower())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    plain = re.sub(r"['\-\u2010-\u2015]", " ", plain)
    return " ".join(plain.strip(_EDGE_PUNCTUATION).split())


def with_digits(folded: str, locale: str) -> str:
    """Number words as digits ("tre" -> "3"); articles meaning one are left to the grammars.

    text2num loads here, on first use: reading a weekday name (check_openings) needs only fold()."""
    from text_to_num import alpha2digit

    return alpha2digit(folded, locale, threshold=0)


def locale_order(locale: str) -> tuple[str, ...]:
    """The venue's language first, then the others: callers may not speak the venue's language."""
    primary = locale.split("-")[0].split("_")[0].lower()
    if primary not in LOCALES:
        raise ValueError(f"unsupported locale: {locale!r}")
    return (primary, *(other for other in LOCALES if other != primary))
