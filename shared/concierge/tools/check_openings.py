"""check_openings: is a day open, which slots, and is a given time free."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import Field

from concierge.domain.errors import ToolError, validation_error
from concierge.domain.openings import day_slots, nearest_free_slots, next_open_day, slot_status
from concierge.domain.venue import Venue
from concierge.parsing.weekdays import parse_weekday
from concierge.tools.booking_rules import require_capacity_config
from concierge.tools.context import ToolContext, now_hhmm, speaker
from concierge.tools.fields import Day, RestaurantId, Time, ToolRequest, ToolResponse


class Request(ToolRequest):
    restaurant_id: RestaurantId
    day: Day
    time: Time | None = None
    expected_weekday: str | None = Field(
        default=None, max_length=20, description='Weekday the caller said, e.g. "giovedì"'
    )


class Response(ToolResponse):
    restaurant_id: str
    day: str
    day_label: str
    closed: bool
    slots: list[str]
    lunch_range: list[str] | None
    dinner_range: list[str] | None
    ranges: dict[str, list[str]] = Field(description="Every opening range of the day by name (HTTP only)")
    requested_time: str | None
    time_human: str | None
    available: bool | None
    reason: Literal["closed", "not_in_openings", "cutoff", "full"] | None
    nearest_slots: list[str]
    nearest_slots_human: list[str] | None
    max_people: int
    message: str
    next_open_day: str | None = None
    next_open_day_label: str | None = None
    next_open_ranges: dict[str, str | None] | None = None


OMIT_WHEN_NONE = {"next_open_day", "next_open_day_label", "next_open_ranges"}


def _check_weekday(venue: Venue, day: dt.date, expected: str, today: dt.date) -> None:
    weekday = parse_weekday(expected)
    if weekday is None:
        raise validation_error("expected_weekday", f'"{expected}" is not a weekday')
    if weekday == day.weekday():
        return
    corrected = today + dt.timedelta(days=(weekday - today.weekday()) % 7)
    say = speaker(venue)
    raise ToolError(
        "WEEKDAY_MISMATCH",
        say.weekday_mismatch(day, weekday, corrected),
        corrected_day=corrected.isoformat(),
        corrected_day_label=say.day_label(corrected),
    )


def handle(ctx: ToolContext, req: Request) -> Response:
    venue = ctx.venue(req.restaurant_id)
    say = speaker(venue)
    local_now = ctx.local_now(venue)
    today = local_now.date()
    day = dt.date.fromisoformat(req.day)
    if req.expected_weekday:
        _check_weekday(venue, day, req.expected_weekday, today)
    if day < today:
        raise ToolError("PAST_DATE", say.past_date())
    if req.time and day == today and req.time < now_hhmm(local_now):
        raise ToolError("PAST_TIME", say.past_time())

    ranges = venue.ranges_on(day)
    by_name = {r.name: [r.open, r.close] for r in ranges}
    answer = dict(
        restaurant_id=venue.id,
        day=req.day,
        day_label=say.day_label(day),
        closed=not ranges,
        slots=day_slots(venue, day),
        lunch_range=by_name.get("lunch"),
        dinner_range=by_name.get("dinner"),
        ranges=by_name,
        requested_time=req.time,
        time_human=say.time_human(req.time) if req.time else None,
        available=None,
        reason=None,
        nearest_slots=[],
        nearest_slots_human=None,
        max_people=venue.max_people,
    )

    if not ranges:
        following = next_open_day(venue, day)
        following_ranges = venue.ranges_on(following) if following else []
        answer.update(message=say.closed(day, venue.closed_weekly_on(day), following, following_ranges))
        if req.time:
            answer.update(available=False, reason="closed")
        if following:
            named = {"lunch": None, "dinner": None} | {
                r.name: say.range_value(r.open, r.close) for r in following_ranges
            }
            answer.update(
                next_open_day=following.isoformat(),
                next_open_day_label=say.day_label(following),
                next_open_ranges=named,
            )
        return Response(**answer)

    if not req.time:
        answer.update(message=say.opening_hours(ranges))
        return Response(**answer)

    require_capacity_config(venue)
    try:
        occupancy = ctx.provider_for(venue).occupancy_on(venue, day)
    except ToolError as exc:
        raise ToolError("CAPACITY_READ_ERROR", f"Could not read the day's bookings: {exc.message}") from None
    status = slot_status(venue, day, req.time, occupancy)
    if status.available:
        answer.update(available=True, message=say.available())
        return Response(**answer)
    nearest = nearest_free_slots(venue, day, req.time, occupancy, now_hhmm(local_now) if day == today else None)
    message = {"not_in_openings": say.not_in_openings, "cutoff": say.cutoff, "full": say.full}[status.reason](nearest)
    answer.update(
        available=False,
        reason=status.reason,
        nearest_slots=nearest,
        nearest_slots_human=[say.time_human(s) for s in nearest] or None,
        message=message,
    )
    return Response(**answer)
