"""The manual's calendar tools, over the venue's provider and the booking rules of the voice tools.

A conversation's customer sees and cancels only their own bookings: those made in this
conversation, and, when the channel verified their phone, every booking of that phone. Other
bookings are invisible to list_events and "not found" to cancel_appointment, whatever the
model asks.
"""

from __future__ import annotations

import datetime as dt

from concierge.conversations.state import ConversationState
from concierge.conversations.tool_inputs import (
    BadInput,
    CancelAppointment,
    GetAvailableSlots,
    ListEvents,
    ScheduleAppointment,
    dmy,
    read_day,
    read_range,
    read_time,
)
from concierge.domain.booking import Booking
from concierge.domain.errors import ToolError
from concierge.domain.occupancy import Occupancy
from concierge.domain.openings import day_slots, slot_status
from concierge.domain.phone import InvalidPhone, to_e164
from concierge.domain.venue import hhmm, minutes
from concierge.speech.chat_tools import tool_words
from concierge.tools import cancel_booking, create_booking, modify_booking
from concierge.tools.booking_rules import refuse_too_many_people, require_capacity_config
from concierge.tools.context import ToolContext, now_hhmm


def schedule_appointment(ctx: ToolContext, state: ConversationState, req: ScheduleAppointment) -> dict:
    venue, words = state.venue, tool_words(state.venue.locale)
    day = read_day(req.appointmentDate, venue, state.now.date())
    time = read_time(req.appointmentTime, venue)
    if req.clientPhone and not state.conversation.phone_verified:
        try:
            state.know_phone(to_e164(req.clientPhone, venue.country))
        except InvalidPhone as exc:
            raise BadInput(str(exc)) from None
    if req.replacesEventId is not None:
        return _replace(ctx, state, req, day, time)
    if not state.phone:
        raise BadInput(words.no_phone)
    name = (req.clientFullName or "").strip() or state.client_name()
    if not name:
        raise BadInput(words.no_name)
    notes = " · ".join(part.strip() for part in (req.serviceName, req.careType or "", req.reason or "") if part.strip())
    booking = create_booking.handle(
        ctx,
        create_booking.Request(
            restaurant_id=venue.id,
            day=day.isoformat(),
            time=time,
            people=req.people,
            name=name,
            phone=state.phone,
            notes=notes,
        ),
    )
    state.conversation.booking_ids.append(booking.booking_id)
    if not state.conversation.customer_name:
        state.conversation.customer_name = name
    profile = state.ensure_profile()
    if profile is not None and not profile.preferred_name:
        profile.preferred_name = name
        state.profile_changed = True
    return {
        "success": True,
        "message": words.scheduled,
        "eventId": booking.booking_id,
        "appointmentDate": dmy(day),
        "appointmentTime": time,
    }


def _replace(ctx: ToolContext, state: ConversationState, req: ScheduleAppointment, day: dt.date, time: str) -> dict:
    """The customer's booking `replacesEventId` moved to day/time (and to `people` when given), in one
    change with every rule checked again: refused, it stays as it was; it keeps its id, name and notes."""
    venue, words = state.venue, tool_words(state.venue.locale)
    booking_id = req.replacesEventId or ""
    if not _owns(ctx, state, booking_id):
        raise BadInput(words.not_your_booking)
    people = req.people if "people" in req.model_fields_set else None
    try:
        modify_booking.handle(
            ctx,
            modify_booking.Request(
                restaurant_id=venue.id, booking_id=booking_id, new_day=day.isoformat(), new_time=time, new_people=people
            ),
        )
    except ToolError as exc:
        if exc.code == "BOOKING_NOT_FOUND":
            raise BadInput(words.not_your_booking) from None
        raise
    return {
        "success": True,
        "message": words.changed,
        "eventId": booking_id,
        "appointmentDate": dmy(day),
        "appointmentTime": time,
    }


def _merged(times: list[str], length: int) -> list[dict]:
    spans: list[list[int]] = []
    for t in times:
        start = minutes(t)
        if spans and spans[-1][1] >= start:
            spans[-1][1] = max(spans[-1][1], start + length)
        else:
            spans.append([start, start + length])
    return [{"start": hhmm(a), "end": hhmm(b)} for a, b in spans]


