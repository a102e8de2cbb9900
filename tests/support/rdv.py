"""Validate an `rdv` answer against its venue's instantiated seed schema (jsonschema, formats checked)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from concierge.conversations.rdv_schema import rdv_schema
from concierge.domain.venue import Venue
from jsonschema import Draft202012Validator


@lru_cache(maxsize=64)
def _validator(venue_json: str) -> Draft202012Validator:
    schema = rdv_schema(Venue.model_validate_json(venue_json))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def rdv_errors(rdv: dict[str, Any], venue: Venue) -> list[str]:
    return [
        f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}"
        for e in _validator(venue.model_dump_json()).iter_errors(rdv)
    ]


def assert_valid_rdv(rdv: dict[str, Any], venue: Venue) -> None:
    errors = rdv_errors(rdv, venue)
    assert not errors, f"rdv invalid for {venue.id}: {errors}\n{rdv}"
