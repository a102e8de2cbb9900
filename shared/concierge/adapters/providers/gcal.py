"""Google Calendar provider: a venue's bookings are events on its calendar (Calendar API v3 over httpx).

Our events keep their data in `extendedProperties.private` (a marker, the venue, phone, people, name,
notes); day and time are read back from the event's start, so staff may drag a booking in the
calendar. Any other event still takes time: `bookings_on` returns it as busy bookings with a neutral,
localised name and no contact details, so a caller never learns who or what it is (the "Compromisso
Ocupado" rule). Only our own events can be listed by phone, fetched, changed or cancelled.

The calendar has no transactions. `create` re-reads the day after writing and withdraws its event if an
earlier-created one now makes it a duplicate or overfull (two racing writers: the later one yields);
`update` writes with the event's ETag (If-Match) so a concurrent edit of the same booking is retried.
A `lease` (the store's lease factory), when given, also serialises writers to one calendar.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import re
from contextlib import nullcontext
from typing import Any, ContextManager, Mapping
from urllib.parse import quote

from concierge.adapters.leases import Lease
from concierge.adapters.providers import BookingProvider
from concierge.adapters.providers.gcal_api import (
    CalendarApi,
    Changed,
    Gone,
    Malformed,
    NotConfigured,
    Unavailable,
    as_port_errors,
)
from concierge.adapters.providers.gcal_events import (
    BUSY_NAME,
    Entry,
    busy_tiles,
    day_bounds,
    event_body,
    event_time,
    is_own,
    own_entry,
    phone_key,
)
from concierge.adapters.store import Admit, Change
from concierge.domain.booking import Booking, BookingDraft
from concierge.domain.errors import ToolError
from concierge.domain.seen_day import SeenDay
from concierge.domain.venue import Venue

log = logging.getLogger(__name__)

MAX_PAGES = 40
WRITE_RETRIES = 3  # read-change-write rounds when the event changed in between (HTTP 412)
EVENT_ID = re.compile(r"^[A-Za-z0-9_-]{1,1024}$")


class GoogleCalendarProvider(BookingProvider):
    needs = ("lease",)

    def __init__(self, config: Mapping[str, Any], env: Mapping[str, str], *, lease: Lease | None = None) -> None:
        self.calendar_id = config.get("calendar_id")
        self.busy_calendar_ids = list(config.get("busy_calendar_ids") or [])
        self.api = CalendarApi(config, env)
        self.lease = lease

    # --- reads ------------------------------------------------------------------------------------
    def bookings_on(self, venue: Venue, day: dt.date) -> list[Booking]:
        """Our bookings and, as neutral busy bookings, every other event or busy time of the day."""
        with as_port_errors(venue):
            return [e.booking for e in self._read_days(venue, day, day)]

    def bookings_for_phone(self, venue: Venue, phone: str, from_day: dt.date) -> list[Booking]:
        with as_port_errors(venue):
            time_min = dt.datetime.combine(from_day, dt.time(), venue.tz)
            events = self._list(
                venue,
                time_min,
                None,
                own_only=True,
                extra=[("privateExtendedProperty", f"concierge_phone_key={phone_key(venue, phone)}")],
            )
            entries = [own_entry(venue, e) for e in events if is_own(venue, e)]
            return [e.booking for e in entries if e.booking.phone == phone and e.booking.day >= from_day]

    def bookings_between(self, venue: Venue, first_day: dt.date, last_day: dt.date) -> list[Booking]:
        """Our own bookings only: every id returned here works with get, update and cancel."""
        with as_port_errors(venue):
            start, end = day_bounds(venue, first_day, last_day)
            events = self._list(venue, start, end, own_only=True)
            entries = [own_entry(venue, e) for e in events if is_own(venue, e)]
            return sorted(
                (e.booking for e in entries if first_day <= e.booking.day <= last_day), key=lambda b: b.sort_key()
            )

    def get(self, venue: Venue, booking_id: str) -> Booking:
        with as_port_errors(venue):
            return own_entry(venue, self._own_event(venue, booking_id)).booking

    # --- writes -----------------------------------------------------------------------------------
    def create(self, venue: Venue, draft: BookingDraft, admit: Admit) -> Booking:
        with as_port_errors(venue), self._serialised():
            admit(SeenDay.of([e.booking for e in self._read_days(venue, draft.day, draft.day)]))
            event = self.api.call("POST", self._events_path(), body=event_body(venue, draft, times=True))
            if not is_own(venue, event):
                raise Malformed("the inserted event came back without our data")
            mine = own_entry(venue, event)
            self._confirm(venue, mine, admit)
            return mine.booking

    def update(self, venue: Venue, booking_id: str, change: Change) -> Booking:
        with as_port_errors(venue), self._serialised():
            for _ in range(WRITE_RETRIES):
                event = self._own_event(venue, booking_id)
                current = own_entry(venue, event).booking
                updated = change(current, lambda d: SeenDay.of([e.booking for e in self._read_days(venue, d, d)]))
                moved = (updated.day, updated.time) != (current.day, current.time)
                try:
                    written = self.api.call(
                        "PATCH",
                        self._event_path(booking_id),
                        etag=event.get("etag"),
                        body=event_body(venue, updated, times=moved),
                    )
                except Changed:
                    continue  # someone edited the event since we read it: read and decide again
                return own_entry(venue, written).booking
            raise Unavailable("the event kept changing")

    def cancel(self, venue: Venue, booking_id: str) -> None:
        with as_port_errors(venue):
            self._own_event(venue, booking_id)  # never delete an event that is not ours
            self.api.call("DELETE", self._event_path(booking_id))

    # --- helpers ------------------------------------------------------------------------------------
    def _serialised(self) -> ContextManager[None]:
        return self.lease(f"gcal:{self.calendar_id}") if self.lease else nullcontext()

    def _events_path(self) -> str:
        if not self.calendar_id:
            raise NotConfigured("the provider block has no calendar_id")
        return f"/calendars/{quote(str(self.calendar_id), safe='')}/events"

    def _event_path(self, event_id: str) -> str:
        return f"{self._events_path()}/{quote(event_id, safe='')}"

    def _own_event(self, venue: Venue, booking_id: str) -> dict:
        """Our active event with that id; Gone for anything else (unknown, deleted, someone else's)."""
        if not isinstance(booking_id, str) or not EVENT_ID.match(booking_id):
            raise Gone()
        event = self.api.call("GET", self._event_path(booking_id))
        if event.get("status") == "cancelled" or not is_own(venue, event):
            raise Gone()
        return event

    def _list(
        self,
        venue: Venue,
        time_min: dt.datetime,
        time_max: dt.datetime | None,
        own_only: bool,
        extra: list[tuple[str, str]] = (),
    ) -> list[dict]:
        """events.list over [time_min, time_max), expanded and in start order, every page."""
        params: list[tuple[str, str]] = [
            ("timeMin", time_min.isoformat()),
            ("singleEvents", "true"),
            ("orderBy", "startTime"),
            ("maxResults", "250"),
            ("timeZone", venue.timezone),
        ]
        if time_max is not None:
            params.append(("timeMax", time_max.isoformat()))
        if own_only:
            params += [
                ("privateExtendedProperty", "concierge=booking"),
                ("privateExtendedProperty", f"concierge_venue={venue.id}"),
            ]
        params += list(extra)
        events: list[dict] = []
        for _ in range(MAX_PAGES):
            try:
                page = self.api.call("GET", self._events_path(), params=params)
            except Gone:
                raise NotConfigured("the calendar was not found") from None
            items = page.get("items", [])
            if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
                raise Malformed("events.list without a list of items")
            events += [i for i in items if i.get("status") != "cancelled"]
            token = page.get("nextPageToken")
            if not token:
                return events
            params = [p for p in params if p[0] != "pageToken"] + [("pageToken", str(token))]
        raise Malformed("too many pages of events")

    def _read_days(self, venue: Venue, first: dt.date, last: dt.date) -> list[Entry]:
        """Every booking and busy time from first to last, in time order.

        One events.list gives our bookings and the calendar's other events; freebusy.query is asked
        only for `busy_calendar_ids` (other calendars whose busy time also blocks, e.g. the
        practitioner's own), where it returns busy intervals without reading anyone's events."""
        start, end = day_bounds(venue, first, last)
        entries: list[Entry] = []
        busy_name = BUSY_NAME.get(venue.locale, BUSY_NAME["en"])
        for event in self._list(venue, start, end, own_only=False):
            if is_own(venue, event):
                entry = own_entry(venue, event)
                if first <= entry.booking.day <= last:
                    entries.append(entry)
                continue
            if event.get("transparency") == "transparent":
                continue  # marked "free" in the calendar: it blocks nothing
            key = hashlib.sha256(str(event.get("id")).encode()).hexdigest()[:10]
            entries += self._busy(
                venue,
                event_time(event.get("start"), venue),
                event_time(event.get("end"), venue),
                first,
                last,
                key,
                str(event.get("created") or ""),
                busy_name,
            )
        for index, (b_start, b_end) in enumerate(self._freebusy(venue, start, end)):
            entries += self._busy(venue, b_start, b_end, first, last, f"fb{index}", "", busy_name)
        return sorted(entries, key=lambda e: e.booking.sort_key())

    def _busy(
        self,
        venue: Venue,
        start: dt.datetime,
        end: dt.datetime,
        first: dt.date,
        last: dt.date,
        key: str,
        created: str,
        name: str,
    ) -> list[Entry]:
        return [
            Entry(
                Booking(
                    booking_id=tile_id, venue_id=venue.id, day=day, time=time, people=1, name=name, phone="", notes=None
                ),
                tile_id,
                created,
                own=False,
            )
            for day, time, tile_id in busy_tiles(venue, start, end, first, last, key)
        ]

    def _freebusy(self, venue: Venue, start: dt.datetime, end: dt.datetime) -> list[tuple[dt.datetime, dt.datetime]]:
        if not self.busy_calendar_ids:
            return []
        answer = self.api.call(
            "POST",
            "/freeBusy",
            body={
                "timeMin": start.isoformat(),
                "timeMax": end.isoformat(),
                "timeZone": venue.timezone,
                "items": [{"id": c} for c in self.busy_calendar_ids],
            },
        )
        calendars = answer.get("calendars")
        if not isinstance(calendars, dict):
            raise Malformed("freebusy.query without calendars")
        spans = []
        for calendar_id in self.busy_calendar_ids:
            found = calendars.get(calendar_id)
            if not isinstance(found, dict) or found.get("errors") or not isinstance(found.get("busy", []), list):
                raise Malformed("freebusy.query could not read a busy calendar")
            spans += [
                (event_time({"dateTime": b["start"]}, venue), event_time({"dateTime": b["end"]}, venue))
                for b in found.get("busy", [])
            ]
        return spans

    def _confirm(self, venue: Venue, mine: Entry, admit: Admit) -> None:
        """Re-check the new event against the day's earlier-created entries; withdraw it if refused.

        Two writers racing for the last place (or the same phone and time) both see each other here,
        and only the later-created one yields. A failed re-read keeps the written booking."""
        try:
            entries = self._read_days(venue, mine.booking.day, mine.booking.day)
        except Exception:
            log.warning("gcal: could not re-check event just written for venue %s", venue.id)
            return
        earlier = [
            e.booking
            for e in entries
            if e.event_id != mine.event_id and (e.created, e.event_id) < (mine.created, mine.event_id)
        ]
        try:
            admit(SeenDay.of(earlier))
        except ToolError:
            try:
                self.api.call("DELETE", self._event_path(mine.event_id))
            except (Unavailable, Malformed, NotConfigured, Gone):
                log.error("gcal: could not withdraw an event that lost a race, venue %s", venue.id)
                raise Unavailable("withdraw failed") from None
            raise
