"""get_booking: one active booking by id (what a plan reads before changing it)."""

from __future__ import annotations

from concierge.tools.booking_view import BookingView, booking_fields
from concierge.tools.context import ToolContext, speaker
from concierge.tools.fields import BookingId, RestaurantId, ToolRequest, ToolResponse


class Request(ToolRequest):
    restaurant_id: RestaurantId
    booking_id: BookingId


class Response(ToolResponse, BookingView):
    notes: str | None


def handle(ctx: ToolContext, req: Request) -> Response:
    venue = ctx.venue(req.restaurant_id)
    booking = ctx.provider_for(venue).get(venue, req.booking_id)
    return Response(**booking_fields(booking, speaker(venue)), notes=booking.notes)
