"""The phone number a message gives, read first so that the rest is read without it: written in digits ("+44 7911
123456", "347 123 4567"; not a date, "12.12.2026"), or, when the number is asked for, said digit by digit in words
as a voice transcript or a careful writer gives it ("oh seven nine one one, one two three four five six", "tre
quattro sette uno due tre…", "zéro cinq cinq cinq…", "nove um dois…", with "double" and "triple" in English).
Asked for only, so "one two" stays a party and a time elsewhere; numbers said in pairs ("cinquante-cinq") are not
read. Validated by `phonenumbers` in the venue's country."""

from __future__ import annotations

import datetime as dt
import re
from typing import NamedTuple

from concierge.domain.phone import InvalidPhone, to_e164
from concierge.parsing.errors import NoSuchDate
from concierge.parsing.numeric_dates import numeric_date
from concierge.tools.faq import normalise

_WRITTEN = re.compile(r"(?<![\w+])(?:\+|00)?\d[\d ().\-]{6,}\d(?!\w)")
# The words that introduce the phone number, just before it: "my number is", "o meu telemóvel é", "cell:".
_INTRO = re.compile(
    r"(?:(?:my|our|o meu|o nosso|meu|il mio|mio|mon|notre)\s+)?(?:phone\s+)?(?:number|phone|mobile|cell|numero|"
    r"número|cellulare|telefono|tel|portable|téléphone|telephone|telemóvel|telemovel|telefone|celular)"
    r"(?:\s+(?:is|é|e|è|est))?\s*[:.]?\s*$",
    re.IGNORECASE,
)


class PhoneSaid(NamedTuple):
    e164: str | None  # the number, valid in E.164
    invalid: bool  # a number given that is none
    rest: str  # the message without it, nor the words that introduce it


def phone_said(text: str, country: str | None, today: dt.date, asked: bool) -> PhoneSaid:
    """The phone number the message gives (said in words too when it is `asked` for), and the rest of it."""
    written = (m for m in _WRITTEN.finditer(text) if not _written_date(m.group().strip(), today))
    if match := next(written, None):
        said, rest = match.group(), _INTRO.sub("", text[: match.start()]) + " " + text[match.end() :]
    elif asked and (in_words := digits_said(text)):  # "oh seven nine one one…"
        said, rest = in_words.number, _INTRO.sub("", in_words.rest)
    else:
        return PhoneSaid(None, False, text)
    try:
        return PhoneSaid(to_e164(said, country), False, rest)
    except InvalidPhone:
        return PhoneSaid(None, True, rest)


def _written_date(text: str, today: dt.date) -> bool:
    """ "2026-12-01", "12.12.2026", and "31/11/2026" too: dates in digits, even one that does not exist."""
    try:
        return numeric_date(text, today) is not None
    except NoSuchDate:
        return True


_DIGIT_WORDS = (
    "zero oh o",
    "one uno un une um",
    "two due deux dois duas",
    "three tre trois tres",
    "four quattro quatre quatro",
    "five cinque cinq cinco",
    "six sei seis",
    "seven sette sept sete",
    "eight otto huit oito",
    "nine nove neuf",
)
_DIGIT = {word: str(digit) for digit, words in enumerate(_DIGIT_WORDS) for word in words.split()}
_TIMES = {"double": 2, "triple": 3}
FEWEST_DIGITS = 7  # a phone number's, national part included


class DigitsSaid(NamedTuple):
    number: str  # "+447911123456", "07911123456"
    rest: str  # the message without it


def digits_said(text: str) -> DigitsSaid | None:
    """The longest run of digits said in words (digits written in it too), when it is long enough to be a phone
    number, with the message around it; None otherwise."""
    words = text.split()
    best: tuple[int, int, str] = (0, 0, "")
    start = 0
    while start < len(words):
        end, digits = _run(words, start)
        if len(digits.lstrip("+")) > len(best[2].lstrip("+")):
            best = (start, end, digits)
        start = max(end, start + 1)
    first, last, number = best
    if len(number.lstrip("+")) < FEWEST_DIGITS:
        return None
    return DigitsSaid(number, " ".join(words[:first] + words[last:]))


def _run(words: list[str], start: int) -> tuple[int, str]:
    """Where the run of digits from `start` ends, and its digits."""
    digits, index, times = "", start, 1
    while index < len(words):
        word = normalise(words[index])
        if not digits and word == "plus":
            digits = "+"
        elif word in _TIMES and not times > 1:
            times = _TIMES[word]
        elif word in _DIGIT:
            digits, times = digits + _DIGIT[word] * times, 1
        elif word.isdigit() and times == 1:
            digits += word
        else:
            break
        index += 1
    if times > 1:  # "double" with no digit after it
        index -= 1
    return index, digits if any(c.isdigit() for c in digits) else ""
