"""The customer's bookings as list_events lists them: when each starts, and the one a message names by its day or
time, its month or its part of the day."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from concierge.conversations.days_and_times import part_said
from concierge.conversations.message_words import time_tokens
from concierge.conversations.readings import Reading
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


# A part of the day said of a booking ("the lunch one", "my dinner booking", "quella della cena", "celui du soir", "a
# do jantar"), which names it even when a new day follows ("move the lunch one to Sunday")
_PART_OF_A_BOOKING = re.compile(
    r"\b(?:lunch|lunchtime|dinner|evening|morning|afternoon|brunch) (?:one|booking|reservation|table|appointment)\b"
    r"|\b(?:quella|quello|la prenotazione|il tavolo|l appuntamento) (?:del|della|di|a) (?:pranzo|cena|sera|mattina)\b"
    r"|\b(?:celui|celle|la reservation|le rdv|le rendez vous) (?:du|de l|de la) (?:midi|soir|matin|apres midi)\b"
    r"|\b(?:a|o|a reserva|a marcacao) (?:do|da) (?:almoco|jantar|manha|tarde|noite)\b"
)


def part_of_a_booking(folded: str) -> str | None:
    """The part of the day the message says of the booking meant (`PARTS`), not of a new time, or None."""
    said = _PART_OF_A_BOOKING.search(folded)
    return part_said(time_tokens(said.group())) if said else None


def part_picked(listed: list[tuple[str, str]], part: str, venue: Venue) -> tuple[str, str] | None:
    """The only one of the bookings listed in the part of its day said ("the lunch one", "quella della cena",
    "celle du matin"), by the venue's hours that day."""
    in_part = []
    for day, time in listed:
        start, end = part_window(part, range_in_part(venue.ranges_on(dt.date.fromisoformat(day)), part))
        if start <= minutes(time) < end:
            in_part.append((day, time))
    return in_part[0] if len(in_part) == 1 else None


def booking_named(
    choices: list[dict[str, Any]], reading: Reading, venue: Venue, *, part_names_it: bool
) -> dict[str, Any] | None:
    """The one of `choices` the message names: by the first of two days or times said ("from Friday to
    Saturday", "my 7pm booking to 9"), by the day and time said, by the day or the time alone ("move my
    Wednesday booking to 8pm": the day names it, 8pm is the new time), or by its part of the day when
    `part_names_it` ("cancel the lunch one")."""
    if reading.day_from or reading.time_from:
        said = [
            c
            for c in choices
            if (reading.day_from is None or c["day"] == reading.day_from.isoformat())
            and (reading.time_from is None or c["time"] == reading.time_from)
        ]
        return said[0] if len(said) == 1 else None
    matching = [
        c
        for c in choices
        if (reading.day is None or c["day"] == reading.day.isoformat())
        and (reading.time is None or c["time"] == reading.time)
    ]
    if (reading.day or reading.time) and len(matching) == 1:
        return matching[0]
    said_day = reading.day.isoformat() if reading.day else None
    for key, value in (("day", said_day), ("time", reading.time)):
        matching = [c for c in choices if value is not None and c[key] == value]
        if len(matching) == 1:
            return matching[0]
    # a day with none of them is the new day ("move the lunch one to Sunday")
    new_day = not any(c["day"] == said_day for c in choices)
    if reading.part_named and (not reading.day or new_day) and part_names_it:
        listed = [(c["day"], c["time"]) for c in choices]
        if picked := part_picked(listed, reading.part_named, venue):
            return choices[listed.index(picked)]
    return None
