"""Request field types shared by the tools, with messages a developer can act on."""

from __future__ import annotations

import datetime as dt
import re
from typing import Annotated

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from concierge.domain.errors import ToolError, validation_error

_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_TIME = re.compile(r"^\d{2}:\d{2}$")


def _strip(value: object) -> object:
    return value.strip() if isinstance(value, str) else value


def _day(value: str) -> str:
    if not _DAY.match(value):
        raise ValueError(f'"{value}" is not a date in YYYY-MM-DD')
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        raise ValueError(f'"{value}" is not a real calendar date') from None
    return value


def _time(value: str) -> str:
    if not _TIME.match(value) or int(value[:2]) > 23 or int(value[3:]) > 59:
        raise ValueError(f'"{value}" is not a time in HH:MM (24-hour)')
    return value


def _not_blank(value: str) -> str:
    if not value:
        raise ValueError("must not be empty")
    return value


Text = Annotated[str, BeforeValidator(_strip), AfterValidator(_not_blank)]
RestaurantId = Annotated[Text, Field(description='Venue id from the knowledge base, e.g. "roma"')]
Day = Annotated[str, BeforeValidator(_strip), AfterValidator(_day),
                Field(description="YYYY-MM-DD", examples=["2026-02-19"])]
Time = Annotated[str, BeforeValidator(_strip), AfterValidator(_time),
                 Field(description="HH:MM, 24-hour, venue local time", examples=["20:30"])]
People = Annotated[int, Field(gt=0, description="Party size, at least 1")]


class ToolRequest(BaseModel):
    model_config = ConfigDict(extra="ignore", populate_by_name=True)


class ToolResponse(BaseModel):
    ok: bool = True


def parse_request(model: type[ToolRequest], body: object) -> ToolRequest:
    """Validate a request body, or raise VALIDATION_ERROR naming the first bad field."""
    if not isinstance(body, dict):
        raise ToolError("VALIDATION_ERROR", "The request body must be a JSON object.")
    try:
        return model.model_validate(body)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"]) or "body"
        if err["type"] == "missing":
            raise validation_error(field, "is required") from None
        raise validation_error(field, err["msg"].removeprefix("Value error, ")) from None
