"""The `rdv` structured answer of every chat turn: the seed's `rdv_json` schema, instantiated per venue.

The server owns this structure (actions, missing fields, slot, session context, metadata); a model,
when there is one, owns only the words (`message`). `rdv_schema(venue)` is the seed's JSON Schema
with the venue's own values in place of the seed's constants:

- `clinic_address` is the venue's `address` (its name when the knowledge base has no address) and
  `timezone` the venue's `timezone`, both `const`;
- phone patterns come from the `phonenumbers` metadata of the venue's country instead of the seed's
  Algerian ones: `patient.phone_e164` is a mobile or fixed-line number of that country, or any E.164
  number of another country (a visitor books with their own number); `clinic_contact.phone_e164` is
  any number of that country. A venue with no known country accepts any E.164 number;
- `care_type` exists only for clinics.

Additive, documented extensions the seed's prose needs but its schema lacks: `appointment_id` (the
seed requires it for RESCHEDULE and CANCEL), `party_size` for restaurants and venues, and the
matching `missing_fields` values; apostrophes in names ("D'Amico"). The per-action required fields
of the seed's "Action Types Reference" are enforced with `if`/`then`.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

import phonenumbers
from anyascii import anyascii

from concierge.domain.venue import Venue

ACTIONS = [
    "SHOW_WELCOME",
    "NEED_INFO",
    "FIND_SLOTS",
    "CREATE",
    "RESCHEDULE",
    "CANCEL",
    "CONFIRMATION",
    "ROUTE_TO_HUMAN",
]
CATEGORIES = [
    "IN_SCOPE",
    "OUT_OF_SCOPE",
    "SENSITIVE_HEALTH",
    "PERSONAL_DATA",
    "PRICING_UNCERTAIN",
    "POLICY_OR_LEGAL",
    "JAILBREAK_OR_SECURITY",
]
CARE_TYPES = [
    "consultation",
    "urgence",
    "detartrage",
    "soin",
    "extraction",
    "prothese",
    "orthodontie",
    "chirurgie",
    "controle",
    "autre",
]
STAGES = ["welcome", "info_collection", "slot_selection", "confirmation", "completed"]
UI_TYPES = ["button", "calendar", "text", "link", "info_card", "contact_card"]
UI_STYLES = ["primary", "secondary", "urgent", "info", "warning"]
SEED_MISSING_FIELDS = ["patient.name", "patient.phone_e164", "slot.start_iso", "slot.end_iso", "reason", "care_type"]
NAME_PATTERN = r"^[A-Za-zÀ-ÿ'’\s\-\.]{2,100}$"
ANY_E164 = r"^\+[1-9]\d{6,14}$"


def beyond_the_pattern(c: str) -> bool:
    """Whether a character comes after the last letter `NAME_PATTERN` takes ("ÿ"): "Ł", "王", "А"."""
    return c > "ÿ"


def in_latin_letters(name: str) -> str:
    """The name with the Latin letters `NAME_PATTERN` has no room for written without their marks
    ("Łukasz" Lukasz, "Ştefan" Stefan; "Zoë Müller" as it is); letters of other scripts are left as they are."""
    return "".join(
        anyascii(c) if beyond_the_pattern(c) and unicodedata.name(c, "").startswith("LATIN") else c for c in name
    )


_SLOT_REQUIRED = {"type": "object", "required": ["start_iso", "end_iso"]}
_PATIENT_COMPLETE = {"type": "object", "required": ["name", "phone_e164"]}
_REQUIRED_BY_ACTION: dict[str, dict[str, Any]] = {
    "SHOW_WELCOME": {"required": ["ui_elements"], "properties": {"ui_elements": {"minItems": 1}}},
    "NEED_INFO": {"required": ["missing_fields", "message"], "properties": {"missing_fields": {"minItems": 1}}},
    "FIND_SLOTS": {"required": ["patient"], "properties": {"patient": _PATIENT_COMPLETE}},
    "CREATE": {"required": ["patient", "slot"], "properties": {"patient": _PATIENT_COMPLETE, "slot": _SLOT_REQUIRED}},
    "CONFIRMATION": {
        "required": ["patient", "slot"],
        "properties": {"patient": _PATIENT_COMPLETE, "slot": _SLOT_REQUIRED},
    },
    "RESCHEDULE": {"required": ["appointment_id"]},
    "CANCEL": {"required": ["appointment_id"]},
    "ROUTE_TO_HUMAN": {"required": ["disposition", "clinic_contact"]},
}


def clinic_address(venue: Venue) -> str:
    return venue.address or venue.name


def missing_field_names(venue: Venue) -> list[str]:
    names = [n for n in SEED_MISSING_FIELDS if n != "care_type" or venue.is_clinic]
    return names + ([] if venue.is_clinic else ["party_size"]) + ["appointment_id"]


@dataclass(frozen=True)
class PhonePatterns:
    patient: str
    contact: str


def phone_patterns(country: str | None) -> PhonePatterns:
    """The seed's phone rules for a country, from libphonenumber's metadata."""
    metadata = phonenumbers.PhoneMetadata.metadata_for_region(country) if country else None
    if metadata is None or metadata.general_desc is None or metadata.country_code is None:
        return PhonePatterns(ANY_E164, ANY_E164)
    code = metadata.country_code
    # Regions sharing the code (GB with Jersey, Guernsey, the Isle of Man) share its numbers.
    sharing = [
        m
        for r in phonenumbers.region_codes_for_country_code(code)
        if (m := phonenumbers.PhoneMetadata.metadata_for_region(r)) is not None
    ]
    personal = [
        desc.national_number_pattern
        for m in sharing
        for desc in (m.mobile, m.fixed_line)
        if desc is not None and desc.national_number_pattern
    ]
    anything = [
        m.general_desc.national_number_pattern
        for m in sharing
        if m.general_desc is not None and m.general_desc.national_number_pattern
    ]
    local = "|".join(f"(?:{p})" for p in dict.fromkeys(personal or anything))
    patient = rf"^\+{code}(?:{local})$|^\+(?!{code})[1-9]\d{{6,14}}$"
    contact = rf"^\+{code}(?:{'|'.join(f'(?:{p})' for p in dict.fromkeys(anything))})$"
    return PhonePatterns(patient, contact)


def rdv_schema(venue: Venue) -> dict[str, Any]:
    """The seed's `rdv_json` input schema for this venue (JSON Schema draft 2020-12)."""
    phones = phone_patterns(venue.country)
    properties: dict[str, Any] = {
        "action": {"type": "string", "enum": ACTIONS},
        "clinic_address": {"type": "string", "const": clinic_address(venue)},
        "timezone": {"type": "string", "const": venue.timezone},
        "patient": {
            "type": "object",
            "properties": {
                "name": {"type": "string", "minLength": 2, "maxLength": 100, "pattern": NAME_PATTERN},
                "phone_e164": {"type": "string", "pattern": phones.patient},
                "patient_id": {"type": "string"},
            },
        },
        "slot": {
            "type": "object",
            "properties": {
                "start_iso": {"type": "string", "format": "date-time"},
                "end_iso": {"type": "string", "format": "date-time"},
                "duration_minutes": {"type": "number", "minimum": 15, "maximum": 180},
            },
        },
        "reason": {"type": "string", "maxLength": 200},
        "appointment_id": {"type": "string", "minLength": 1},
        "missing_fields": {
            "type": "array",
            "uniqueItems": True,
            "items": {"type": "string", "enum": missing_field_names(venue)},
        },
        "clinic_contact": {
            "type": "object",
            "properties": {
                "phone_e164": {"type": "string", "pattern": phones.contact},
                "email": {"type": "string", "format": "email"},
                "contact_available": {"type": "boolean"},
                "business_hours": {"type": "string"},
            },
        },
        "disposition": {
            "type": "object",
            "required": ["category"],
            "properties": {
                "category": {"type": "string", "enum": CATEGORIES},
                "reason": {"type": "string", "maxLength": 500},
                "confidence": {"type": "number", "minimum": 0, "maximum": 1},
                "detected_patterns": {"type": "array", "items": {"type": "string"}},
            },
        },
        "ui_elements": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["type", "label"],
                "properties": {
                    "type": {"type": "string", "enum": UI_TYPES},
                    "label": {"type": "string", "maxLength": 100},
                    "action": {"type": "string"},
                    "data": {"type": "object"},
                    "style": {"type": "string", "enum": UI_STYLES},
                    "accessibility": {
                        "type": "object",
                        "properties": {"aria_label": {"type": "string"}, "role": {"type": "string"}},
                    },
                },
            },
        },
        "message": {"type": "string", "maxLength": 1000},
        "session_context": {
            "type": "object",
            "properties": {
                "attempt_count": {"type": "number", "minimum": 0},
                "last_bot_message": {"type": "string"},
                "collected_info": {
                    "type": "object",
                    "properties": {
                        "has_name": {"type": "boolean"},
                        "has_phone": {"type": "boolean"},
                        "phone_attempt_count": {"type": "number", "minimum": 0},
                        "name_attempt_count": {"type": "number", "minimum": 0},
                    },
                },
                "conversation_stage": {"type": "string", "enum": STAGES},
            },
        },
        "metadata": {
            "type": "object",
            "properties": {
                "timestamp": {"type": "string", "format": "date-time"},
                "model_version": {"type": "string"},
                "response_id": {"type": "string"},
            },
        },
    }
    if venue.is_clinic:
        properties["care_type"] = {"type": "string", "enum": CARE_TYPES}
    else:
        properties["party_size"] = {"type": "integer", "minimum": 1, "maximum": venue.max_people}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"rdv_json for {venue.id}",
        "type": "object",
        "properties": properties,
        "required": ["action", "clinic_address", "timezone"],
        "additionalProperties": False,
        "allOf": [
            {"if": {"properties": {"action": {"const": action}}, "required": ["action"]}, "then": then}
            for action, then in _REQUIRED_BY_ACTION.items()
        ],
    }


# --- the pieces ------------------------------------------------------------------------------------
