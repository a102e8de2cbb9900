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
