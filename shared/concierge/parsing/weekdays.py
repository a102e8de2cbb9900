"""Weekday names in any supported language, to a weekday number (0 = Monday)."""

from concierge.parsing.text import fold
from concierge.speech.names import LOCALES, WEEKDAYS

# English abbreviations beyond the three-letter ones derived below.
_EXTRA_ABBREVIATIONS = {"tues": 1, "weds": 2, "thur": 3, "thurs": 3}


def _build_table() -> dict[str, int]:
    table = dict(_EXTRA_ABBREVIATIONS)
    for locale in LOCALES:
        for index, name in enumerate(WEEKDAYS[locale]):
            folded = fold(name)
            table[folded] = index
            if locale == "pt":  # "quinta-feira" is usually just "quinta"
                table[folded.removesuffix(" feira")] = index
            if locale == "en":
                table[folded[:3]] = index
    return table


_TABLE = _build_table()


def parse_weekday(text: str) -> int | None:
    """0 (Monday) to 6 (Sunday) for a weekday name, or None if the text is not one."""
    return _TABLE.get(fold(text))
