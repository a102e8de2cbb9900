"""The store port, by role: each service asks only for the roles it uses.

    VenueStore        venues' knowledge bases
    BookingStore      the built-in provider's bookings
    PlanStore         plans and the planning sessions of the plan lifecycle
    LeaseStore        named leases: mutual exclusion for back-ends without transactions
    IdempotencyStore  records of replayed tool calls
    OperatorStore     the operators who plan and confirm, and their keys
    ConversationStore the chat receptionist's conversations (grows with it)

`Store` is all of them: what an adapter (SQLite, Firestore) implements and what bootstrap hands out.

Writes that must see a consistent day (create, update) take a callback that runs inside the
store's atomic step, so the capacity and duplicate checks and the write cannot interleave
with another writer's.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from abc import abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Literal, Protocol

from concierge.adapters.store.conversations import ConversationStore
from concierge.adapters.store.operators import OperatorStore
from concierge.domain.booking import Booking, BookingDraft
from concierge.domain.occupancy import Occupancy
from concierge.domain.seen_day import SeenDay

if TYPE_CHECKING:
    from concierge.domain.plans import ExecutionPlan


class BookingMissing(LookupError):
    """No active booking with that id at that venue."""


class SlotTaken(Exception):
    """Another active booking has the same phone, day and time."""


class StoreBusy(Exception):
    """The atomic step kept colliding with other writers and gave up; nothing was written."""


@dataclass(frozen=True)
class IdempotencyRecord:
    key: str
    fingerprint: str  # hash of the tool and its arguments
    status: Literal["in_progress", "completed"]
    payload: dict | None  # the tool's answer, once completed
    expires_at: dt.datetime
    lease_until: dt.datetime | None  # an in-progress claim older than this may be taken over


DayReader = Callable[[dt.date], SeenDay]
Admit = Callable[[SeenDay], None]
Change = Callable[[Booking, DayReader], Booking]


class VenueStore(Protocol):
    """Venues' knowledge bases, as the venue schema's dicts."""

    @abstractmethod
    def get_venue(self, venue_id: str) -> dict | None: ...

    @abstractmethod
    def put_venues(self, venues: dict[str, dict]) -> None:
        """Write every venue of a knowledge base at once: all or nothing."""

    @abstractmethod
    def venue_ids(self) -> list[str]: ...


class BookingStore(Protocol):
    """Bookings of the built-in provider."""

    @abstractmethod
    def bookings_on(self, venue_id: str, day: dt.date) -> list[Booking]: ...

    @abstractmethod
    def occupancy_on(self, venue_id: str, day: dt.date) -> Occupancy:
        """What the day's active bookings hold at each start time, read whole (never drifts from them:
        every create, update and cancel changes it in the same atomic step)."""

    @abstractmethod
    def bookings_for_phone(self, venue_id: str, phone: str, from_day: dt.date) -> list[Booking]: ...

    @abstractmethod
    def bookings_between(self, venue_id: str, first_day: dt.date, last_day: dt.date) -> list[Booking]:
        """Active bookings from first_day to last_day inclusive, in time order."""

    @abstractmethod
    def get_booking(self, venue_id: str, booking_id: str) -> Booking | None: ...

    @abstractmethod
    def create_booking(self, venue_id: str, draft: BookingDraft, admit: Admit) -> Booking:
        """Run `admit` on the day as this step sees it and write the draft, as one atomic step.

        SlotTaken when the same phone already holds that day and time; StoreBusy when the
        step could not get through."""

    @abstractmethod
    def update_booking(self, venue_id: str, booking_id: str, change: Change) -> Booking:
        """Re-read the booking, let `change` build its new version, write it: one atomic step.

        `change` may read other days through the DayReader it is given (inside the same step)
        and raise ToolError to refuse. BookingMissing when the booking is gone.
        """

    @abstractmethod
    def cancel_booking(self, venue_id: str, booking_id: str) -> None:
        """Cancel an active booking; BookingMissing when it is missing or already cancelled."""


class PlanStore(Protocol):
    """Plans of the plan lifecycle and the planning sessions that lead to them, kept for a retention."""

    @abstractmethod
    def create_plan(self, plan: ExecutionPlan) -> None: ...

    @abstractmethod
    def get_plan(self, plan_id: str) -> ExecutionPlan | None: ...

    @abstractmethod
    def update_plan(self, plan_id: str, change: Callable[[ExecutionPlan], ExecutionPlan]) -> ExecutionPlan:
        """Re-read the plan, let `change` return its next version, write it: one atomic step.

        `change` may raise to leave the plan as it was. LookupError when there is no such plan."""

    @abstractmethod
    def plans_in_status(self, status: str) -> list[ExecutionPlan]:
        """Every plan in a status (for the scheduled cleanup)."""

    @abstractmethod
    def blocked_plans_of_session(self, session_id: str) -> list[ExecutionPlan]:
        """Plans of a session executing with a blocking_prompt set (at most one, by invariant)."""

    @abstractmethod
    def get_session(self, session_id: str) -> dict | None: ...

    @abstractmethod
    def put_session(self, session_id: str, state: dict) -> None: ...

    @abstractmethod
    def purge_plans(self, now: dt.datetime) -> int:
        """Delete plans and sessions whose retention ended at `now` (each write restarts it); how many.

        Every write stamps `expire_at` = wall-clock now + the store's plan retention, which is also
        the field of Firestore's TTL policy."""


