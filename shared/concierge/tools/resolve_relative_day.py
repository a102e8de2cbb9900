"""resolve_relative_day: "domani", "next Friday", "dans 3 jours" to a date and its label."""

from __future__ import annotations

from concierge.domain.errors import ToolError
from concierge.parsing.errors import UnsupportedRelativeDay
from concierge.parsing.relative_day import resolve_relative_day
from concierge.tools.context import ToolContext, speaker
from concierge.tools.fields import RestaurantId, SpokenText, ToolRequest, ToolResponse


class Request(ToolRequest):
    restaurant_id: RestaurantId
    text: SpokenText


class Response(ToolResponse):
    date: str
    day_label: str
    ambiguous: bool


def handle(ctx: ToolContext, req: Request) -> Response:
    venue = ctx.venue(req.restaurant_id)
    try:
        resolved = resolve_relative_day(req.text, ctx.local_now(venue).date(), venue.locale)
    except UnsupportedRelativeDay:
        raise ToolError("UNSUPPORTED_RELATIVE_DAY", f'Cannot read a day in "{req.text}".') from None
    return Response(date=resolved.date.isoformat(), day_label=speaker(venue).day_label(resolved.date),
                    ambiguous=resolved.ambiguous)
