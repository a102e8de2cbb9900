"""cancel_booking: cancel an active booking; a second cancel is BOOKING_NOT_FOUND."""

from __future__ import annotations

from concierge.tools.context import ToolContext, speaker
from concierge.tools.fields import BookingId, RestaurantId, ToolRequest, ToolResponse


class Request(ToolRequest):
    restaurant_id: RestaurantId
    booking_id: BookingId


class Response(ToolResponse):
    booking_id: str
    message: str


def handle(ctx: ToolContext, req: Request) -> Response:
    venue = ctx.venue(req.restaurant_id)
    ctx.provider_for(venue).cancel(venue, req.booking_id)
    return Response(booking_id=req.booking_id, message=speaker(venue).booking_cancelled())
