"""A booking as every provider hands it to the tools."""

from __future__ import annotations

import datetime as dt

from pydantic import BaseModel, Field


class Booking(BaseModel):
    booking_id: str
    venue_id: str
    day: dt.date
    time: str  # "HH:MM", venue local time
    people: int
    name: str
    phone: str  # E.164
    notes: str | None = None

    def sort_key(self) -> tuple[dt.date, str]:
        return (self.day, self.time)


class BookingDraft(BaseModel):
    """What create_booking asks a provider to write."""

    day: dt.date
    time: str
    people: int
    name: str
    phone: str
    notes: str | None = None
    # the replay key of the call that asks for it: stores that honour it derive the booking id from it
    replay_key: str | None = Field(default=None, exclude=True)


# A booking as a search lists it (no docstring: it would become the OpenAPI schema's description).
class BookingSummary(BaseModel):
    booking_id: str
    guest_name: str
    booking_date: dt.date
    booking_time: str | None = None
    party_size: int | None = None
    status: str | None = None
    display_label: str | None = None
