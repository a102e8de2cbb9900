"""create_booking: check hours, party size, duplicates and capacity, and write, atomically."""

from __future__ import annotations

import datetime as dt

from pydantic import Field

from concierge.domain.booking import BookingDraft
from concierge.domain.errors import validation_error
from concierge.domain.replays import current_replay_key
from concierge.domain.phone import InvalidPhone, to_e164
from concierge.tools.booking_view import BookingView, booking_fields
from concierge.tools.booking_rules import admit, refuse_past, refuse_too_many_people, require_capacity_config
from concierge.tools.context import ToolContext, speaker
from concierge.tools.fields import Day, Name, Notes, People, Phone, RestaurantId, Time, ToolRequest, ToolResponse


# Filled from the caller's number an agent platform sends, when the arguments have none.
CALLER_PHONE_FIELD = "phone"


class Request(ToolRequest):
    restaurant_id: RestaurantId
    day: Day
    time: Time
    people: People
    name: Name = Field(description="Name the booking is under")
    phone: Phone = Field(description="E.164, or a local number of the venue's country")
    notes: Notes | None = None


class Response(ToolResponse, BookingView):
    message: str


def normalise_phone(raw: str, region: str | None) -> str:
    try:
        return to_e164(raw, region)
    except InvalidPhone as exc:
        raise validation_error("phone", str(exc)) from None


def handle(ctx: ToolContext, req: Request) -> Response:
    venue = ctx.venue(req.restaurant_id)
    phone = normalise_phone(req.phone, venue.country)
    day = dt.date.fromisoformat(req.day)
    local_now = ctx.local_now(venue)
    refuse_past(day, req.time, local_now)
    refuse_too_many_people(venue, req.people)
    require_capacity_config(venue)
    draft = BookingDraft(
        day=day,
        time=req.time,
        people=req.people,
        name=req.name,
        phone=phone,
        notes=(req.notes or "").strip() or None,
        replay_key=current_replay_key(),
    )
    booking = ctx.provider_for(venue).create(
        venue, draft, lambda bookings: admit(venue, day, req.time, phone, bookings, local_now)
    )
    say = speaker(venue)
    return Response(**booking_fields(booking, say), message=say.booking_confirmed(booking))
