"""The bookings pages: a venue's day (and the days after), with create, move and cancel.

Each change goes through the booking tool the agents call (create_booking, modify_booking,
cancel_booking) with the same rules and refusals; a form carries a one-off replay key, so sending
it twice (a double click, a reload) changes the booking once.
"""

from __future__ import annotations

import datetime as dt
import secrets
from typing import Any

from flask import Blueprint, abort, render_template, request

from concierge.domain.venue import Venue
from concierge.web.console.services import ConsoleServices, Refused
from concierge.web.console.words import describe_refusal

DAYS_AHEAD = 7


def _venue(services: ConsoleServices, venue_id: str) -> Venue:
    venue = services.venue(venue_id)
    if venue is None:
        abort(404, description=f'No venue "{venue_id[:64]}".')
    return venue


def _day(text: str | None, today: dt.date) -> tuple[dt.date, str | None]:
    if not text:
        return today, None
    try:
        return dt.date.fromisoformat(text), None
    except ValueError:
        return today, f'"{text[:20]}" is not a day (YYYY-MM-DD); showing today.'


def _people(text: str) -> int | str:
    text = text.strip()
    return int(text) if text.isdigit() and len(text) < 4 else text


def add_routes(bp: Blueprint, services: ConsoleServices) -> None:
    from concierge.web.console import signed_in

    def page(venue: Venue, day: dt.date, status: int = 200, **shown: Any) -> tuple[str, int]:
        today = services.today(venue)
        bookings, unreadable = [], None
        try:
            bookings = services.bookings_on(venue, day)
        except Refused as refusal:
            unreadable = describe_refusal("read the bookings", refusal)
        days = [today + dt.timedelta(days=n) for n in range(DAYS_AHEAD)]
        return render_template(
            "console/bookings.html",
            venue=venue,
            day=day,
            today=today,
            days=days,
            previous_day=day - dt.timedelta(days=1),
            next_day=day + dt.timedelta(days=1),
            bookings=bookings,
            unreadable=unreadable,
            replay_key=secrets.token_urlsafe(16),
            form=shown.pop("form", {}),
            **shown,
        ), status

    def _done(venue: Venue, day: dt.date, action: str, call: str, args: dict[str, Any]) -> tuple[str, int]:
        try:
            answer = services.tool(call, {"restaurant_id": venue.id, **args}, request.form.get("replay_key"))
        except Refused as refusal:
            return page(venue, day, 422, error=describe_refusal(action, refusal), form=dict(request.form))
        return page(venue, day, notice=answer.get("message") or "Done.")

    @bp.get("/venues/<venue_id>/bookings")
    @signed_in
    def bookings(venue_id: str) -> tuple[str, int]:
        venue = _venue(services, venue_id)
        day, problem = _day(request.args.get("day"), services.today(venue))
        return page(venue, day, error=problem)

    @bp.post("/venues/<venue_id>/bookings")
    @signed_in
    def create(venue_id: str) -> tuple[str, int]:
        venue = _venue(services, venue_id)
        form = request.form
        day, _ = _day(form.get("day"), services.today(venue))
        args: dict[str, Any] = {
            "day": form.get("day", ""),
            "time": form.get("time", ""),
            "people": _people(form.get("people", "")),
            "name": form.get("name", ""),
            "phone": form.get("phone", ""),
        }
        if (form.get("notes") or "").strip():
            args["notes"] = form["notes"]
        return _done(venue, day, "create the booking", "create_booking", args)

    @bp.post("/venues/<venue_id>/bookings/<booking_id>/move")
    @signed_in
    def move(venue_id: str, booking_id: str) -> tuple[str, int]:
        venue = _venue(services, venue_id)
        form = request.form
        shown_day, _ = _day(form.get("shown_day"), services.today(venue))
        args: dict[str, Any] = {"booking_id": booking_id}
        for field, key in (("new_day", "day"), ("new_time", "time")):
            if (form.get(key) or "").strip():
                args[field] = form[key].strip()
        if (form.get("people") or "").strip():
            args["new_people"] = _people(form["people"])
        return _done(venue, shown_day, f"move booking {booking_id[:40]}", "modify_booking", args)

    @bp.post("/venues/<venue_id>/bookings/<booking_id>/cancel")
    @signed_in
    def cancel(venue_id: str, booking_id: str) -> tuple[str, int]:
        venue = _venue(services, venue_id)
        shown_day, _ = _day(request.form.get("shown_day"), services.today(venue))
        args = {"booking_id": booking_id}
        return _done(venue, shown_day, f"cancel booking {booking_id[:40]}", "cancel_booking", args)
