"""list_bookings: a caller's bookings from today on, by phone number, in time order."""

from __future__ import annotations

from concierge.tools.context import ToolContext, speaker
from concierge.tools.create_booking import normalise_phone
from concierge.tools.fields import RestaurantId, Text, ToolRequest, ToolResponse
from pydantic import BaseModel


class Request(ToolRequest):
    restaurant_id: RestaurantId
    phone: Text


class BookingItem(BaseModel):
    booking_id: str
    day: str
    day_label: str
    time: str
    time_human: str
    people: int
    name: str
    phone: str
    notes: str | None


class Response(ToolResponse):
    count: int
    message: str
    results: list[BookingItem]


def handle(ctx: ToolContext, req: Request) -> Response:
    venue = ctx.venue(req.restaurant_id)
    phone = normalise_phone(req.phone, venue.country)
    today = ctx.local_now(venue).date()
    bookings = sorted(ctx.provider_for(venue).bookings_for_phone(venue, phone, today), key=lambda b: b.sort_key())
    bookings = [b for b in bookings if b.day >= today]
    say = speaker(venue)
    items = [BookingItem(booking_id=b.booking_id, day=b.day.isoformat(), day_label=say.day_label(b.day),
                         time=b.time, time_human=say.time_human(b.time), people=b.people, name=b.name,
                         phone=b.phone, notes=b.notes) for b in bookings]
    return Response(count=len(items), message=say.bookings_found(bookings), results=items)
