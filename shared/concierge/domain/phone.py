"""Phone numbers to E.164, reading local numbers in the venue's country."""

from __future__ import annotations

from functools import lru_cache

import phonenumbers


class InvalidPhone(ValueError):
    pass


@lru_cache(maxsize=4096)  # a caller's number comes back call after call; parsing it costs more than the query
def to_e164(raw: str, region: str | None) -> str:
    text = raw.strip()
    if text.startswith("00"):
        text = "+" + text[2:]
    try:
        number = phonenumbers.parse(text, None if text.startswith("+") else region)
    except phonenumbers.NumberParseException:
        raise InvalidPhone(f'"{raw}" is not a phone number') from None
    if not phonenumbers.is_valid_number(number):
        raise InvalidPhone(
            f'"{raw}" is not a valid phone number' + ("" if region else " (give it with its +country code)")
        )
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def as_written(e164: str) -> str:
    """The number as people write it, in groups ("+44 20 7123 4567"); as given when it is no number."""
    try:
        number = phonenumbers.parse(e164, None)
    except phonenumbers.NumberParseException:
        return e164
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.INTERNATIONAL)


def example_number(country: str | None) -> str:
    """A mobile number of the country, as a person writes it with its country code ("+39 312 345 6789")."""
    example = phonenumbers.example_number_for_type(country, phonenumbers.PhoneNumberType.MOBILE) if country else None
    if example is None:
        return "+44 7400 123456"
    return phonenumbers.format_number(example, phonenumbers.PhoneNumberFormat.INTERNATIONAL)
