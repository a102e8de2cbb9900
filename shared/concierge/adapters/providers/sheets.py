"""Bookings kept in a Google Sheet (gspread, service account): one worksheet per venue, one row per booking.

Sheets has no transactions. Our writers are serialised through a lease per worksheet held in the project's
store (updates also take the leases of the days they touch). Updates and cancels address a row by its
position, so they decide on a fresh read made while the lease is held.

Sheets' read quota is per minute per user, and one service account reads every venue's sheet from every
function instance. So a worksheet's cells are kept in the project's store (the snapshot role, see
`sheets_copies`), shared by every instance for `cache_seconds`: answering "is Thursday free?" costs one Sheets
read per worksheet per `cache_seconds` however many instances and callers ask. Writers leave the worksheet as
they wrote it, and a create decides on the last writer's copy while it is fresh (no read at all), else on a
fresh read: bookings no longer cost a read each. How requests reach Google, wait on its quota and fail
is in `sheets_http`.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import logging
import threading
import time
import uuid
from contextlib import ExitStack, contextmanager
from typing import Any, ContextManager, Iterator, Mapping

import gspread
from gspread.exceptions import APIError
from gspread.http_client import HTTPClient

from concierge.adapters.leases import Lease, in_process_lease
from concierge.adapters.providers import BookingProvider
from concierge.adapters.providers.errors import (
    BackendRefused,
    BackendUnavailable,
    BookingGone,
    ProviderNotConfigured,
)
from concierge.adapters.providers.sheets_copies import Cells, LocalSnapshots, View, WorksheetCopies, now
from concierge.adapters.providers.sheets_format import HEADER, Row, Unreadable, parse_rows, read_rows, to_row
from concierge.adapters.providers.sheets_http import (
    DEFAULT_WAIT_BUDGET,
    GOOGLE_ROOT,
    MAX_WAIT_BUDGET,
    SCOPES,
    WAIT_ATTEMPTS,
    SheetsHTTPClient,
    call_deadline,
    failures,
    write_may_have_landed,
)
from concierge.adapters.store import Admit, Change, SnapshotStore
from concierge.domain.booking import Booking, BookingDraft
from concierge.domain.errors import ToolError
from concierge.domain.seen_day import SeenDay
from concierge.domain.venue import Venue

log = logging.getLogger(__name__)

MAX_DECISION_COPY_SECONDS = 10.0


_LOCAL_SNAPSHOTS = LocalSnapshots()
_SHEET_IDS: dict[tuple, int] = {}  # worksheet title -> sheetId, stable for a worksheet's life


_REFILLS: dict[str, threading.Lock] = {}
_REFILLS_GUARD = threading.Lock()


@contextmanager
def _one_refill(key: str) -> Iterator[None]:
    """One Sheets read per worksheet at a time in this process when its copy has expired: the others wait for
    it, within their call's wait budget, then look again (and read themselves if it failed)."""
    with _REFILLS_GUARD:
        lock = _REFILLS.setdefault(key, threading.Lock())
    deadline = call_deadline.get()
    wait = DEFAULT_WAIT_BUDGET if deadline is None else max(0.0, deadline - time.monotonic())
    held = lock.acquire(timeout=wait)
    try:
        yield
    finally:
        if held:
            lock.release()


class _Unlocked(Exception):
    """`change` asked for a day whose lease is not held: take it and start over."""

    def __init__(self, day: dt.date) -> None:
        self.day = day