def get_available_slots(ctx: ToolContext, state: ConversationState, req: GetAvailableSlots) -> dict:
    """Each day's hours, the times the venue is full (busySlots) and the bookable start times (freeSlots)."""
    venue, words = state.venue, tool_words(state.venue.locale)
    today = state.now.date()
    first, last = read_range(req, venue, today)
    refuse_too_many_people(venue, req.people)
    require_capacity_config(venue)
    bookings = ctx.provider_for(venue).bookings_between(venue, max(first, today), last) if last >= today else []
    days = []
    day = first
    while day <= last:
        ranges = venue.ranges_on(day)
        of_day = Occupancy.of(b for b in bookings if b.day == day)
        slots = day_slots(venue, day)
        full = [s for s in slots if slot_status(venue, day, s, of_day).reason == "full"]
        not_before = now_hhmm(state.now) if day == today else None
        free = [] if day < today else [s for s in slots if s not in full and (not_before is None or s > not_before)]
        days.append(
            {
                "date": dmy(day),
                "businessHours": ", ".join(f"{r.open}-{r.close}" for r in ranges) or words.closed,
                "busySlots": _merged(full, venue.slot_minutes),
                "freeSlots": free,
            }
        )
        day += dt.timedelta(days=1)
    return {"success": True, "days": days}


def own_bookings(ctx: ToolContext, state: ConversationState, first: dt.date, last: dt.date) -> list[Booking]:
    venue = state.venue
    provider = ctx.provider_for(venue)
    found: dict[str, Booking] = {}
    if state.conversation.phone_verified and state.phone:
        found.update({b.booking_id: b for b in provider.bookings_for_phone(venue, state.phone, first)})
    for booking_id in state.conversation.booking_ids:
        if booking_id not in found:
            try:
                found[booking_id] = provider.get(venue, booking_id)
            except ToolError as exc:
                if exc.code != "BOOKING_NOT_FOUND":
                    raise
    return sorted((b for b in found.values() if first <= b.day <= last), key=Booking.sort_key)


def _stamp(day: dt.date, at_minutes: int) -> str:
    moment = dt.datetime.combine(day, dt.time()) + dt.timedelta(minutes=at_minutes)
    return moment.strftime("%d/%m/%Y %H:%M")


def list_events(ctx: ToolContext, state: ConversationState, req: ListEvents) -> dict:
    venue, words = state.venue, tool_words(state.venue.locale)
    first, last = read_range(req, venue, state.now.date())
    stay = venue.avg_stay_minutes or venue.slot_minutes
    events = [
        {
            "id": b.booking_id,
            "summary": words.busy,
            "start": _stamp(b.day, minutes(b.time)),
            "end": _stamp(b.day, minutes(b.time) + stay),
        }
        for b in own_bookings(ctx, state, first, last)
    ]
    return {"success": True, "events": events}


def _owns(ctx: ToolContext, state: ConversationState, booking_id: str) -> bool:
    if booking_id in state.conversation.booking_ids:
        return True
    if not (state.conversation.phone_verified and state.phone):
        return False
    try:
        return ctx.provider_for(state.venue).get(state.venue, booking_id).phone == state.phone
    except ToolError as exc:
        if exc.code == "BOOKING_NOT_FOUND":
            return False
        raise


def cancel_appointment(ctx: ToolContext, state: ConversationState, req: CancelAppointment) -> dict:
    venue, words = state.venue, tool_words(state.venue.locale)
    if not _owns(ctx, state, req.eventId):
        raise BadInput(words.not_your_booking)
    try:
        cancel_booking.handle(ctx, cancel_booking.Request(restaurant_id=venue.id, booking_id=req.eventId))
    except ToolError as exc:
        if exc.code == "BOOKING_NOT_FOUND":
            raise BadInput(words.not_your_booking) from None
        raise
    return {"success": True, "message": words.cancelled}
