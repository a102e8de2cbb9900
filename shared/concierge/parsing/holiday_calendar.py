"""Holidays a caller names ("Natale", "Easter Monday", "la fête nationale"), on the venue's calendar.

Dates come from the `holidays` library for the venue's country. Days every caller knows but that
are not public holidays everywhere (Christmas Eve, New Year's Eve, Easter Sunday in France) fall
back on the Western calendar. A holiday the library names for the country ("Festa della
Repubblica", "Independence Day") is recognised by its name in the country's languages.
The library is imported on first use (it costs ~150 ms): ordinary days never load it.
"""

from __future__ import annotations

import datetime
import functools
import importlib.resources
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from concierge.parsing.weekdays import parse_weekday
from concierge.parsing.day_tokens import month_words
from concierge.parsing.text import fold

# Where a venue's country is not known, the country of its language.
_LOCALE_COUNTRIES = {"it": "IT", "en": "GB", "fr": "FR", "pt": "PT"}


@dataclass(frozen=True)
class _Feast:
    names: tuple[str, ...]  # the library's English names for it, in any country that keeps it
    fallback: Callable[[int], datetime.date]
    elsewhere: tuple[tuple[str, Callable[[int], datetime.date]], ...] = ()  # a country's own day for it


def _fixed(month: int, day: int) -> Callable[[int], datetime.date]:
    return lambda year: datetime.date(year, month, day)


def _after_easter(days: int) -> Callable[[int], datetime.date]:
    def on(year: int) -> datetime.date:
        from dateutil.easter import easter  # with the holidays library, only when a holiday is named

        return easter(year) + datetime.timedelta(days=days)

    return on


FEASTS = {
    "christmas": _Feast(("Christmas Day", "Christmas"), _fixed(12, 25)),
    "christmas_eve": _Feast(("Christmas Eve",), _fixed(12, 24)),
    "new_years_eve": _Feast(("New Year's Eve",), _fixed(12, 31)),
    "new_year": _Feast(("New Year's Day",), _fixed(1, 1)),
    "easter": _Feast(("Easter Sunday", "Easter"), _after_easter(0)),
    "easter_monday": _Feast(("Easter Monday",), _after_easter(1)),
    "good_friday": _Feast(("Good Friday",), _after_easter(-2)),
    "st_stephen": _Feast(("Saint Stephen's Day", "Boxing Day", "St. Stephen's Day"), _fixed(12, 26)),
    "assumption": _Feast(("Assumption Of Mary Day", "Assumption Day", "Assumption of Mary"), _fixed(8, 15)),
    "epiphany": _Feast(("Epiphany",), _fixed(1, 6)),
    # a night out, no public holiday; Brazil's Dia dos Namorados is in June
    "valentines": _Feast(("Valentine's Day",), _fixed(2, 14), (("BR", _fixed(6, 12)),)),
    "halloween": _Feast(("Halloween",), _fixed(10, 31)),
}
# Said alone, "le réveillon" is the eve of Christmas or of the New Year: the caller is asked which.
AMBIGUOUS_FEASTS = {"reveillon": ("christmas_eve", "new_years_eve")}

# Words too common in holiday names to identify one on their own.
_GENERIC = frozenset(
    {
        "day",
        "dia",
        "jour",
        "giorno",
        "festa",
        "fete",
        "feast",
        "holiday",
        "de",
        "di",
        "da",
        "do",
        "des",
        "du",
        "della",
        "dell",
        "del",
        "la",
        "le",
        "l",
        "the",
        "of",
        "s",
        "and",
        "e",
        "et",
        "i",
        "a",
        "o",
        "das",
        "dos",
        "d",  # the elided "di" of "San Francesco d'Assisi": no holiday of its own
    }
)
# The words of that list that say what kind of day a holiday is ("Dia de Portugal", "bank holiday").
_KINDS = frozenset({"day", "dia", "jour", "giorno", "festa", "fete", "feast", "holiday"})
# Words of holiday names that are ordinary words or first names: alone, or with a kind of day the name
# does not say, they name no holiday ("good evening" and "good day" are no Good Friday, "may I book" no
# May bank holiday, "sono Stefano" no Santo Stefano, "per Maria" no Assunzione di Maria).
_ORDINARY_ALONE = frozenset(
    """
    good new year may bank spring summer early late king national birthday labor labour memorial veterans
    columbus washington luther independence presidents all saints boxing observed estimated mary
    san santo stefano repubblica lavoro lavoratori assunzione concezione anniversario maria francesco antonio angelo
    italia italy nazionale unita vergine
    travail nationale victoire revolution estime
    portugal ano novo republica corpo deus liberdade trabalhador independencia restauracao conceicao todos santos
    nossa senhora santa comunidades
    """.split()
)


@functools.cache
def _zone_countries() -> dict[str, str]:
    table = importlib.resources.files("tzdata").joinpath("zoneinfo/zone.tab").read_text()
    rows = (line.split("\t") for line in table.splitlines() if line and not line.startswith("#"))
    return {row[2]: row[0] for row in rows if len(row) >= 3}


def holiday_country(country: str | None, timezone: str | None, locale: str) -> str:
    """The country whose holidays apply: the venue's own, else its time zone's, else its language's."""
    if country:
        return country.upper()
    if timezone and (found := _zone_countries().get(timezone)):
        return found
    return _LOCALE_COUNTRIES.get(locale.split("-")[0].split("_")[0].lower(), "GB")


