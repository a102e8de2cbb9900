"""Shared text clean-up for the parsers: accent folding, locale order, number words."""

import functools
import re
import unicodedata

from concierge.speech.names import LOCALES

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'", "\u00b4": "'"})
_AS_SPACES = str.maketrans(dict.fromkeys(["'", "-", *map(chr, range(0x2010, 0x2016))], " "))
_EDGE_PUNCTUATION = ' \t\r\n.,;:!?¡¿"()«»'


@functools.cache
def _italian_without_numbers() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Text text2num leaves as it is in Italian: plain tokens (letters, digits, "wd5") none of which is,
    or holds, a number word or an ordinal stem. Its Italian vocabulary, widened: "ottobre", "milano" and
    "non" go to text2num too, which leaves them be. Compiled on first use: check_openings never asks."""
    plain = re.compile(r"(?:[a-z]+[0-9]*|[0-9]+)(?: (?:[a-z]+[0-9]*|[0-9]+))*")
    number_word = re.compile(
        r"\b(?:zero|un|uno|una|due|tre|quattro|cinque|sei|sette|otto|tto|nove|dieci|undici|dodici|tredici"
        r"|quattordici|quindici|sedici|diciassette|diciotto|diciannove)(?![a-z])"
        r"|\b(?:prim|second|terz|quart|quint|sest|settim|ottav|ttav|non|decim)[oaei]*(?![a-z])"
        r"|vent|trent|quarant|cinquant|sessant|settant|ottant|ttant|novant|cent|mill|mila|milion|miliard|bilion|esim"
    )
    return plain, number_word


def fold(text: str) -> str:
    """Lower-case, accent-free, single-spaced text with apostrophes and hyphens read as spaces.

    Transcripts are inconsistent ("un'ora" / "un ora", "quinta-feira" / "quinta feira",
    "amanhã" / "amanha"), so every grammar works on this one spelling.
    """
    plain = text.translate(_APOSTROPHES).lower()
    if not plain.isascii():  # ASCII has nothing to decompose and no combining marks
        plain = "".join(c for c in unicodedata.normalize("NFKD", plain) if not unicodedata.combining(c))
    return " ".join(plain.translate(_AS_SPACES).strip(_EDGE_PUNCTUATION).split())


def with_digits(folded: str, locale: str) -> str:
    """Number words as digits ("tre" -> "3"); articles meaning one are left to the grammars.

    text2num loads here, on first use: reading a weekday name (check_openings) needs only fold().
    Italian text without a number word skips it: text2num builds its Italian word splitter on every
    call (~7 µs, thirty times its cost in the other languages), and such text comes back unchanged."""
    if locale == "it":
        plain, number_word = _italian_without_numbers()
        if plain.fullmatch(folded) and not number_word.search(folded):
            return folded
    from text_to_num import alpha2digit

    return alpha2digit(folded, locale, threshold=0)


@functools.lru_cache(maxsize=64)
def locale_order(locale: str) -> tuple[str, ...]:
    """The venue's language first, then the others: callers may not speak the venue's language."""
    primary = locale.split("-")[0].split("_")[0].lower()
    if primary not in LOCALES:
        raise ValueError(f"unsupported locale: {locale!r}")
    return (primary, *(other for other in LOCALES if other != primary))
