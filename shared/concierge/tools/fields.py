"""Request field types shared by the tools, with messages a developer can act on."""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from typing import Annotated

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from concierge.domain.errors import ToolError, validation_error

# ASCII digits only: full-width and other digits are NFKC-normalised to these before any check.
_DAY = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
_TIME = re.compile(r"^[0-9]{2}:[0-9]{2}$")
FIRST_YEAR, LAST_YEAR = 2000, 2100  # a booking day outside these years is a typo, not a plan
# The same rules as _day and _time, for the OpenAPI document: exactly the real calendar days of
# 2000-2100 (leap years included) and the 24-hour times, so the document accepts what the code does.
DAY_PATTERN = (
    r"^(?:(?:20[0-9]{2}|2100)-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])"
    r"|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))"
    r"|20(?:0[048]|[2468][048]|[13579][26])-02-29)$"
)
TIME_PATTERN = r"^(?:[01][0-9]|2[0-3]):[0-5][0-9]$"

# Identifiers become store keys (Firestore document ids): no "/", no ".." and no "__x__" can pass.
VENUE_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$"
BOOKING_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$"

# Longest accepted text per kind of field (documented in the README's "Limits").
MAX_NAME = 100
MAX_PHONE = 32
MAX_NOTES = 500
MAX_QUESTION = 300
MAX_SPOKEN_TEXT = 200
MAX_PEOPLE = 1000


def _strip(value: object) -> object:
    return value.strip() if isinstance(value, str) else value


def _day(value: str) -> str:
    if not _DAY.match(value):
        raise ValueError(
            f'"{value[:40]}" is not a date in YYYY-MM-DD (resolve_relative_day reads words like "tomorrow")'
        )
    try:
        day = dt.date.fromisoformat(value)
    except ValueError:
        raise ValueError(f'"{value}" is not a real calendar date') from None
    if not FIRST_YEAR <= day.year <= LAST_YEAR:
        raise ValueError(f'"{value}" is outside the years {FIRST_YEAR} to {LAST_YEAR}')
    return value


def _time(value: str) -> str:
    if not _TIME.match(value) or int(value[:2]) > 23 or int(value[3:]) > 59:
        raise ValueError(
            f'"{value[:40]}" is not a time in HH:MM, 24-hour (resolve_relative_time reads words like "8 pm")'
        )
    return value


def _not_blank(value: str) -> str:
    if not value:
        raise ValueError("must not be empty")
    return value


def _whole_number(value: object) -> object:
    """A number of people is a JSON number: true is not 1 and "4" is not 4 (4.0 is)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError("must be a whole number")
    return value


_NOT_BLANK = {"minLength": 1}  # stated for the OpenAPI document; _not_blank checks it after trimming
# Free text must hold something besides white space, which is trimmed away before _not_blank looks.
_NOT_BLANK_TEXT = {"minLength": 1, "pattern": r"\S"}
_TRIMMED = BeforeValidator(_strip)
_FILLED = AfterValidator(_not_blank)

Text = Annotated[str, Field(json_schema_extra=_NOT_BLANK_TEXT), _TRIMMED, _FILLED]
RestaurantId = Annotated[
    str,
    Field(
        pattern=VENUE_ID_PATTERN,
        json_schema_extra=_NOT_BLANK,
        description='Venue id from the knowledge base, e.g. "roma"',
    ),
    _TRIMMED,
    _FILLED,
]
BookingId = Annotated[
    str,
    Field(
        pattern=BOOKING_ID_PATTERN, json_schema_extra=_NOT_BLANK, description="The booking_id a create_booking answered"
    ),
    _TRIMMED,
    _FILLED,
]
Name = Annotated[str, Field(max_length=MAX_NAME, json_schema_extra=_NOT_BLANK_TEXT), _TRIMMED, _FILLED]
Phone = Annotated[str, Field(max_length=MAX_PHONE, json_schema_extra=_NOT_BLANK_TEXT), _TRIMMED, _FILLED]
Question = Annotated[str, Field(max_length=MAX_QUESTION, json_schema_extra=_NOT_BLANK_TEXT), _TRIMMED, _FILLED]
SpokenText = Annotated[str, Field(max_length=MAX_SPOKEN_TEXT, json_schema_extra=_NOT_BLANK_TEXT), _TRIMMED, _FILLED]
SearchText = Annotated[
    str,
    Field(
        max_length=200, json_schema_extra=_NOT_BLANK_TEXT, description="Guest name, phone or booking reference fragment"
    ),
    _TRIMMED,
    _FILLED,
]
Notes = Annotated[str, Field(max_length=MAX_NOTES)]
Day = Annotated[
    str,
    Field(description="YYYY-MM-DD", examples=["2026-02-19"], json_schema_extra={"pattern": DAY_PATTERN}),
    _TRIMMED,
    AfterValidator(_day),
]
Time = Annotated[
    str,
    Field(
        description="HH:MM, 24-hour, venue local time", examples=["20:30"], json_schema_extra={"pattern": TIME_PATTERN}
    ),
    _TRIMMED,
    AfterValidator(_time),
]
People = Annotated[
    int, Field(ge=1, le=MAX_PEOPLE, description="Party size, at least 1"), BeforeValidator(_whole_number)
]
MaxResults = Annotated[int, Field(ge=1, le=20), BeforeValidator(_whole_number)]


class ToolRequest(BaseModel):
    model_config = ConfigDict(extra="ignore", populate_by_name=True)


class ToolResponse(BaseModel):
    ok: bool = True


def normalised_text(value: object) -> object:
    """NFKC text all the way down (the HTTP layer does it too; MCP and in-process callers rely on this)."""
    if isinstance(value, str):
        return unicodedata.normalize("NFKC", value)
    if isinstance(value, dict):
        return {k: normalised_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normalised_text(v) for v in value]
    return value


def parse_request(model: type[ToolRequest], body: object, normalised: bool = False) -> ToolRequest:
    """Validate a request body, or raise VALIDATION_ERROR naming the first bad field.

    `normalised`: the body's text is NFKC already (the HTTP layer's parse_json did it), not done twice."""
    if not isinstance(body, dict):
        raise ToolError("VALIDATION_ERROR", "The request body must be a JSON object.")
    try:
        return model.model_validate(body if normalised else normalised_text(body))
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"]) or "body"
        if err["type"] == "missing":
            raise validation_error(field, "is required") from None
        raise validation_error(field, err["msg"].removeprefix("Value error, ")) from None
