"""list_bookings: a caller's bookings from today on, by phone number, in time order."""

from __future__ import annotations

from concierge.tools.booking_view import BookingView, booking_fields
from concierge.tools.context import ToolContext, speaker
from concierge.tools.create_booking import normalise_phone
from concierge.tools.fields import Phone, RestaurantId, ToolRequest, ToolResponse


# Filled from the caller's number an agent platform sends, when the arguments have none.
CALLER_PHONE_FIELD = "phone"


class Request(ToolRequest):
    restaurant_id: RestaurantId
    phone: Phone


class BookingItem(BookingView):
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
    items = [BookingItem(**booking_fields(b, say), notes=b.notes) for b in bookings]
    return Response(count=len(items), message=say.bookings_found(bookings), results=items)
