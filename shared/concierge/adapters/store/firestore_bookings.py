"""The booking role on Firestore: the built-in provider's bookings and the day documents that guard them.

Layout:
  venues/{venue_id}/bookings/{booking_id}          day, time, people, name, phone, notes, status, created_at
  venues/{venue_id}/days/{YYYY-MM-DD}              writes: a counter every writer of that day moves on;
                                                   occupancy: {"HH:MM": [bookings, covers]}, the day's active
                                                   bookings by start time; occupancy_writes: the writes it counts
  venues/{venue_id}/slot_keys/{phone}|{day}|{time} booking_id, while that booking is active

A writer reads the day document (noting its update time) and what it needs of the day (its stored
occupancy, its bookings when that is not enough), decides, then commits one atomic batch that bumps
the day document on condition that it is unchanged. A query does not lock the absence of documents,
so without this two writers could both see room and both write; with it, whoever commits second
finds the day changed, re-reads and decides again. The slot
key is created, never overwritten, so a duplicate phone, day and time fails at commit whatever else
happens: a create is admitted from the day document alone (read, commit) and reads the caller's slot
key only to tell a refusal apart (is the caller's own booking what fills the slot?).

The day document also carries the day's occupancy, so an availability check reads that one
document. Every create, update and cancel writes the occupancy of each day it touches in the same
batch as the booking, from what it read of that day under the same precondition: a day whose
bookings it queried is counted from them, any other starts from its stored occupancy. So the
occupancy cannot drift from the bookings: a batch that would change one without the other, or
start from a stale count, fails whole. A day document without an occupancy (written before it was
kept), or whose `writes` moved on without it (a writer that does not keep it), is counted from its
bookings by the next reader, which stores the count on condition that the day is still unchanged.

Transactions would do the same on Firestore itself, but writers that read the same document
and then all write it deadlock on the emulator until a lock timeout; preconditions need no
locks and take one round trip fewer.
"""

from __future__ import annotations

import datetime as dt

from google.api_core import exceptions as google_errors
from google.cloud import firestore

from concierge.adapters.store import Admit, BookingMissing, Change, SlotTaken, is_store_key, new_booking_id
from concierge.adapters.store.firestore_base import Collision, FirestoreBase
from concierge.domain.booking import Booking, BookingDraft
from concierge.domain.errors import ToolError
from concierge.domain.occupancy import Occupancy, OccupancyDrift
from concierge.domain.replays import booking_id_for
from concierge.domain.seen_day import SeenDay

ACTIVE = "active"


def _booking(venue_id: str, snapshot) -> Booking:
    data = snapshot.to_dict()
    return Booking(
        booking_id=snapshot.id,
        venue_id=venue_id,
        day=dt.date.fromisoformat(data["day"]),
        time=data["time"],
        people=data["people"],
        name=data["name"],
        phone=data["phone"],
        notes=data.get("notes"),
    )


def _slot_key(booking: Booking | BookingDraft) -> str:
    return f"{booking.phone}|{booking.day.isoformat()}|{booking.time}"


def _stored_occupancy(data: dict) -> Occupancy | None:
    """The occupancy a day document holds; None when it has none, or a writer that does not keep it wrote since."""
    if "occupancy" not in data or data.get("occupancy_writes") != data.get("writes"):
        return None
    return Occupancy.from_document(data["occupancy"])


class _Day:
    """One day document as a write read it."""

    def __init__(self, snapshot) -> None:
        self.exists: bool = snapshot.exists
        self.update_time = snapshot.update_time if snapshot.exists else None
        data = snapshot.to_dict() if snapshot.exists else {}
        self.writes = int(data.get("writes") or 0)
        # No document: no booking was ever written that day.
        self.stored = _stored_occupancy(data) if snapshot.exists else Occupancy()
        self.bookings: list[Booking] | None = None  # the day's bookings, when this write queried them