class LeaseStore(Protocol):
    """Named leases: mutual exclusion for back-ends without transactions."""

    @abstractmethod
    def acquire_lease(self, name: str, holder: str, now: dt.datetime, until: dt.datetime) -> bool:
        """Take the lease `name` for `holder` until `until`, atomically; False while another holds it.

        A lease past its `until` is free again, so a crashed holder blocks others for one term at most."""

    @abstractmethod
    def release_lease(self, name: str, holder: str) -> None:
        """Give the lease back, if `holder` still has it."""


@dataclass(frozen=True)
class Snapshot:
    """A copy of a back-end's read shared by every instance: its JSON `body` (None once a writer dropped it),
    fresh until `fresh_until`, and the `generation` writers move on."""

    body: str | None
    fresh_until: dt.datetime
    generation: int


class SnapshotStore(Protocol):
    """Short-lived copies of a back-end's reads, so one read serves every instance (Sheets' per-minute quota)."""

    @abstractmethod
    def get_snapshot(self, key: str) -> Snapshot | None: ...

    @abstractmethod
    def offer_snapshot(self, key: str, generation: int, body: str, fresh_until: dt.datetime) -> bool:
        """Keep a reader's copy, unless a writer replaced the snapshot since `generation` was seen (its read
        may predate that write); False when not kept."""

    @abstractmethod
    def replace_snapshot(
        self, key: str, body: str | None, fresh_until: dt.datetime, expected: int | None = None
    ) -> None:
        """A writer's copy (None: drop it); the generation moves on, so no older read can overwrite it.

        `expected`: the generation the writer's own read saw; if another writer replaced the snapshot since,
        the copy may lack that write, so it is dropped instead."""


class IdempotencyStore(Protocol):
    """Records of replayed tool calls."""

    @abstractmethod
    def claim_idempotency(
        self, key: str, fingerprint: str, now: dt.datetime, lease_until: dt.datetime, expires_at: dt.datetime
    ) -> IdempotencyRecord | None:
        """Atomically claim `key` (an in-progress record) and return None, or return the record
        that holds it. A record past `expires_at`, or in progress past its lease, is claimed anew."""

    @abstractmethod
    def complete_idempotency(self, key: str, payload: dict, expires_at: dt.datetime) -> None: ...

    @abstractmethod
    def release_idempotency(self, key: str) -> None:
        """Forget a claim whose call failed in a way worth retrying."""

    @abstractmethod
    def purge_idempotency(self, now: dt.datetime) -> int:
        """Delete expired records; how many."""


class Store(
    VenueStore,
    BookingStore,
    PlanStore,
    LeaseStore,
    SnapshotStore,
    IdempotencyStore,
    OperatorStore,
    ConversationStore,
    Protocol,
):
    """Every role at once: what a store adapter implements."""


def record_is_stale(record: IdempotencyRecord, now: dt.datetime) -> bool:
    """Expired, or an in-progress claim whose lease ran out (its worker died): claim it anew."""
    if record.expires_at <= now:
        return True
    return record.status == "in_progress" and record.lease_until is not None and record.lease_until <= now


_STORE_KEY = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:@+-]{0,255}$")


def is_store_key(value: object) -> bool:
    """An id that is safe as a document id or row key: no "/", not "." or "..", no "__x__", bounded.

    The edges validate ids with stricter patterns; the stores check again, so a caller that skips
    the edge (a new entry point, a plan step) finds nothing instead of an error."""
    return isinstance(value, str) and _STORE_KEY.match(value) is not None


def new_booking_id() -> str:
    """12 random hex digits (48 bits), as the first 12 of a random UUID's were."""
    return os.urandom(6).hex()
