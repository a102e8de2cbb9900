"""resOS (https://api.resos.com/v1) as a booking provider.

The venue's `provider:` block:
    kind: resos
    api_key_env: RESOS_API_KEY   # env var holding the API key (HTTP Basic username, empty password)
    base_url: https://api.resos.com/v1   # optional: another server speaking the same API
    timeout_seconds: 5           # optional: per request
    phone_search_days: 365       # optional: how far ahead a phone's bookings are looked for

resOS keeps each booking's `date` and `time` in the venue's local time, but filters listings by
`fromDateTime`/`toDateTime` in UTC: a day is asked for through a UTC window wide enough to hold it,
and the answer is cut back to the venue-local days.

Statuses (resOS: request, declined, approved, arrived, seated, left, no_show, canceled, deleted,
waitlist): a booking that holds a table now or will hold one is active, counted for capacity and
duplicates, listed, found, moved and cancelled: `approved`, `arrived` and `seated` (the party is in,
same-day bookings must not be sold twice), and `request` (a request waiting for the venue's approval:
its guest finds, changes and cancels it, and its table is kept for it, since the venue may approve it).
`left`, `no_show`, `declined`, `canceled`, `deleted` and `waitlist` free the table and are invisible.

resOS answers every request with `Retry-After` in milliseconds (its docs: "time in ms until reset"),
so a 429 waits that long (within the shared budget), not that many seconds.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
import threading
from contextlib import contextmanager
from typing import Any, Iterator, Mapping
from urllib.parse import quote

import httpx

from concierge.adapters.providers import BookingProvider
from concierge.adapters.providers.errors import (
    BackendRefused,
    BackendUnavailable,
    BookingGone,
    ProviderFailure,
    ProviderNotConfigured,
    RateLimited,
)
from concierge.adapters.providers.rate_limits import retry_after, within_rate_limits
from concierge.adapters.store import Admit, Change
from concierge.domain.booking import Booking, BookingDraft
from concierge.domain.errors import ToolError
from concierge.domain.phone import InvalidPhone, to_e164
from concierge.domain.seen_day import SeenDay
from concierge.domain.venue import Venue

log = logging.getLogger(__name__)

DEFAULT_BASE_URL = "https://api.resos.com/v1"
DEFAULT_KEY_ENV = "RESOS_API_KEY"
LISTED_STATUSES = frozenset({"approved", "arrived", "seated", "request"})
RETRY_AFTER_UNIT = 0.001  # resOS's Retry-After is in milliseconds
PAGE_SIZE = 100  # resOS's largest page
MAX_PAGES = 100
NO_TABLE = re.compile(r"no\s+suitable\s+table", re.IGNORECASE)
_TIME = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)(:[0-5]\d(\.\d+)?)?$")


class _Unusable(ValueError):
    """An answer this adapter cannot read with certainty (reported as PROVIDER_ERROR)."""


class ResosProvider(BookingProvider):
    def __init__(self, config: Mapping[str, Any], env: Mapping[str, str]) -> None:
        self.base_url = str(config.get("base_url") or DEFAULT_BASE_URL).rstrip("/")
        self.key_env = str(config.get("api_key_env") or DEFAULT_KEY_ENV)
        self.timeout = float(config.get("timeout_seconds") or 5)
        self.phone_search_days = int(config.get("phone_search_days") or 365)
        if self.timeout <= 0 or self.phone_search_days <= 0:
            raise ValueError("timeout_seconds and phone_search_days must be positive")
        self.env = env
        self.http = httpx.Client(timeout=self.timeout)
        # resOS has no transactions: at least this process never interleaves its own read-check-write steps.
        self._writing = threading.Lock()

    # --- the port ----------------------------------------------------------------------
    def bookings_on(self, venue: Venue, day: dt.date) -> list[Booking]:
        with _guarded():
            return self._listed(venue, day, day)

    def bookings_for_phone(self, venue: Venue, phone: str, from_day: dt.date) -> list[Booking]:
        """No phone filter in the API: the phone's bookings within phone_search_days of from_day."""
        with _guarded():
            wanted = _e164(phone, venue.country)
            last = from_day + dt.timedelta(days=self.phone_search_days)
            return [b for b in self._listed(venue, from_day, last) if b.phone == wanted]

    def bookings_between(self, venue: Venue, first_day: dt.date, last_day: dt.date) -> list[Booking]:
        with _guarded():
            return self._listed(venue, first_day, last_day)

    def get(self, venue: Venue, booking_id: str) -> Booking:
        with _guarded():
            return _booking_from(venue, self._fetch(booking_id))

    def create(self, venue: Venue, draft: BookingDraft, admit: Admit) -> Booking:
        """The day's bookings through `admit` (duplicates, hours, capacity), then one POST."""
        with _guarded(), self._writing:
            admit(SeenDay.of(self._listed(venue, draft.day, draft.day)))
            body: dict[str, Any] = {
                "date": draft.day.isoformat(),
                "time": draft.time,
                "people": draft.people,
                "guest": {"name": draft.name, "phone": draft.phone},
                "status": "approved",  # resOS's default, "request", would hide it from every listing
                "source": "phone",
            }
            if venue.avg_stay_minutes:
                body["duration"] = min(max(venue.avg_stay_minutes, 15), 480)
            if draft.notes:
                body["comment"] = draft.notes
            answer = self._ok_json(self._call("POST", "/bookings", json=body))
            booking_id = answer.get("_id") if isinstance(answer, dict) else answer
            if not isinstance(booking_id, str) or not booking_id.strip():
                raise _Unusable("the created booking has no _id")
            return Booking(booking_id=booking_id, venue_id=venue.id, **draft.model_dump())

    def update(self, venue: Venue, booking_id: str, change: Change) -> Booking:
        """Read, let `change` decide, PUT only the fields that changed (resOS keeps the rest)."""
        with _guarded(), self._writing:
            record = self._fetch(booking_id)
            current = _booking_from(venue, record)
            updated = change(current, lambda day: SeenDay.of(self._listed(venue, day, day)))
            updated = updated.model_copy(update={"booking_id": current.booking_id, "venue_id": venue.id})
            fields = _changed_fields(record, current, updated)
            if fields:
                self._put(current.booking_id, fields)
            return updated

    def cancel(self, venue: Venue, booking_id: str) -> None:
        """PUT status "canceled"; a booking already canceled is not found (the contract: not idempotent)."""
        with _guarded():
            record = self._fetch(booking_id)
            self._put(str(record.get("_id") or booking_id), {"status": "canceled"})

    # --- reading ---------------------------------------------------------------------------
    def _listed(self, venue: Venue, first: dt.date, last: dt.date) -> list[Booking]:
        """Active bookings on the venue-local days first..last, in time order, every page read."""
        since, until = _utc_window(venue, first, last)
        found: dict[str, Booking] = {}
        for page in range(MAX_PAGES):
            params = {"fromDateTime": since, "toDateTime": until, "limit": PAGE_SIZE, "skip": page * PAGE_SIZE}
            records = self._ok_json(self._call("GET", "/bookings", params=params))
            if not isinstance(records, list):
                raise _Unusable("the booking list is not a list")
            for record in records:
                if not isinstance(record, dict):
                    raise _Unusable("a listed booking is not an object")
                if record.get("status") in LISTED_STATUSES:
                    booking = _booking_from(venue, record)
                    if first <= booking.day <= last:
                        found[booking.booking_id] = booking
            if len(records) < PAGE_SIZE:
                return sorted(found.values(), key=Booking.sort_key)
        raise _Unusable(f"more than {MAX_PAGES} pages of bookings")

    def _fetch(self, booking_id: str) -> dict:
        """The raw record of an active booking; BookingGone otherwise."""
        if not booking_id or not booking_id.strip():
            raise BookingGone()
        response = self._call("GET", f"/bookings/{quote(booking_id.strip(), safe='')}")
        if response.status_code == 404:
            raise BookingGone()
        record = self._ok_json(response)
        if not isinstance(record, dict):
            raise _Unusable("the booking is not an object")
        if record.get("status") not in LISTED_STATUSES:
            raise BookingGone()
        return record

    # --- writing ---------------------------------------------------------------------------
    def _put(self, booking_id: str, fields: dict) -> None:
        response = self._call("PUT", f"/bookings/{quote(booking_id, safe='')}", json=fields)
        if response.status_code == 404:
            raise BookingGone()
        answer = self._ok_json(response)
        if answer is not True and not isinstance(answer, dict):
            raise _Unusable("the update was not acknowledged")

    # --- HTTP --------------------------------------------------------------------------------
    def _api_key(self) -> str:
        key = (self.env.get(self.key_env) or "").strip()
        if not key:
            raise ProviderNotConfigured(
                f"resOS is not configured: the environment variable {self.key_env} "
                "with the venue's API key is not set.",
                code="RESOS_NOT_CONFIGURED",
            )
        return key

    def _call(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        """One request; 429s retried (Retry-After honoured, bounded); transport failures and 5xx refused."""
        key = self._api_key()

        def once() -> httpx.Response:
            try:
                return self.http.request(method, self.base_url + path, auth=(key, ""), **kwargs)
            except httpx.TransportError as exc:
                log.warning("resOS %s %s failed: %s", method, path, type(exc).__name__)
                raise BackendUnavailable(type(exc).__name__) from None

        response = within_rate_limits(once, lambda r: r.status_code == 429, unit=RETRY_AFTER_UNIT)
        if response.status_code == 429:
            log.warning("resOS %s %s: still rate limited", method, path)
            raise RateLimited("HTTP 429", retry_after=retry_after(response.headers, 1, RETRY_AFTER_UNIT))
        if response.status_code >= 500:
            log.warning("resOS %s %s answered HTTP %d", method, path, response.status_code)
            raise BackendUnavailable(f"HTTP {response.status_code}")
        return response

    def _ok_json(self, response: httpx.Response) -> Any:
        """The JSON of a 2xx answer; NO_TABLE_AVAILABLE or PROVIDER_ERROR for the other answers."""
        if not response.is_success:
            request = response.request
            log.warning("resOS %s %s answered HTTP %d", request.method, request.url.path, response.status_code)
            if response.status_code == 422 and NO_TABLE.search(response.text):
                raise BackendRefused("NO_TABLE_AVAILABLE", detail="resOS: no suitable table")
            raise _Unusable(f"HTTP {response.status_code}")
        try:
            return response.json()
        except ValueError:
            raise _Unusable("the body is not JSON") from None


# --- outcomes as the port's exceptions ----------------------------------------------------------
@contextmanager
def _guarded() -> Iterator[None]:
    """Only the port's exceptions (and the callbacks' ToolErrors) leave a port method: anything
    unforeseen is a refusal (PROVIDER_ERROR)."""
    try:
        yield
    except (ToolError, ProviderFailure):
        raise
    except _Unusable as exc:
        log.warning("resOS gave an answer that cannot be used: %s", exc)
        raise BackendRefused(detail=str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - the port promises its own exceptions only
        log.warning("resOS provider failed: %s", type(exc).__name__)
        raise BackendRefused(detail=type(exc).__name__) from None


# --- records and bookings ------------------------------------------------------------------------
def _utc_window(venue: Venue, first: dt.date, last: dt.date) -> tuple[str, str]:
    """UTC dates from..to holding every instant of the venue-local days first..last.

    `to` is one UTC day past the last local instant, whether resOS reads it inclusively or as a midnight."""
    start = dt.datetime.combine(first, dt.time(), venue.tz).astimezone(dt.timezone.utc)
    end = dt.datetime.combine(last + dt.timedelta(days=1), dt.time(), venue.tz).astimezone(dt.timezone.utc)
    return start.date().isoformat(), (end.date() + dt.timedelta(days=1)).isoformat()


def _booking_from(venue: Venue, record: dict) -> Booking:
    booking_id = record.get("_id")
    if not isinstance(booking_id, str) or not booking_id:
        raise _Unusable("a booking has no _id")
    day, hhmm = _local_day_and_time(venue, record)
    people = record.get("people")
    if isinstance(people, bool) or not isinstance(people, int) or people < 1:
        raise _Unusable(f"booking {booking_id} has no valid people")
    guest = record.get("guest") or {}
    if not isinstance(guest, dict):
        raise _Unusable(f"booking {booking_id} has a guest that is not an object")
    comment = record.get("comment")
    return Booking(
        booking_id=booking_id,
        venue_id=venue.id,
        day=day,
        time=hhmm,
        people=people,
        name=str(guest.get("name") or "").strip(),
        phone=_e164(guest.get("phone"), venue.country),
        notes=(comment.strip() or None) if isinstance(comment, str) else None,
    )


def _local_day_and_time(venue: Venue, record: dict) -> tuple[dt.date, str]:
    """`date` and `time` are venue-local; a record with only a UTC `dateTime` is moved to the venue's zone."""
    date, clock = record.get("date"), record.get("time")
    if isinstance(date, str) and isinstance(clock, str):
        match = _TIME.match(clock.strip())
        try:
            day = dt.date.fromisoformat(date.strip())
        except ValueError:
            day = None
        if match and day:
            return day, f"{int(match.group(1)):02d}:{match.group(2)}"
    instant = record.get("dateTime")
    if isinstance(instant, str):
        try:
            moment = dt.datetime.fromisoformat(instant.strip().replace("Z", "+00:00"))
        except ValueError:
            moment = None
        if moment and moment.tzinfo:
            local = moment.astimezone(venue.tz)
            return local.date(), local.strftime("%H:%M")
    raise _Unusable(f"booking {record.get('_id')} has no readable date and time")


def _e164(raw: Any, region: str | None) -> str:
    """E.164 when the number reads as one; walk-ins without a phone keep an empty one."""
    text = str(raw or "").strip()
    if not text:
        return ""
    try:
        return to_e164(text, region)
    except InvalidPhone:
        return text


def _changed_fields(record: dict, current: Booking, updated: Booking) -> dict:
    fields: dict[str, Any] = {}
    if updated.day != current.day:
        fields["date"] = updated.day.isoformat()
    if updated.time != current.time:
        fields["time"] = updated.time
    if updated.people != current.people:
        fields["people"] = updated.people
    if (updated.name, updated.phone) != (current.name, current.phone):
        guest = record.get("guest") if isinstance(record.get("guest"), dict) else {}
        fields["guest"] = {**guest, "name": updated.name, "phone": updated.phone}
    if updated.notes != current.notes:
        fields["comment"] = updated.notes or ""
    return fields