class _DayGuard:
    """Reads days for one write, carries their occupancy through it, and makes the commit conditional on
    those days being unchanged."""

    def __init__(self, store: "FirestoreBookings", venue_id: str) -> None:
        self.store = store
        self.venue_id = venue_id
        self.days: dict[dt.date, _Day] = {}
        self.changed: dict[dt.date, Occupancy] = {}  # occupancy of a day after this write's changes

    def _day(self, day: dt.date) -> _Day:
        if day not in self.days:
            self.days[day] = _Day(self.store._day_lock(self.venue_id, day).get())
        return self.days[day]

    def read(self, day: dt.date) -> list[Booking]:
        seen = self._day(day)
        seen.bookings = self.store.bookings_on(self.venue_id, day)
        return seen.bookings

    def seen(self, day: dt.date) -> SeenDay:
        """The day for an admit: its stored occupancy when current; whether a phone holds a time is its slot
        key, read only if the admit asks (a duplicate fails at commit on that key whatever the admit saw)."""

        def holds(phone: str, time: str) -> bool:
            return self.store._slot(self.venue_id, f"{phone}|{day.isoformat()}|{time}").get().exists

        return SeenDay(self.occupancy(day), holds, commit_refuses_duplicates=True)

    def occupancy(self, day: dt.date) -> Occupancy:
        """The day's occupancy as this write leaves it so far."""
        if day in self.changed:
            return self.changed[day]
        seen = self._day(day)
        if seen.bookings is not None:
            return Occupancy.of(seen.bookings)
        if seen.stored is not None:
            return seen.stored
        return Occupancy.of(self.read(day))  # kept by no one yet: counted from the bookings

    def move(self, before: Booking | None, after: Booking | None) -> None:
        """`before` becomes `after` (None: nothing; a create has no before, a cancel no after)."""
        if before is not None:
            try:
                self.changed[before.day] = self.occupancy(before.day).minus(before)
            except OccupancyDrift:
                # The booking as read has moved on since (its own precondition would fail this commit: read it
                # again), or the stored count was edited by hand (counted again from the bookings).
                try:
                    self.changed[before.day] = Occupancy.of(self.read(before.day)).minus(before)
                except OccupancyDrift:
                    raise Collision() from None
        if after is not None:
            self.changed[after.day] = self.occupancy(after.day).plus(after)

    def bump(self, batch) -> None:
        """Every day read moves on, with its occupancy, on condition that nobody wrote it since it was read."""
        for day, seen in self.days.items():
            ref = self.store._day_lock(self.venue_id, day)
            writes = seen.writes + 1
            fields = {"writes": writes, "occupancy": self.occupancy(day).to_document(), "occupancy_writes": writes}
            if not seen.exists:
                batch.create(ref, fields)
            else:
                batch.update(ref, fields, option=self.store.db.write_option(last_update_time=seen.update_time))

    def commit(self, batch) -> None:
        try:
            batch.commit()
        except (google_errors.FailedPrecondition, google_errors.NotFound, google_errors.Aborted):
            raise Collision() from None
        except google_errors.AlreadyExists:
            # A day document created meanwhile, or the slot key of a real duplicate: when every
            # day document existed, only the slot key can have clashed.
            if not all(seen.exists for seen in self.days.values()):
                raise Collision() from None
            raise SlotTaken() from None


