"""The customer's bookings as list_events lists them: when each starts, and the one a message picks by its month
or its part of the day."""

from __future__ import annotations

import datetime as dt
from typing import Any

from concierge.conversations.message_words import time_tokens
from concierge.domain.venue import Venue, minutes
from concierge.parsing.day_parts import part_window, range_in_part
from concierge.parsing.day_tokens import month_numbers


def event_start(value: Any, venue: Venue) -> tuple[dt.date, str] | None:
    """A list_events start ("DD/MM/YYYY HH:mm" or ISO 8601) as the venue's local date and time."""
    if not isinstance(value, str):
        return None
    for pattern in ("%d/%m/%Y %H:%M", "%d/%m/%Y, %H:%M", "%d/%m/%Y %Hh%M"):
        try:
            parsed = dt.datetime.strptime(value.strip(), pattern)
            return parsed.date(), parsed.strftime("%H:%M")
        except ValueError:
            continue
    try:
        parsed = dt.datetime.fromisoformat(value)
    except ValueError:
        return None
    if parsed.tzinfo is not None:
        parsed = parsed.astimezone(venue.tz)
    return parsed.date(), parsed.strftime("%H:%M")


def month_picked(listed: list[tuple[str, str]], text: str, short: bool = True) -> tuple[str, str] | None:
    """The only one of the bookings listed in the month the message names ("the December one", "quella di
    dicembre", "celui de décembre"); only in a short message, unless `short` is False (a longer answer may
    name a new day: "to December 12")."""
    tokens = time_tokens(text)
    said = {month_numbers()[token] for token in tokens if token in month_numbers()}
    in_month = [(day, time) for day, time in listed if int(day[5:7]) in said]
    if len(said) != 1 or len(in_month) != 1 or (short and len(tokens) > 4):
        return None
    return in_month[0]


def part_picked(listed: list[tuple[str, str]], part: str, venue: Venue) -> tuple[str, str] | None:
    """The only one of the bookings listed in the part of its day said ("the lunch one", "quella della cena",
    "celle du matin"), by the venue's hours that day."""
    in_part = []
    for day, time in listed:
        start, end = part_window(part, range_in_part(venue.ranges_on(dt.date.fromisoformat(day)), part))
        if start <= minutes(time) < end:
            in_part.append((day, time))
    return in_part[0] if len(in_part) == 1 else None
