"""modify_booking: move a booking or change its party size, re-checking every rule."""

from __future__ import annotations

import datetime as dt

from pydantic import AliasChoices, Field, model_validator

from concierge.domain.booking import Booking
from concierge.adapters.store import DayReader
from concierge.tools.booking_view import BookingView, booking_fields
from concierge.tools.booking_rules import admit, refuse_past, refuse_too_many_people, require_capacity_config
from concierge.tools.context import ToolContext, speaker
from concierge.tools.fields import Day, People, RestaurantId, Text, Time, ToolRequest, ToolResponse


class Request(ToolRequest):
    restaurant_id: RestaurantId
    booking_id: Text
    new_day: Day | None = Field(default=None, validation_alias=AliasChoices("new_day", "day"))
    new_time: Time | None = Field(default=None, validation_alias=AliasChoices("new_time", "time"))
    new_people: People | None = Field(default=None, validation_alias=AliasChoices("new_people", "people"))

    @model_validator(mode="after")
    def _something_to_change(self) -> "Request":
        if self.new_day is None and self.new_time is None and self.new_people is None:
            raise ValueError("give at least one of new_day, new_time, new_people")
        return self


class Response(ToolResponse, BookingView):
    message: str


def handle(ctx: ToolContext, req: Request) -> Response:
    venue = ctx.venue(req.restaurant_id)
    local_now = ctx.local_now(venue)
    if req.new_people is not None:
        refuse_too_many_people(venue, req.new_people)
    require_capacity_config(venue)

    seen: list[Booking] = []  # the booking as it was, read inside the atomic step

    def change(current: Booking, day_of: DayReader) -> Booking:
        seen.append(current)
        updated = current.model_copy(update={
            "day": dt.date.fromisoformat(req.new_day) if req.new_day else current.day,
            "time": req.new_time or current.time,
            "people": req.new_people or current.people,
        })
        if (updated.day, updated.time) != (current.day, current.time):
            refuse_past(updated.day, updated.time, local_now)
            others = [b for b in day_of(updated.day) if b.booking_id != current.booking_id]
            admit(venue, updated.day, updated.time, updated.phone, others, local_now)
        return updated

    booking = ctx.provider_for(venue).update(venue, req.booking_id, change)
    say = speaker(venue)
    return Response(**booking_fields(booking, say),
                    message=say.booking_modified(booking, people_changed=seen[-1].people != booking.people))