class FirestoreBookings(FirestoreBase):
    """Mixed into FirestoreStore."""

    def _bookings(self, venue_id: str):
        return self._venue(venue_id).collection("bookings")

    def _day_lock(self, venue_id: str, day: dt.date):
        return self._venue(venue_id).collection("days").document(day.isoformat())

    def _slot(self, venue_id: str, key: str):
        return self._venue(venue_id).collection("slot_keys").document(key)

    def _day_query(self, venue_id: str, day: dt.date):
        return (
            self._bookings(venue_id)
            .where(filter=firestore.FieldFilter("day", "==", day.isoformat()))
            .where(filter=firestore.FieldFilter("status", "==", ACTIVE))
        )

    def bookings_on(self, venue_id: str, day: dt.date) -> list[Booking]:
        found = [_booking(venue_id, s) for s in self._day_query(venue_id, day).stream()]
        return sorted(found, key=lambda b: b.time)

    def occupancy_on(self, venue_id: str, day: dt.date) -> Occupancy:
        """One document read. A day whose document has no current occupancy is counted from its bookings,
        and the count is stored on condition that the day is unchanged (a writer that got there first
        stores its own)."""
        ref = self._day_lock(venue_id, day)
        snapshot = ref.get()
        if not snapshot.exists:
            return Occupancy()
        data = snapshot.to_dict()
        stored = _stored_occupancy(data)
        if stored is not None:
            return stored
        counted = Occupancy.of(self.bookings_on(venue_id, day))
        try:
            ref.update(
                {"occupancy": counted.to_document(), "occupancy_writes": data.get("writes")},
                option=self.db.write_option(last_update_time=snapshot.update_time),
            )
        except (google_errors.FailedPrecondition, google_errors.NotFound):
            pass
        return counted

    def bookings_for_phone(self, venue_id: str, phone: str, from_day: dt.date) -> list[Booking]:
        query = (
            self._bookings(venue_id)
            .where(filter=firestore.FieldFilter("phone", "==", phone))
            .where(filter=firestore.FieldFilter("status", "==", ACTIVE))
            .where(filter=firestore.FieldFilter("day", ">=", from_day.isoformat()))
        )
        return sorted((_booking(venue_id, s) for s in query.stream()), key=lambda b: b.sort_key())

    def bookings_between(self, venue_id: str, first_day: dt.date, last_day: dt.date) -> list[Booking]:
        query = (
            self._bookings(venue_id)
            .where(filter=firestore.FieldFilter("status", "==", ACTIVE))
            .where(filter=firestore.FieldFilter("day", ">=", first_day.isoformat()))
            .where(filter=firestore.FieldFilter("day", "<=", last_day.isoformat()))
        )
        return sorted((_booking(venue_id, s) for s in query.stream()), key=lambda b: b.sort_key())

    def get_booking(self, venue_id: str, booking_id: str) -> Booking | None:
        if not (is_store_key(venue_id) and is_store_key(booking_id)):
            return None
        snapshot = self._bookings(venue_id).document(booking_id).get()
        if not snapshot.exists or snapshot.get("status") != ACTIVE:
            return None
        return _booking(venue_id, snapshot)

    def create_booking(self, venue_id: str, draft: BookingDraft, admit: Admit) -> Booking:
        """A keyed create (a replayable call) writes the booking under an id derived from its key, in the
        same batch as everything else: a replay after a crash finds it instead of writing it again. It is
        looked for only when the replay would otherwise be refused (its own booking fills the slot) or
        its write clashes (the booking is there): a first delivery pays no read for it."""
        booking_id = booking_id_for(draft.replay_key) if draft.replay_key else new_booking_id()
        booking = Booking(booking_id=booking_id, venue_id=venue_id, **draft.model_dump())
        ref = self._bookings(venue_id).document(booking_id)

        def written_before() -> Booking | None:
            snapshot = ref.get() if draft.replay_key else None
            return _booking(venue_id, snapshot) if snapshot is not None and snapshot.exists else None

        def attempt() -> Booking:
            guard = _DayGuard(self, venue_id)
            try:
                admit(guard.seen(draft.day))
            except ToolError:
                earlier = written_before()
                if earlier is not None:
                    return earlier
                raise
            guard.move(None, booking)
            batch = self.db.batch()
            guard.bump(batch)
            batch.create(self._slot(venue_id, _slot_key(booking)), {"booking_id": booking.booking_id})
            batch.create(
                ref,
                {
                    "day": booking.day.isoformat(),
                    "time": booking.time,
                    "people": booking.people,
                    "name": booking.name,
                    "phone": booking.phone,
                    "notes": booking.notes,
                    "status": ACTIVE,
                    "created_at": firestore.SERVER_TIMESTAMP,
                },
            )
            try:
                guard.commit(batch)
            except SlotTaken:
                earlier = written_before()  # committed by a crashed delivery of this call, or one racing it
                if earlier is not None:
                    return earlier
                raise
            return booking

        return self._retrying(attempt)

    def _active(self, venue_id: str, booking_id: str):
        if not is_store_key(booking_id):
            raise BookingMissing(booking_id)
        snapshot = self._bookings(venue_id).document(booking_id).get()
        if not snapshot.exists or snapshot.get("status") != ACTIVE:
            raise BookingMissing(booking_id)
        return snapshot

    def update_booking(self, venue_id: str, booking_id: str, change: Change) -> Booking:
        def attempt() -> Booking:
            snapshot = self._active(venue_id, booking_id)
            current = _booking(venue_id, snapshot)
            guard = _DayGuard(self, venue_id)
            updated = change(current, guard.seen)
            if (current.day, current.time, current.people) != (updated.day, updated.time, updated.people):
                guard.move(current, updated)
            batch = self.db.batch()
            guard.bump(batch)
            if _slot_key(updated) != _slot_key(current):
                batch.delete(self._slot(venue_id, _slot_key(current)))
                batch.create(self._slot(venue_id, _slot_key(updated)), {"booking_id": booking_id})
            batch.update(
                snapshot.reference,
                {
                    "day": updated.day.isoformat(),
                    "time": updated.time,
                    "people": updated.people,
                    "name": updated.name,
                    "phone": updated.phone,
                    "notes": updated.notes,
                },
                option=self.db.write_option(last_update_time=snapshot.update_time),
            )
            guard.commit(batch)
            return updated

        return self._retrying(attempt)

    def cancel_booking(self, venue_id: str, booking_id: str) -> None:
        """Cancelling only frees room, but the day's occupancy changes with it: the day is guarded too."""

        def attempt() -> None:
            snapshot = self._active(venue_id, booking_id)
            current = _booking(venue_id, snapshot)
            guard = _DayGuard(self, venue_id)
            guard.move(current, None)
            batch = self.db.batch()
            guard.bump(batch)
            batch.delete(self._slot(venue_id, _slot_key(current)))
            batch.update(
                snapshot.reference,
                {"status": "cancelled", "cancelled_at": firestore.SERVER_TIMESTAMP},
                option=self.db.write_option(last_update_time=snapshot.update_time),
            )
            guard.commit(batch)

        self._retrying(attempt)
