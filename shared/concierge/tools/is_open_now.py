"""is_open_now: whether the venue is open at this minute, and when it opens next today."""

from __future__ import annotations

from concierge.domain.openings import is_open_at, next_opening_today
from concierge.tools.context import ToolContext
from concierge.tools.fields import RestaurantId, ToolRequest, ToolResponse


class Request(ToolRequest):
    restaurant_id: RestaurantId


class Response(ToolResponse):
    open_now: bool
    next_opening_time: str | None


def handle(ctx: ToolContext, req: Request) -> Response:
    venue = ctx.venue(req.restaurant_id)
    local_now = ctx.local_now(venue)
    if is_open_at(venue, local_now):
        return Response(open_now=True, next_opening_time=None)
    return Response(open_now=False, next_opening_time=next_opening_today(venue, local_now))