@functools.cache
def _entity(country: str) -> Any:
    import holidays

    try:
        return holidays.country_holidays(country)
    except NotImplementedError:
        return None


@functools.cache
def _calendar(country: str, year: int, language: str | None) -> dict[datetime.date, str]:
    import holidays

    entity = _entity(country)
    if entity is None:
        return {}
    language = language if language in entity.supported_languages else None
    found = holidays.country_holidays(country, years=year, language=language, categories=entity.supported_categories)
    return dict(found.items())


@functools.cache
def _languages(country: str, locale: str) -> tuple[str | None, ...]:
    """The library's languages to read names in: the country's own, the caller's, English."""
    entity = _entity(country)
    if entity is None:
        return ()
    supported = entity.supported_languages
    wanted = [None, *(code for code in supported if code.split("_")[0] == locale), "en_US"]
    return tuple(dict.fromkeys(code for code in wanted if code is None or code in supported))


def feast_date(key: str, country: str, today: datetime.date) -> datetime.date:
    """The next day (today included) of a feast, as the country keeps it or by the Western calendar."""
    feast = FEASTS[key]
    fallback = dict(feast.elsewhere).get(country, feast.fallback)
    for year in (today.year, today.year + 1):
        named = [
            day
            for day, name in _calendar(country, year, "en_US").items()
            if any(part.strip() in feast.names for part in name.split(";"))
        ]
        day = min(named) if named else fallback(year)
        if day >= today:
            return day
    return fallback(today.year + 1)


def holiday_name(day: datetime.date, country: str, locale: str) -> str | None:
    """The holiday's name on a date, in the caller's language where the library has it."""
    languages = _languages(country, locale)
    preferred = next((code for code in languages if code and code.split("_")[0] == locale), None)
    return _calendar(country, day.year, preferred).get(day)


@functools.cache
def _name_index(country: str, year: int, language: str | None) -> tuple[tuple[frozenset[str], datetime.date], ...]:
    """Each holiday name of a year as its set of folded words ("All Saints' Day; National Unity Day" is two)."""
    return tuple(
        (frozenset(re.sub(r"[^\w\s]", " ", fold(name)).split()), day)
        for day, names in _calendar(country, year, language).items()
        for name in names.split(";")
    )


def named_holidays(text: str, country: str, locale: str, today: datetime.date) -> list[datetime.date]:
    """The next date of each of the country's holidays whose name holds every word said, closest names first.

    Several dates come back only when different holidays match equally well: the caller is asked.
    """
    said_all = set(text.split())
    said = said_all - _GENERIC  # "festa della Liberazione" is the "Anniversario della Liberazione"
    # An ordinary word names a holiday only with the kind of day its name says: "good day" is no Good Friday.
    ordinary = said <= _ORDINARY_ALONE and len(said) == 1
    if not {word for word in said if parse_weekday(word) is None and word != "feira"}:
        return []  # a weekday alone ("de sexta") is not "Sexta-feira Santa", nor "friday" Good Friday
    if said <= month_words():
        return []  # nor a month alone ("em dezembro") the "26 de Dezembro"
    upcoming: dict[frozenset[str], tuple[int, datetime.date]] = {}  # holiday name -> (words not said, next date)
    for language in _languages(country, locale):
        for year in (today.year, today.year + 1):
            for words, day in _name_index(country, year, language):
                if ordinary and not said_all & _KINDS & words:
                    continue
                if day >= today and said <= words and (words not in upcoming or day < upcoming[words][1]):
                    upcoming[words] = (len(words - said), day)
    if not upcoming:
        return []
    closest = min(extra for extra, _ in upcoming.values())
    return sorted({day for extra, day in upcoming.values() if extra == closest})


# Any public holiday, by the words for one: "the bank holiday", "next bank holiday monday", "il prossimo
# festivo", "le prochain jour férié", "o próximo feriado"; a weekday said with it, the next one on that weekday.
_ANY_HOLIDAY = re.compile(
    r"(?:(?:the next|the|next|il prossimo|prossimo|il|le prochain|prochain|le|o proximo|proximo|o) )?"
    r"(?:(?P<before>[a-z]+) )??"
    r"(?:bank holiday|public holiday|giorno festivo|festivo|jour ferie|feriado)(?: (?P<after>[a-z]+))?"
)


@functools.cache
def _public_holidays(country: str, year: int) -> tuple[datetime.date, ...]:
    """The country's public holidays of a year (no optional days: Christmas Eve is no "feriado")."""
    import holidays

    if _entity(country) is None:
        return ()
    return tuple(sorted(holidays.country_holidays(country, years=year)))


def any_holiday(text: str, country: str, today: datetime.date) -> datetime.date | None:
    """The next public holiday (today included) that `text` asks for by the words for any one, or None."""
    said = _ANY_HOLIDAY.fullmatch(text)
    if said is None or (said["before"] and said["after"]):
        return None
    weekday_said = said["before"] or said["after"]
    weekday = parse_weekday(weekday_said) if weekday_said else None
    if weekday_said and weekday is None:
        return None  # "the may bank holiday": a holiday of its own name
    for year in (today.year, today.year + 1):
        days = [day for day in _public_holidays(country, year) if day >= today]
        if found := next((day for day in days if weekday is None or day.weekday() == weekday), None):
            return found
    return None
