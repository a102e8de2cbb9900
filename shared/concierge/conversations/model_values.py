"""The values the model writes in its tool requests, and the tools' answers it passes on, read leniently:
each is None when it is not one (the model may write anything), so the rdv only ever carries valid values.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from concierge.conversations.rdv import Slot
from concierge.domain.phone import InvalidPhone, to_e164
from concierge.domain.venue import Venue


def dmy_date(value: Any) -> dt.date | None:
    """A DD/MM/YYYY date (the manual's format), when it is one."""
    try:
        return dt.datetime.strptime(str(value), "%d/%m/%Y").date()
    except ValueError:
        return None


def integer(value: Any) -> int | None:
    """An integer, when it is one (a boolean is not)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def e164_phone(value: Any, venue: Venue) -> str | None:
    """A phone the model gave, in E.164, when it is one."""
    if not isinstance(value, str):
        return None
    try:
        return to_e164(value, venue.country)
    except InvalidPhone:
        return None


def booked_slot(venue: Venue, params: dict[str, Any]) -> Slot | None:
    """The slot schedule_appointment's `appointmentDate` and `appointmentTime` name, when they name one."""
    day = dmy_date(params.get("appointmentDate"))
    time = str(params.get("appointmentTime") or "")
    try:
        return Slot.at(venue, day, time) if day else None
    except ValueError:
        return None
