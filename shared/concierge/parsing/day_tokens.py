"""Day words as tokens the day grammars match: weekdays wd0-wd6, months mo1-mo12, numbers as digits."""

from __future__ import annotations

import functools
import re

from concierge.parsing.text import fold, with_digits
from concierge.speech.names import LOCALES, MONTHS, WEEKDAYS

_ENGLISH_ABBREVIATIONS = {
    "weekdays": {
        "mon": 0,
        "tue": 1,
        "tues": 1,
        "wed": 2,
        "weds": 2,
        "thu": 3,
        "thur": 3,
        "thurs": 3,
        "fri": 4,
        "sat": 5,
        "sun": 6,
    },
    "months": {
        "jan": 1,
        "feb": 2,
        "apr": 4,
        "jun": 6,
        "jul": 7,
        "aug": 8,
        "sep": 9,
        "sept": 9,
        "oct": 10,
        "nov": 11,
        "dec": 12,
    },
}
# Each language's months cut short, read only right after a day's number ("5 dez", "3 janv", "12 set"): alone,
# "dez" is ten in Portuguese and "mai" never in Italian. English's are read anywhere (above). September and
# October cut short are English words in Italian and Portuguese ("5 set menus", "10 out of 10"): never read.
_SHORT_MONTHS = {
    "it": "gen feb mar apr mag giu lug ago - ott nov dic",
    "fr": "janv/jan fevr/fev mars avr mai juin juil aout sept/sep oct nov dec",
    "pt": "jan fev mar abr mai jun jul ago - - nov dez",
}
# Each language's weekdays cut short, read only right before a day's number ("sab 28", "sam. 28 nov.", "sex 4"),
# Monday first. The Portuguese "ter" (to have), "qua" and "qui" (here, in Italian) are other words: never read.
_SHORT_WEEKDAYS = {
    "it": "lun mar mer gio ven sab dom",
    "fr": "lun mar mer jeu ven sam dim",
    "pt": "seg - - - sex sab dom",
}
# A one-letter ending only written against its number ("2a", "1o", "2e"): "per 2 a cena", "2 e 30" are no dates.
_ORDINAL = re.compile(r"\b(\d{1,2})(?: ?(?:st|nd|rd|th|er|re|eme)|e|o|a|º|ª)\b")
# French ordinals once folded, which text2num reads only with their accent ("troisième", not "troisieme").
_FRENCH_ORDINALS = {"deuxieme": 2, "seconde": 2, "second": 2, "troisieme": 3, "quatrieme": 4, "cinquieme": 5}
_A_DIGIT = re.compile(r"\d")
_FRENCH_ORDINAL = re.compile(rf"\b(?:{'|'.join(_FRENCH_ORDINALS)})\b")


@functools.cache
def weekday_words() -> dict[str, int]:
    """Every language's weekday names, folded, and their number (0 for Monday): "quinta" for "quinta-feira",
    and the plurals said of a day that comes back ("open on sundays?", "le samedi", "aos domingos")."""
    weekdays: dict[str, int] = {}
    for locale in LOCALES:
        for index, name in enumerate(WEEKDAYS[locale]):
            short = fold(name).removesuffix(" feira")  # "quinta-feira" is usually just "quinta"
            weekdays.update({fold(name): index, short: index})
            if locale != "it":  # the Italian weekdays do not take an -s ("i sabati" aside)
                weekdays[f"{short}s"] = index
    return weekdays


@functools.cache
def month_numbers() -> dict[str, int]:
    """Every language's month names, folded ("marco", "fevrier"), and the month each names (1 to 12)."""
    return {fold(name): index + 1 for names in MONTHS.values() for index, name in enumerate(names)}


@functools.cache
def month_words() -> frozenset[str]:
    """Every language's month names, folded ("marco", "fevrier")."""
    return frozenset(month_numbers())


@functools.cache
def short_month_words() -> frozenset[str]:
    """Every language's months cut short ("dez", "janv", "dec"), read as months only after a day's number."""
    return frozenset(
        {*_ENGLISH_ABBREVIATIONS["months"], *(short for locale in _SHORT_MONTHS for short in _short_months(locale)[1])}
    )


@functools.cache
def _name_patterns(english: bool) -> tuple[re.Pattern[str], dict[str, int], re.Pattern[str], dict[str, int]]:
    """The day names of every language; English's short forms only in English: the French "mon" is "my",
    the Italian "tue" is "your" and the French "sept" is seven."""
    weekdays = {**(_ENGLISH_ABBREVIATIONS["weekdays"] if english else {}), **weekday_words()}
    months = dict(_ENGLISH_ABBREVIATIONS["months"]) if english else {}
    for locale in LOCALES:
        for index, name in enumerate(MONTHS[locale]):
            months[fold(name)] = index + 1

    def alternation(names: dict[str, int]) -> re.Pattern[str]:
        return re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, names), key=len, reverse=True)) + r")\b")

    return alternation(weekdays), weekdays, alternation(months), months


@functools.cache
def _short_months(locale: str) -> tuple[re.Pattern[str], dict[str, int]]:
    """The language's months cut short after a day's number ("5 dez", "1o de dez", "3 janv"), and their month."""
    months = {
        short: index + 1
        for index, names in enumerate(_SHORT_MONTHS.get(locale, "").split())
        for short in names.split("/")
        if short != "-"
    }
    names = "|".join(sorted(months, key=len, reverse=True)) or "(?!)"
    return re.compile(rf"\b(\d{{1,2}}(?:o|a|er|eme)? (?:(?:de|di|del|du) )?)({names})\b"), months


@functools.cache
def _short_weekdays(locale: str) -> tuple[re.Pattern[str], dict[str, int]]:
    """The language's weekdays cut short before a day's number ("sab 28", "sam 28"), and their number."""
    days = {short: index for index, short in enumerate(_SHORT_WEEKDAYS.get(locale, "").split()) if short != "-"}
    names = "|".join(days) or "(?!)"
    return re.compile(rf"\b({names}) (?=\d{{1,2}}(?:o|a|er|eme)?\b)"), days


def day_tokens(text: str, locale: str) -> tuple[str, bool]:
    """Weekdays as wd0-wd6 and months as mo1-mo12 (before number words: "segunda" is also "second"),
    then numbers as digits and ordinals as their number; and whether there was an ordinal."""
    weekday_re, weekdays, month_re, months = _name_patterns(locale == "en")
    text = weekday_re.sub(lambda m: f"wd{weekdays[m[0]]}", text)
    text = month_re.sub(lambda m: f"mo{months[m[0]]}", text)
    if _A_DIGIT.search(text):  # names cut short are read only next to a day's number (most words said have none)
        short_re, short_months = _short_months(locale)
        text = short_re.sub(lambda m: f"{m[1]}mo{short_months[m[2]]}", text)
        weekday_short_re, short_weekdays = _short_weekdays(locale)
        text = weekday_short_re.sub(lambda m: f"wd{short_weekdays[m[1]]} ", text)
    if locale == "fr" and ("ieme" in text or "second" in text):
        text = _FRENCH_ORDINAL.sub(lambda m: f"{_FRENCH_ORDINALS[m[0]]}eme", text)  # "le troisieme vendredi"
    text = with_digits(text, locale)
    if not _ORDINAL.search(text):  # most days said have no ordinal, and searching is cheaper than replacing
        return text, False
    text, ordinals = _ORDINAL.subn(r"\1", text)
    return text, ordinals > 0
