"""The OctoTable provider: a venue's bookings kept in OctoTable (Octorate's restaurant booking system).

The API subset this client speaks. It follows OctoTable's public docs (octotable-1.gitbook.io,
"Get booking!" and "Error Manual"); where the docs say nothing, the choice is ours and marked (*):

  Base URL  https://api.octorate.com/octotable-pms/api/v2 (block key `base_url` overrides it)
  Auth      OAuth 2.0 client credentials: POST {auth_url}/oauth2/token (auth_url defaults to
            https://api.octotable.com/octotable-auth/api/v2, or to base_url when that is given) with
            {"grant_type": "client_credentials", "client_id", "client_secret"} -> {"access_token",
            "expires_in" (seconds), "type": "Bearer"}; see octotable_auth (cached per process, renewed
            shortly before expiry, and once more on a 401).
  Headers   Authorization: Bearer <access token>   Property: <property_id>   (on every request)
  GET    /reservations?start_date=&end_date=&status[]=&text_search=&limit=&next_cursor=
           200 {"data": [reservation, ...], "next_cursor": "<cursor>" | null (*)}
  GET    /reservations/{id}       200 {"data": reservation}
  POST   /reservations            201 {"data": reservation}
  PUT    /reservations/{id} (*)   200 {"data": reservation}; the fields sent replace, the others stay
  DELETE /reservations/{id}       200 or 204; OctoTable keeps the reservation as CANCELLED (*)
  reservation  {"id": int, "start_date": "YYYY-MM-DD", "start_hour": "HH:MM:SS" (venue local), "pax": int,
                "status": WAITING|ACCEPTED|CONFIRMED|PREPAY|CANCELLED|EXPIRED|REJECTED|OUTOFORDER,
                "channel": "OCTOTABLE_ADMIN", "special_request": str, "notes": str,
                "customer": {"first_name", "last_name", "phone", "email"}}
  errors  {"success": false, "error": {"code", "message", "class_name"}} with 400 (validation), 401/403
          (token or property refused), 404 RESOURCE_NOT_FOUND, 409 conflict: NO_AVAILABILITY (*) when no
          table fits, 429 (*) with Retry-After, 5xx.

Contract decisions:
  - Listing shows the statuses that hold a table: WAITING, ACCEPTED, CONFIRMED, PREPAY. CANCELLED,
    EXPIRED, REJECTED and OUTOFORDER are hidden everywhere (lists, get, update, cancel, capacity).
  - Duplicates: OctoTable does not refuse a second reservation with the same customer, day and hour
    (only a missing table refuses, as NO_AVAILABILITY). So create reads the day's active reservations,
    lets `admit` refuse (DUPLICATE_BOOKING, SLOT_FULL, ...) and only then POSTs, inside the store lease
    `octotable:<property_id>` when one is given (extras `lease`), so two of our writers cannot interleave.
    Writes made in OctoTable itself (staff, booking engine, Google) are not serialised, but are seen by
    the check once written. A create that timed out may have been written: it answers
    PROVIDER_UNAVAILABLE and a retry is refused as DUPLICATE_BOOKING.
  - Cancel is DELETE and is not idempotent: a missing, already cancelled or inactive reservation is
    BOOKING_NOT_FOUND (checked by a GET first, and a 404/409 from the DELETE says the same).
  - Booking ids are OctoTable's integer ids; anything else is BOOKING_NOT_FOUND without a request.
  - Phones: OctoTable keeps what staff typed (often national, "3331234567"); they are read back in E.164
    with the venue's country (kept as typed when unreadable). A phone search sends the national digits
    as text_search and keeps the exact E.164 matches.
  - Names: "Mario De Rossi" is sent as first_name "Mario", last_name "De Rossi"; notes go in
    special_request (what the guest asked for; `notes` is the staff's field and is left alone).
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from contextlib import contextmanager, nullcontext
from typing import Any, ContextManager, Iterator, Mapping

import httpx
import phonenumbers

from concierge.adapters.leases import Lease
from concierge.adapters.providers import BookingProvider
from concierge.adapters.providers.errors import (
    BackendRefused,
    BackendUnavailable,
    BookingGone,
    ProviderFailure,
    ProviderNotConfigured,
    RateLimited,
)
from concierge.adapters.providers.octotable_auth import ClientCredentials, TokenRefused, credentials_for
from concierge.adapters.providers.rate_limits import retry_after, within_rate_limits
from concierge.adapters.store import Admit, Change, StoreBusy
from concierge.domain.booking import Booking, BookingDraft
from concierge.domain.errors import ToolError
from concierge.domain.phone import InvalidPhone, to_e164
from concierge.domain.seen_day import SeenDay
from concierge.domain.venue import Venue

log = logging.getLogger(__name__)

DEFAULT_BASE_URL = "https://api.octorate.com/octotable-pms/api/v2"
DEFAULT_AUTH_URL = "https://api.octotable.com/octotable-auth/api/v2"
DEFAULT_CLIENT_ID_ENV = "OCTOTABLE_CLIENT_ID"
DEFAULT_CLIENT_SECRET_ENV = "OCTOTABLE_CLIENT_SECRET"
ACTIVE = ("WAITING", "ACCEPTED", "CONFIRMED", "PREPAY")
NO_AVAILABILITY = frozenset({"NO_AVAILABILITY", "NoAvailabilityException"})
PAGE_LIMIT = 100
MAX_PAGES = 50
PHONE_HORIZON_DAYS = 366
_ID = re.compile(r"^\d{1,19}$")
_HOUR = re.compile(r"^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$")


class OctoTableProvider(BookingProvider):
    """Block keys: property_id (required), client_id_env and client_secret_env (default OCTOTABLE_CLIENT_ID
    and OCTOTABLE_CLIENT_SECRET: the environment variables holding the OAuth client's credentials),
    base_url, auth_url, timeout_seconds (default 5), channel (default OCTOTABLE_ADMIN), room_id and
    service_id (sent on create when given). Needs `lease`, the store's lease factory, serialising our
    writers per property."""

    needs = ("lease",)

    def __init__(self, config: Mapping[str, Any], env: Mapping[str, str], *, lease: Lease | None = None) -> None:
        self.property_id = str(config.get("property_id") or "").strip()
        if not self.property_id:
            raise ProviderNotConfigured(
                "The octotable provider block needs property_id (the venue's OctoTable property id)."
            )
        secrets = {}
        for key, default in (
            ("client_id_env", DEFAULT_CLIENT_ID_ENV),
            ("client_secret_env", DEFAULT_CLIENT_SECRET_ENV),
        ):
            name = str(config.get(key) or default)
            secrets[key] = (env.get(name) or "").strip()
            if not secrets[key]:
                raise ProviderNotConfigured(
                    f"No OctoTable client credentials: set the environment variable "
                    f"{name} (named by {key} in the venue's provider block)."
                )
        self.channel = str(config.get("channel") or "OCTOTABLE_ADMIN")
        self.placement = {k: config[k] for k in ("room_id", "service_id") if config.get(k) is not None}
        self.lease = lease
        timeout = float(config.get("timeout_seconds") or 5)
        base_url = str(config.get("base_url") or DEFAULT_BASE_URL).rstrip("/")
        auth_url = str(config.get("auth_url") or config.get("base_url") or DEFAULT_AUTH_URL).rstrip("/")
        self.credentials: ClientCredentials = credentials_for(
            f"{auth_url}/oauth2/token",
            secrets["client_id_env"],
            secrets["client_secret_env"],
            lambda: httpx.Client(timeout=timeout),
        )
        self.http = httpx.Client(
            base_url=base_url, timeout=timeout, headers={"Property": self.property_id, "Accept": "application/json"}
        )

    def close(self) -> None:
        self.http.close()

    # --- the port -------------------------------------------------------------------------
    def bookings_on(self, venue: Venue, day: dt.date) -> list[Booking]:
        with self._guard():
            return self._between(venue, day, day)

    def bookings_for_phone(self, venue: Venue, phone: str, from_day: dt.date) -> list[Booking]:
        with self._guard():
            last = from_day + dt.timedelta(days=PHONE_HORIZON_DAYS)
            found = self._between(venue, from_day, last, text_search=_national_digits(phone))
            return [b for b in found if b.phone == phone]

    def bookings_between(self, venue: Venue, first_day: dt.date, last_day: dt.date) -> list[Booking]:
        with self._guard():
            return self._between(venue, first_day, last_day)

    def get(self, venue: Venue, booking_id: str) -> Booking:
        with self._guard():
            return self._get(venue, booking_id)

    def create(self, venue: Venue, draft: BookingDraft, admit: Admit) -> Booking:
        with self._guard(), self._writing():
            admit(SeenDay.of(self._between(venue, draft.day, draft.day)))
            body = {**_reservation_body(draft), "channel": self.channel, **self.placement}
            return self._booking(venue, _data(self._send("POST", "/reservations", json=body)))

    def update(self, venue: Venue, booking_id: str, change: Change) -> Booking:
        with self._guard(), self._writing():
            current = self._get(venue, booking_id)
            updated = change(current, lambda day: SeenDay.of(self._between(venue, day, day)))
            answer = self._send(
                "PUT", f"/reservations/{current.booking_id}", json=_reservation_body(updated), gone=(404,)
            )
            return self._booking(venue, _data(answer))

    def cancel(self, venue: Venue, booking_id: str) -> None:
        with self._guard():
            current = self._get(venue, booking_id)
            self._send("DELETE", f"/reservations/{current.booking_id}", gone=(404, 409))

    # --- reading ------------------------------------------------------------------------------
    def _between(self, venue: Venue, first: dt.date, last: dt.date, text_search: str | None = None) -> list[Booking]:
        params: dict[str, Any] = {
            "start_date": first.isoformat(),
            "end_date": last.isoformat(),
            "status[]": list(ACTIVE),
            "limit": PAGE_LIMIT,
        }
        if text_search:
            params["text_search"] = text_search
        rows: list[dict] = []
        cursor = None
        for _ in range(MAX_PAGES):
            body = self._send("GET", "/reservations", params={**params, **({"next_cursor": cursor} if cursor else {})})
            page = body.get("data")
            if not isinstance(page, list):
                raise ValueError("reservation list without a data array")
            rows.extend(page)
            cursor = body.get("next_cursor") or (body.get("meta") or {}).get("next_cursor")
            if not cursor:
                break
        else:
            raise ValueError("reservation list longer than the pages we follow")
        bookings = [self._booking(venue, row) for row in rows if _active(row)]
        return sorted((b for b in bookings if first <= b.day <= last), key=Booking.sort_key)

    def _get(self, venue: Venue, booking_id: str) -> Booking:
        if not _ID.match(str(booking_id)):
            raise BookingGone()
        row = _data(self._send("GET", f"/reservations/{booking_id}", gone=(404,)))
        if not _active(row):
            raise BookingGone()
        return self._booking(venue, row)

    @staticmethod
    def _booking(venue: Venue, row: dict) -> Booking:
        customer = row.get("customer") or {}
        name = " ".join(str(customer.get(k) or "").strip() for k in ("first_name", "last_name")).strip()
        hour = str(row["start_hour"])
        if not _HOUR.match(hour):
            raise ValueError("start_hour is not HH:MM:SS")
        return Booking(
            booking_id=str(row["id"]),
            venue_id=venue.id,
            day=dt.date.fromisoformat(str(row["start_date"])[:10]),
            time=hour[:5],
            people=int(row["pax"]),
            name=name,
            phone=_e164(customer.get("phone"), venue.country),
            notes=str(row.get("special_request") or "").strip() or None,
        )

    # --- talking to OctoTable -----------------------------------------------------------------
    def _send(self, method: str, path: str, gone: tuple[int, ...] = (), **kwargs: Any) -> dict:
        """One request, retried on 429 within the shared rate-limit policy, and once with a new access token
        when the API refuses ours (401); the JSON answer."""

        def once() -> httpx.Response:
            token = self.credentials.token()
            response = self._request(method, path, token, **kwargs)
            if response.status_code == 401:
                log.info("OctoTable refused the access token; asking for a new one")
                response = self._request(method, path, self.credentials.refresh(token), **kwargs)
            return response

        response = within_rate_limits(once, lambda r: r.status_code == 429)
        if response.status_code != 429:
            return _answer(response, gone)
        log.warning("OctoTable kept answering 429 to %s %s", method, path)
        raise RateLimited("HTTP 429", retry_after=retry_after(response.headers, 1))

    def _request(self, method: str, path: str, token: str, **kwargs: Any) -> httpx.Response:
        response = self.http.request(method, path, headers={"Authorization": f"Bearer {token}"}, **kwargs)
        log.debug("OctoTable %s %s -> %s", method, path, response.status_code)
        return response

    def _writing(self) -> ContextManager[None]:
        return self.lease(f"octotable:{self.property_id}") if self.lease else nullcontext()

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """Only the port's exceptions (and the callbacks' ToolErrors) leave a port method: network trouble
        is BackendUnavailable, an answer we cannot read a refusal (PROVIDER_ERROR)."""
        try:
            yield
        except (ToolError, ProviderFailure):
            raise
        except TokenRefused as exc:
            log.warning("OctoTable token not granted: %s", exc)
            raise ProviderNotConfigured(
                "OctoTable refused the client credentials (client_id_env and "
                "client_secret_env of the venue's provider block)."
            ) from None
        except (httpx.TransportError, httpx.HTTPStatusError, StoreBusy) as exc:
            log.warning("OctoTable unreachable: %s", type(exc).__name__)
            raise BackendUnavailable(type(exc).__name__) from None
        except Exception as exc:
            log.warning("OctoTable answer not understood: %s", type(exc).__name__)
            raise BackendRefused(reason=f"unreadable answer from OctoTable ({type(exc).__name__})") from None


def _answer(response: httpx.Response, gone: tuple[int, ...]) -> dict:
    status = response.status_code
    if 200 <= status < 300:
        if status == 204 or not response.content:
            return {}
        body = response.json()
        if not isinstance(body, dict) or body.get("success") is False:
            raise ValueError("not a reservation answer")
        return body
    code, message, class_name = _error_of(response)
    log.warning("OctoTable refused: HTTP %s %s", status, code)
    if status >= 500:
        raise BackendUnavailable(f"HTTP {status}")
    if status == 409 and (code in NO_AVAILABILITY or class_name in NO_AVAILABILITY):
        raise BackendRefused("NO_TABLE_AVAILABLE", detail=f"OctoTable {code or class_name}")
    if status in gone:
        raise BookingGone()
    raise BackendRefused(reason=f"OctoTable HTTP {status} {code}: {message}".strip())


def _error_of(response: httpx.Response) -> tuple[str, str, str]:
    try:
        error = response.json().get("error") or {}
        return str(error.get("code") or ""), str(error.get("message") or ""), str(error.get("class_name") or "")
    except (ValueError, AttributeError):
        return "", "", ""


def _data(body: dict) -> dict:
    row = body.get("data")
    if not isinstance(row, dict):
        raise ValueError("answer without a reservation")
    return row


def _active(row: Any) -> bool:
    if not isinstance(row, dict):
        raise ValueError("reservation is not an object")
    return str(row.get("status") or "").upper() in ACTIVE


def _reservation_body(booking: Booking | BookingDraft) -> dict:
    first, _, last = booking.name.strip().partition(" ")
    return {
        "start_date": booking.day.isoformat(),
        "start_hour": f"{booking.time}:00",
        "pax": booking.people,
        "customer": {"first_name": first, "last_name": last.strip(), "phone": booking.phone},
        "special_request": booking.notes or "",
    }


def _e164(raw: Any, region: str | None) -> str:
    text = str(raw or "").strip()
    try:
        return to_e164(text, region)
    except InvalidPhone:
        return text


def _national_digits(phone: str) -> str:
    """The part of a number both "+393331234567" and a national "333 1234567" contain."""
    try:
        return str(phonenumbers.parse(phone, None).national_number)
    except phonenumbers.NumberParseException:
        return re.sub(r"\D", "", phone)
