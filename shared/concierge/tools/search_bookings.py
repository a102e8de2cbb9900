"""search_bookings: fuzzy search of a venue's bookings by guest name, phone or booking reference."""

from __future__ import annotations

import datetime as dt

from rapidfuzz import fuzz

from concierge.domain.booking import BookingSummary
from concierge.tools.context import ToolContext, speaker
from concierge.tools.faq import normalise
from concierge.tools.fields import Day, MaxResults, RestaurantId, SearchText, ToolRequest, ToolResponse

MATCH_THRESHOLD = 70
DEFAULT_HORIZON_DAYS = 90


class Request(ToolRequest):
    restaurant_id: RestaurantId
    search_text: SearchText
    date_range_start: Day | None = None
    date_range_end: Day | None = None
    max_results: MaxResults = 5


class Response(ToolResponse):
    count: int
    results: list[BookingSummary]


def score(text: str, name: str, phone: str, booking_id: str) -> float:
    """How well the search text matches a booking: best partial match in the name, phone digits, id prefix."""
    query = normalise(text)
    digits = "".join(c for c in text if c.isdigit())
    best = fuzz.partial_ratio(query, normalise(name))
    if len(digits) >= 4 and digits in phone:
        best = max(best, 100)
    if len(query) >= 4 and booking_id.startswith(query.replace(" ", "")):
        best = max(best, 100)
    return best


def handle(ctx: ToolContext, req: Request) -> Response:
    venue = ctx.venue(req.restaurant_id)
    today = ctx.local_now(venue).date()
    first = dt.date.fromisoformat(req.date_range_start) if req.date_range_start else today
    last = (
        dt.date.fromisoformat(req.date_range_end) if req.date_range_end else first + dt.timedelta(DEFAULT_HORIZON_DAYS)
    )
    say = speaker(venue)
    scored = [
        (score(req.search_text, b.name, b.phone, b.booking_id), b)
        for b in ctx.provider_for(venue).bookings_between(venue, first, last)
    ]
    matches = sorted(
        (pair for pair in scored if pair[0] >= MATCH_THRESHOLD), key=lambda pair: (-pair[0], pair[1].sort_key())
    )[: req.max_results]
    results = [
        BookingSummary(
            booking_id=b.booking_id,
            guest_name=b.name,
            booking_date=b.day,
            booking_time=b.time,
            party_size=b.people,
            status="confirmed",
            display_label=f"{b.name}, {say.day_label(b.day)}, {b.time}, {say.party(b.people)}",
        )
        for _, b in matches
    ]
    return Response(count=len(results), results=results)
