"""modify_booking: move a booking, change its party size or its contact details, re-checking every rule."""

from __future__ import annotations

import datetime as dt

from pydantic import ConfigDict, AliasChoices, Field, model_validator

from concierge.domain.booking import Booking
from concierge.adapters.store import DayReader
from concierge.tools.booking_view import BookingView, booking_fields
from concierge.tools.booking_rules import admit, refuse_past, refuse_too_many_people, require_capacity_config
from concierge.tools.context import ToolContext, speaker
from concierge.tools.create_booking import normalise_phone
from concierge.tools.fields import (
    BookingId,
    Day,
    Name,
    Notes,
    People,
    Phone,
    RestaurantId,
    Time,
    ToolRequest,
    ToolResponse,
)


ALIASES = {"day": "new_day", "time": "new_time", "people": "new_people"}
CHANGES = ("new_day", "new_time", "new_people", "name", "phone", "notes", *ALIASES)


def _document(schema: dict) -> None:
    """The aliases the code accepts, and at least one change that is not null (what _something_to_change checks)."""
    for alias, name in ALIASES.items():
        schema["properties"][alias] = {**schema["properties"][name], "title": f"{alias} (same as {name})"}
    schema["anyOf"] = [{"required": [name], "properties": {name: {"not": {"type": "null"}}}} for name in CHANGES]


class Request(ToolRequest):
    model_config = ConfigDict(**ToolRequest.model_config, json_schema_extra=_document)

    restaurant_id: RestaurantId
    booking_id: BookingId
    new_day: Day | None = Field(default=None, validation_alias=AliasChoices("new_day", "day"))
    new_time: Time | None = Field(default=None, validation_alias=AliasChoices("new_time", "time"))
    new_people: People | None = Field(default=None, validation_alias=AliasChoices("new_people", "people"))
    name: Name | None = Field(default=None, description="New name the booking is under")
    phone: Phone | None = Field(default=None, description="New contact phone")
    notes: Notes | None = Field(default=None, description="New notes; an empty string clears them")

    @model_validator(mode="before")
    @classmethod
    def _an_alias_fills_a_null(cls, data: object) -> object:
        """`{"new_people": null, "people": 3}` changes the party size: a null name does not hide its alias."""
        if isinstance(data, dict):
            for alias, name in ALIASES.items():
                if data.get(name) is None and data.get(alias) is not None:
                    data = {**data, name: data[alias]}
        return data

    @model_validator(mode="after")
    def _something_to_change(self) -> "Request":
        if all(v is None for v in (self.new_day, self.new_time, self.new_people, self.name, self.phone, self.notes)):
            raise ValueError("give at least one of new_day, new_time, new_people, name, phone, notes")
        return self


class Response(ToolResponse, BookingView):
    message: str


def handle(ctx: ToolContext, req: Request) -> Response:
    venue = ctx.venue(req.restaurant_id)
    local_now = ctx.local_now(venue)
    if req.new_people is not None:
        refuse_too_many_people(venue, req.new_people)
    require_capacity_config(venue)
    phone = normalise_phone(req.phone, venue.country) if req.phone is not None else None

    seen: list[Booking] = []  # the booking as it was, read inside the atomic step

    def change(current: Booking, day_of: DayReader) -> Booking:
        seen.append(current)
        updated = current.model_copy(
            update={
                "day": dt.date.fromisoformat(req.new_day) if req.new_day else current.day,
                "time": req.new_time or current.time,
                "people": req.new_people or current.people,
                "name": req.name or current.name,
                "phone": phone or current.phone,
                "notes": current.notes if req.notes is None else (req.notes.strip() or None),
            }
        )
        if (updated.day, updated.time, updated.phone) != (current.day, current.time, current.phone):
            refuse_past(updated.day, updated.time, local_now)
            target = day_of(updated.day)
            others = target.without(current) if updated.day == current.day else target
            admit(venue, updated.day, updated.time, updated.phone, others, local_now)
        return updated

    booking = ctx.provider_for(venue).update(venue, req.booking_id, change)
    say = speaker(venue)
    return Response(
        **booking_fields(booking, say),
        message=say.booking_modified(booking, people_changed=seen[-1].people != booking.people),
    )