class SheetsProvider(BookingProvider):
    needs = ("lease", "snapshots")

    def __init__(
        self,
        config: Mapping[str, Any],
        env: Mapping[str, str],
        *,
        lease: Lease | None = None,
        snapshots: SnapshotStore | None = None,
    ) -> None:
        self.spreadsheet_id = str(config.get("spreadsheet_id") or "")
        self.credentials_env = str(config.get("credentials_env") or "")
        if not self.spreadsheet_id or not self.credentials_env:
            raise ProviderNotConfigured("The sheets provider needs spreadsheet_id and credentials_env.")
        self.worksheet = config.get("worksheet")
        self.api_root = str(config.get("base_url") or GOOGLE_ROOT).rstrip("/")
        self.timeout = float(config.get("timeout_seconds", 5))
        self.cache_seconds = float(config.get("cache_seconds", 5))
        self.wait_budget = min(MAX_WAIT_BUDGET, max(0.0, float(config.get("wait_budget_seconds", DEFAULT_WAIT_BUDGET))))
        self.env = env
        self.lease = lease or in_process_lease()
        self.copies = WorksheetCopies(snapshots or _LOCAL_SNAPSHOTS, self.cache_seconds)
        # A crashed writer's lease (15 s) must outlive any copy it may have decided on, and a venue whose staff
        # take bookings in the sheet at the same moment can ask for a fresh read before every booking.
        self.decide_on_copies = self.cache_seconds <= MAX_DECISION_COPY_SECONDS and not config.get(
            "fresh_decisions", False
        )
        self._http: HTTPClient | None = None
        self._http_lock = threading.Lock()

    # --- port ------------------------------------------------------------------------------------
    def bookings_on(self, venue: Venue, day: dt.date) -> list[Booking]:
        return self.bookings_between(venue, day, day)

    def bookings_for_phone(self, venue: Venue, phone: str, from_day: dt.date) -> list[Booking]:
        with self._failures(venue):
            found = [
                e.booking
                for e in self._rows(venue, fresh=False)
                if e.booking.phone == phone and e.booking.day >= from_day
            ]
        return sorted(found, key=Booking.sort_key)

    def bookings_between(self, venue: Venue, first_day: dt.date, last_day: dt.date) -> list[Booking]:
        with self._failures(venue):
            found = [e.booking for e in self._rows(venue, fresh=False) if first_day <= e.booking.day <= last_day]
        return sorted(found, key=Booking.sort_key)

    def get(self, venue: Venue, booking_id: str) -> Booking:
        """From this process's recent read when it has the booking; otherwise from a fresh one."""
        with self._failures(venue):
            cached, _ = self.copies.look(self._snapshot_key(venue))
            hits = [e for e in parse_rows(venue, cached.values if cached else []) if e.booking.booking_id == booking_id]
            if len(hits) == 1:
                return hits[0].booking
            return self._find(venue, self._rows(venue, fresh=True), booking_id).booking

    def create(self, venue: Venue, draft: BookingDraft, admit: Admit) -> Booking:
        with self._failures(venue), self.lease(self._lease_name(venue, "rows")):
            seen = self._decision_view(venue)
            values = seen.values
            try:
                admit(SeenDay.of([e.booking for e in parse_rows(venue, values) if e.booking.day == draft.day]))
            except ToolError:
                if not seen.by_writer:  # a read made holding the lease is as good as a writer's copy: keep it
                    self._written(venue, values, seen)
                raise
            booking = Booking(booking_id=uuid.uuid4().hex[:16], venue_id=venue.id, **draft.model_dump())
            appended = [to_row(booking)] if values else [HEADER, to_row(booking)]  # an empty worksheet gets its header
            after: list[list[str]] | None = None
            try:
                self._http_client().values_append(
                    self.spreadsheet_id,
                    self._range(venue, "A:H"),
                    params={"valueInputOption": "RAW", "insertDataOption": "INSERT_ROWS"},
                    body={"values": appended},
                )
                after = values + appended
            except Exception as exc:
                if not write_may_have_landed(exc) or not self._landed(venue, booking.booking_id):
                    raise
                log.info("sheets append for venue %s answered badly but the row is there", venue.id)
            finally:
                self._written(venue, after, seen)
            return booking

    def update(self, venue: Venue, booking_id: str, change: Change) -> Booking:
        with self._failures(venue):
            days = self._days_touched(venue, booking_id, change)
            for _ in range(3):
                try:
                    return self._update_holding(venue, booking_id, change, days)
                except _Unlocked as missing:
                    days.add(missing.day)
            raise BackendUnavailable("the rows kept moving under the update")

    def cancel(self, venue: Venue, booking_id: str) -> None:
        """Under the worksheet's lease only: removing a row shifts the others, and can never overbook."""
        with self._failures(venue), self.lease(self._lease_name(venue, "rows")):
            seen = self._read(venue, fresh=True)
            values = seen.values
            row_number = self._find(venue, parse_rows(venue, values), booking_id).number
            after: list[list[str]] | None = None
            try:
                try:
                    self._delete_row(venue, row_number)
                except APIError as exc:
                    if exc.response.status_code != 400:
                        raise
                    _SHEET_IDS.pop(self._key(venue), None)  # the worksheet was recreated under a new id
                    self._delete_row(venue, row_number)
                after = values[: row_number - 1] + values[row_number:]
            finally:
                self._written(venue, after, seen)

    def unreadable_rows(self, venue: Venue) -> list[Unreadable]:
        """The rows every tool skips because they cannot be read (for `concierge providers check`)."""
        with self._failures(venue):
            return read_rows(venue, self._values(venue, fresh=True))[1]

    def _delete_row(self, venue: Venue, row_number: int) -> None:
        self._http_client().batch_update(
            self.spreadsheet_id,
            {
                "requests": [
                    {
                        "deleteDimension": {
                            "range": {
                                "sheetId": self._sheet_id(venue),
                                "dimension": "ROWS",
                                "startIndex": row_number - 1,
                                "endIndex": row_number,
                            }
                        }
                    }
                ]
            },
        )

    # --- update in two steps: guess the days, then decide on a fresh read holding their leases -----------
    def _days_touched(self, venue: Venue, booking_id: str, change: Change) -> set[dt.date]:
        """The booking's day and the day `change` moves it to, from a snapshot (cached when possible)."""
        rows = self._rows(venue, fresh=False)
        current = next((e.booking for e in rows if e.booking.booking_id == booking_id), None)
        if current is None:
            return set()
        asked = {current.day}

        def reader(day: dt.date) -> SeenDay:
            asked.add(day)
            return SeenDay.of([e.booking for e in rows if e.booking.day == day])

        try:
            asked.add(change(current, reader).day)
        except ToolError:
            pass  # decided again on the fresh read
        return asked

    def _update_holding(self, venue: Venue, booking_id: str, change: Change, days: set[dt.date]) -> Booking:
        with ExitStack() as held:
            for name in [self._lease_name(venue, "rows")] + [self._lease_name(venue, d) for d in sorted(days)]:
                held.enter_context(self.lease(name))
            seen = self._read(venue, fresh=True)
            values = seen.values
            rows = parse_rows(venue, values)
            entry = self._find(venue, rows, booking_id)
            row_number, current = entry.number, entry.booking
            if current.day not in days:
                raise _Unlocked(current.day)

            def reader(day: dt.date) -> SeenDay:
                if day not in days:
                    raise _Unlocked(day)
                return SeenDay.of([e.booking for e in rows if e.booking.day == day])

            updated = change(current, reader).model_copy(update={"booking_id": booking_id, "venue_id": venue.id})
            if updated.day not in days:
                raise _Unlocked(updated.day)
            row = to_row(updated, created_at=entry.created_at)
            after: list[list[str]] | None = None
            try:
                self._http_client().values_update(
                    self.spreadsheet_id,
                    self._range(venue, f"A{row_number}:H{row_number}"),
                    params={"valueInputOption": "RAW"},
                    body={"values": [row]},
                )
                after = values[: row_number - 1] + [row] + values[row_number:]
            finally:
                self._written(venue, after, seen)
            return updated

    # --- reading ---------------------------------------------------------------------------------
    def _rows(self, venue: Venue, fresh: bool) -> list[Row]:
        """Every booking with its row: one values read, or this process's recent one."""
        return parse_rows(venue, self._values(venue, fresh))

    def _values(self, venue: Venue, fresh: bool) -> Cells:
        """The worksheet's cells: the shared copy while it is fresh (unless `fresh`), else one Sheets read,
        offered to the others."""
        return self._read(venue, fresh).values

    def _read(self, venue: Venue, fresh: bool) -> View:
        key = self._snapshot_key(venue)
        found, generation = self.copies.look(key)
        if not fresh and found is not None:
            return found
        if fresh:
            view = self._read_sheet(venue, generation)
            self.copies.offer(key, view)
            return view
        with _one_refill(key):  # the callers of this process that find the copy expired together
            found, generation = self.copies.look(key)
            if found is not None:
                return found  # another caller's read, just offered
            view = self._read_sheet(venue, generation)
            self.copies.offer(key, view)
            return view

    def _decision_view(self, venue: Venue) -> View:
        """What a create decides on, holding the worksheet's lease: the last writer's copy while it is fresh
        (every write of ours since its read is in it), else a fresh read."""
        found, generation = self.copies.look(self._snapshot_key(venue))
        if found is not None and found.by_writer and self.decide_on_copies:
            return found
        return self._read_sheet(venue, generation)

    def _read_sheet(self, venue: Venue, generation: int) -> View:
        """One Sheets values read; fresh until `cache_seconds` after it started."""
        fresh_until = now() + dt.timedelta(seconds=self.cache_seconds)
        answer = self._http_client().values_get(self.spreadsheet_id, self._range(venue, "A:H"))
        values = answer.get("values", [])
        if not isinstance(values, list) or not all(isinstance(r, list) for r in values):
            raise ValueError("values is not a list of rows")
        return View([[str(cell) for cell in r] for r in values], generation, fresh_until, by_writer=False)

    def _written(self, venue: Venue, after: Cells | None, decided_on: View) -> None:
        self.copies.written(self._snapshot_key(venue), after, decided_on)

    def _landed(self, venue: Venue, booking_id: str) -> bool:
        """After a write whose outcome is unknown (timeout, 5xx, garbled answer): is the row there?"""
        try:
            return any(e.booking.booking_id == booking_id for e in self._rows(venue, fresh=True))
        except Exception:
            return False

    def _find(self, venue: Venue, rows: list[Row], booking_id: str) -> Row:
        found = [e for e in rows if e.booking.booking_id == booking_id]
        if len(found) > 1:
            raise BackendRefused(detail="the booking id is on more than one row")
        if not found:
            raise BookingGone()
        return found[0]

    def _sheet_id(self, venue: Venue) -> int:
        key = self._key(venue)
        if key not in _SHEET_IDS:
            meta = self._http_client().fetch_sheet_metadata(self.spreadsheet_id)
            titles = {s["properties"]["title"]: s["properties"]["sheetId"] for s in meta.get("sheets", [])}
            if self._title(venue) not in titles:
                raise ProviderNotConfigured(
                    f'No worksheet "{self._title(venue)}" in the spreadsheet.', code="SHEET_NOT_FOUND"
                )
            _SHEET_IDS[key] = int(titles[self._title(venue)])
        return _SHEET_IDS[key]

    # --- plumbing --------------------------------------------------------------------------------
    def _title(self, venue: Venue) -> str:
        return str(self.worksheet or venue.id)

    def _range(self, venue: Venue, cells: str) -> str:
        return "'" + self._title(venue).replace("'", "''") + "'!" + cells

    def _key(self, venue: Venue) -> tuple:
        return (self.api_root, self.spreadsheet_id, self._title(venue))

    def _snapshot_key(self, venue: Venue) -> str:
        return "sheets|" + "|".join(self._key(venue))

    def _lease_name(self, venue: Venue, part: dt.date | str) -> str:
        return f"sheets:{self.spreadsheet_id}:{self._title(venue)}:{part}"

    def _http_client(self) -> HTTPClient:
        with self._http_lock:
            if self._http is None:
                raw = self.env.get(self.credentials_env)
                if not raw:
                    raise ProviderNotConfigured(f"The environment variable {self.credentials_env} is not set.")
                try:
                    client = gspread.service_account_from_dict(
                        json.loads(raw),
                        scopes=SCOPES,
                        http_client=functools.partial(
                            SheetsHTTPClient, api_root=self.api_root, attempts=WAIT_ATTEMPTS, budget=self.wait_budget
                        ),
                    )
                except Exception:
                    raise ProviderNotConfigured(
                        f"{self.credentials_env} does not hold a service-account JSON key."
                    ) from None
                client.set_timeout(self.timeout)
                self._http = client.http_client
            return self._http

    def _failures(self, venue: Venue) -> ContextManager[None]:
        return failures(venue.id, self._title(venue), self.wait_budget)
