"""A booking as the tools show it: ISO fields beside their spoken forms."""

from __future__ import annotations

from pydantic import BaseModel

from concierge.domain.booking import Booking
from concierge.speech import Phrases


class BookingView(BaseModel):
    booking_id: str
    day: str
    day_label: str
    time: str
    time_human: str
    people: int
    name: str
    phone: str


def booking_fields(booking: Booking, say: Phrases) -> dict:
    return dict(
        booking_id=booking.booking_id,
        day=booking.day.isoformat(),
        day_label=say.day_label(booking.day),
        time=booking.time,
        time_human=say.time_human(booking.time),
        people=booking.people,
        name=booking.name,
        phone=booking.phone,
    )
