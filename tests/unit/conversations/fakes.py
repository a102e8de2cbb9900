"""A hand-written fake of our own ToolRunner port: the manual's tools over an in-memory diary.

It keeps the rules the agents rely on: free times are the venue's slots (`day_slots`, as the real tools), one booking
per time, a customer sees, cancels and replaces only their own bookings, handover and tags recorded.
"""

from __future__ import annotations

import datetime as dt
import itertools
from dataclasses import dataclass, field
from typing import Any

from concierge.domain.openings import day_slots
from concierge.domain.phone import to_e164
from concierge.domain.venue import Venue, hhmm, minutes


@dataclass
class FakeBooking:
    id: str
    day: dt.date
    time: str
    name: str
    phone: str | None
    people: int | None = None
    reason: str | None = None
    care_type: str | None = None


@dataclass
class FakeTools:
    venue: Venue
    phone: str | None = "+393471234567"  # the conversation's customer
    bookings: list[FakeBooking] = field(default_factory=list)
    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    handed_over: bool = False
    tags: list[str] = field(default_factory=list)
    fail: dict[str, str] = field(default_factory=dict)  # tool -> error to return
    _ids: Any = field(default_factory=lambda: itertools.count(1))

    def __call__(self, name: str, params: dict[str, Any]) -> dict[str, Any]:
        self.calls.append((name, dict(params)))
        if name in self.fail:
            return {"success": False, "error": self.fail[name]}
        return getattr(self, name)(**params)

    def names(self) -> list[str]:
        return [name for name, _ in self.calls]

    def book(self, day: dt.date, time: str, phone: str | None = None, name: str = "Someone") -> FakeBooking:
        booking = FakeBooking(f"ev{next(self._ids)}", day, time, name, phone)
        self.bookings.append(booking)
        return booking

    # --- the tools

    def get_available_slots(self, startDate: str, endDate: str, people: int = 1) -> dict[str, Any]:
        if people > self.venue.max_people:
            return {"success": False, "error": f"at most {self.venue.max_people} people"}
        start, end = _date(startDate), _date(endDate)
        days = []
        day = start
        while day <= end:
            ranges = self.venue.ranges_on(day)
            free, busy = [], []
            for slot in day_slots(self.venue, day):
                (busy if self._taken(day, slot) else free).append(slot)
            days.append(
                {
                    "date": day.strftime("%d/%m/%Y"),
                    "businessHours": ", ".join(f"{r.open}-{r.close}" for r in ranges) or "Fechado",
                    "busySlots": [{"start": b, "end": hhmm(minutes(b) + self.venue.slot_minutes)} for b in busy],
                    "freeSlots": free,
                }
            )
            day += dt.timedelta(days=1)
        return {"success": True, "days": days}

    def _taken(self, day: dt.date, time: str) -> bool:
        return any(b.day == day and b.time == time for b in self.bookings)

    def schedule_appointment(
        self,
        serviceName: str,
        appointmentDate: str,
        appointmentTime: str,
        clientFullName: str | None = None,
        people: int | None = None,
        clientPhone: str | None = None,
        reason: str | None = None,
        careType: str | None = None,
        replacesEventId: str | None = None,
    ) -> dict[str, Any]:
        day = _date(appointmentDate)
        replaced = next((b for b in self.bookings if b.id == replacesEventId and b.phone == self.phone), None)
        if replacesEventId is not None and replaced is None:
            return {"success": False, "error": "not your booking"}
        if appointmentTime not in day_slots(self.venue, day):
            return {"success": False, "error": "no booking at that time"}
        if any(b.day == day and b.time == appointmentTime and b is not replaced for b in self.bookings):
            return {"success": False, "error": "that time is taken"}
        if replaced is not None:  # moved, or its party changed, in one change; it keeps its id
            replaced.day, replaced.time = day, appointmentTime
            replaced.people = people or replaced.people
            return {"success": True, "message": "Booking changed.", "eventId": replaced.id}
        phone = to_e164(clientPhone, self.venue.country) if clientPhone else self.phone
        booking = self.book(day, appointmentTime, phone, clientFullName or "?")
        booking.people, booking.reason, booking.care_type = people, reason, careType
        return {"success": True, "message": "Booking saved.", "eventId": booking.id}

    def list_events(self, startDate: str, endDate: str) -> dict[str, Any]:
        start, end = _date(startDate), _date(endDate)
        if (end - start).days >= 31:
            return {"success": False, "error": "at most 31 days"}
        own = sorted(
            (b for b in self.bookings if b.phone == self.phone and start <= b.day <= end), key=lambda b: (b.day, b.time)
        )
        return {
            "success": True,
            "events": [
                {
                    "id": b.id,
                    "summary": "Busy",
                    "start": f"{b.day:%d/%m/%Y} {b.time}",
                    "end": f"{b.day:%d/%m/%Y} {hhmm(minutes(b.time) + 30)}",
                }
                for b in own
            ],
        }

    def cancel_appointment(self, eventId: str) -> dict[str, Any]:
        for b in self.bookings:
            if b.id == eventId and b.phone == self.phone:
                self.bookings.remove(b)
                return {"success": True, "message": "The booking was cancelled."}
        return {"success": False, "error": "no booking of yours with that id"}

    def request_human_support(self, reason: str) -> dict[str, Any]:
        self.handed_over = True
        return {"success": True, "message": "The conversation was handed over to a person."}

    def update_conversation_tags(self, tags: list[str]) -> dict[str, Any]:
        self.tags += [t for t in tags if t not in self.tags]
        return {"success": True, "message": "Tags saved."}

    def update_client_info(self, **fields: Any) -> dict[str, Any]:
        return {"success": True, "message": "Saved."}

    def end_conversation(self, reason: str | None = None) -> dict[str, Any]:
        return {"success": True, "message": "Archived."}

    def summarize_conversation(self) -> dict[str, Any]:
        return {"success": True, "message": "Summary saved."}


def _date(text: str) -> dt.date:
    return dt.datetime.strptime(text, "%d/%m/%Y").date()
