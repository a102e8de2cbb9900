"""The production store: Cloud Firestore, one module per role beside this one.

Layout:
  venues/{venue_id}                                {kb: <knowledge base>}
  venues/{venue_id}/bookings, days, slot_keys      the booking role: see firestore_bookings
  idempotency/{sha256 of key}                      fingerprint, status, payload, expires_at, lease_until
  plans/{plan_id}                                  plan (JSON), session_id, status, blocked, updated_at, expire_at
  sessions/{session_id}                            state (JSON): the conversation's pending request, expire_at
  leases/{sha256 of name}                          name, holder, until: writers of a back-end without transactions
  snapshots/{sha256 of key}                        key, body (JSON), fresh_until, generation: shared back-end reads
  operators/{operator_id}                          name, email, key_hash (SHA-256 of the key), created_at, revoked_at
  operator_emails/{sha256 of email}                operator_id, while that operator is active (one per email)
  conversations, conversation_threads, conversation_answers, client_profiles: see firestore_conversations

Writes are optimistic (see firestore_base): a precondition on what was read instead of a transaction.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json

from google.api_core import exceptions as google_errors
from google.cloud import firestore

from concierge.adapters.store import IdempotencyRecord, Snapshot, Store, is_store_key, record_is_stale
from concierge.adapters.store.firestore_base import Collision
from concierge.adapters.store.firestore_bookings import FirestoreBookings
from concierge.adapters.store.firestore_conversations import FirestoreConversations
from concierge.adapters.store.operators import EmailTaken
from concierge.domain.operators import Operator, OperatorRecord

BATCH_LIMIT = 500  # writes per Firestore batch
DEFAULT_PLAN_RETENTION = dt.timedelta(days=30)


class FirestoreStore(FirestoreBookings, FirestoreConversations, Store):
    plan_retention: dt.timedelta = DEFAULT_PLAN_RETENTION  # `expire_at` of plans and sessions: the TTL policy's field

    def close(self) -> None:
        """Close the client's channels (the server calls it when it stops)."""
        self.db.close()

    @classmethod
    def connect(
        cls, project: str, database: str = "(default)", plan_retention: dt.timedelta = DEFAULT_PLAN_RETENTION
    ) -> "FirestoreStore":
        store = cls(firestore.Client(project=project, database=database))
        store.plan_retention = plan_retention
        return store

    def _expire_at(self) -> dt.datetime:
        return dt.datetime.now(dt.timezone.utc) + self.plan_retention

    # --- references ------------------------------------------------------------------------------
    def _idempotency(self, key: str):
        return self.db.collection("idempotency").document(hashlib.sha256(key.encode()).hexdigest())

    # --- venues ------------------------------------------------------------------------------------
    def get_venue(self, venue_id: str) -> dict | None:
        if not is_store_key(venue_id):
            return None
        snapshot = self._venue(venue_id).get()
        return snapshot.to_dict()["kb"] if snapshot.exists else None

    def put_venues(self, venues: dict[str, dict]) -> None:
        if len(venues) > BATCH_LIMIT:
            raise ValueError(f"a knowledge base may hold at most {BATCH_LIMIT} venues per import")
        batch = self.db.batch()
        for venue_id, body in venues.items():
            batch.set(self._venue(venue_id), {"kb": body})
        batch.commit()

    def venue_ids(self) -> list[str]:
        return sorted(ref.id for ref in self.db.collection("venues").list_documents())

    # --- plans and sessions ------------------------------------------------------------------------
    def _plan_fields(self, plan) -> dict:
        return {
            "plan": plan.model_dump_json(),
            "session_id": plan.session_id,
            "status": plan.status,
            "blocked": plan.status == "executing" and plan.blocking_prompt is not None,
            "updated_at": firestore.SERVER_TIMESTAMP,
            "expire_at": self._expire_at(),
        }

    def create_plan(self, plan) -> None:
        self.db.collection("plans").document(plan.plan_id).create(self._plan_fields(plan))

    def get_plan(self, plan_id: str):
        from concierge.domain.plans import ExecutionPlan

        if not is_store_key(plan_id):
            return None
        snapshot = self.db.collection("plans").document(plan_id).get()
        return ExecutionPlan.model_validate_json(snapshot.get("plan")) if snapshot.exists else None

    def update_plan(self, plan_id, change):
        """Read, change, and write on condition that nobody wrote the plan in between."""
        from concierge.domain.plans import ExecutionPlan

        ref = self.db.collection("plans").document(self._key(plan_id))

        def attempt():
            snapshot = ref.get()
            if not snapshot.exists:
                raise LookupError(plan_id)
            updated = change(ExecutionPlan.model_validate_json(snapshot.get("plan")))
            try:
                ref.update(
                    self._plan_fields(updated), option=self.db.write_option(last_update_time=snapshot.update_time)
                )
            except (google_errors.FailedPrecondition, google_errors.NotFound):
                raise Collision() from None
            return updated

        return self._retrying(attempt)

    def _plans(self, *filters):
        from concierge.domain.plans import ExecutionPlan

        query = self.db.collection("plans")
        for field, op, value in filters:
            query = query.where(filter=firestore.FieldFilter(field, op, value))
        return [ExecutionPlan.model_validate_json(s.get("plan")) for s in query.stream()]

    def plans_in_status(self, status: str):
        return self._plans(("status", "==", status))

    def blocked_plans_of_session(self, session_id: str):
        return self._plans(("session_id", "==", session_id), ("blocked", "==", True))

    def get_session(self, session_id: str) -> dict | None:
        if not is_store_key(session_id):
            return None
        snapshot = self.db.collection("sessions").document(session_id).get()
        return json.loads(snapshot.get("state")) if snapshot.exists else None

    def put_session(self, session_id: str, state: dict) -> None:
        self.db.collection("sessions").document(self._key(session_id)).set(
            {"state": json.dumps(state), "updated_at": firestore.SERVER_TIMESTAMP, "expire_at": self._expire_at()}
        )

    def purge_plans(self, now):
        """Firestore's TTL policy deletes them within a day of `expire_at`; the sweep does it on time."""
        return sum(self._purge(collection, "expire_at", now) for collection in ("plans", "sessions"))

    # --- leases --------------------------------------------------------------------------------------
    def _lease(self, name: str):
        return self.db.collection("leases").document(hashlib.sha256(name.encode()).hexdigest())

    def acquire_lease(self, name, holder, now, until) -> bool:
        """Create the lease document (one write when nobody holds it, the common case), or else read it and
        take it over when it expired, or extend it when it is ours, on condition nobody else did first."""
        ref = self._lease(name)
        lease = {"name": name, "holder": holder, "until": until}
        try:
            ref.create(lease)
            return True
        except google_errors.AlreadyExists:
            pass
        snapshot = ref.get()
        try:
            if not snapshot.exists:  # released in between
                ref.create(lease)
                return True
            if snapshot.get("holder") != holder and snapshot.get("until") > now:
                return False
            ref.update(
                {"holder": holder, "until": until}, option=self.db.write_option(last_update_time=snapshot.update_time)
            )
            return True
        except (google_errors.AlreadyExists, google_errors.FailedPrecondition, google_errors.NotFound):
            return False

    def release_lease(self, name, holder) -> None:
        ref = self._lease(name)
        snapshot = ref.get()
        if snapshot.exists and snapshot.get("holder") == holder:
            try:
                ref.delete(option=self.db.write_option(last_update_time=snapshot.update_time))
            except (google_errors.FailedPrecondition, google_errors.NotFound):
                pass  # taken over after it expired: no longer ours to release

    # --- snapshots -----------------------------------------------------------------------------------
    def _snapshot(self, key: str):
        return self.db.collection("snapshots").document(hashlib.sha256(key.encode()).hexdigest())

    def get_snapshot(self, key):
        doc = self._snapshot(key).get()
        if not doc.exists:
            return None
        return Snapshot(doc.get("body"), doc.get("fresh_until"), int(doc.get("generation")))

    def offer_snapshot(self, key, generation, body, fresh_until) -> bool:
        """Kept on condition the document is the one whose generation was seen (a precondition, no lock)."""
        ref = self._snapshot(key)
        doc = ref.get()
        try:
            if not doc.exists:
                if generation != 0:
                    return False
                ref.create({"key": key, "body": body, "fresh_until": fresh_until, "generation": 0})
                return True
            if int(doc.get("generation")) != generation:
                return False
            ref.update(
                {"body": body, "fresh_until": fresh_until},
                option=self.db.write_option(last_update_time=doc.update_time),
            )
            return True
        except (google_errors.AlreadyExists, google_errors.FailedPrecondition, google_errors.NotFound):
            return False

    def replace_snapshot(self, key, body, fresh_until, expected=None) -> None:
        ref = self._snapshot(key)
        if expected is not None and body is not None:
            doc = ref.get()
            seen = int(doc.get("generation")) if doc.exists else 0
            if seen == expected:
                try:
                    if doc.exists:
                        ref.update(
                            {"body": body, "fresh_until": fresh_until, "generation": seen + 1},
                            option=self.db.write_option(last_update_time=doc.update_time),
                        )
                    else:
                        ref.create({"key": key, "body": body, "fresh_until": fresh_until, "generation": 1})
                    return
                except (google_errors.AlreadyExists, google_errors.FailedPrecondition, google_errors.NotFound):
                    pass  # another writer got there first: drop below
            body = None
        ref.set(
            {"key": key, "body": body, "fresh_until": fresh_until, "generation": firestore.Increment(1)}, merge=True
        )

    # --- idempotency ---------------------------------------------------------------------------------
    def claim_idempotency(self, key, fingerprint, now, lease_until, expires_at):
        ref = self._idempotency(key)
        claim = {
            "fingerprint": fingerprint,
            "status": "in_progress",
            "payload": None,
            "expires_at": expires_at,
            "lease_until": lease_until,
        }

        def attempt() -> IdempotencyRecord | None:
            try:
                ref.create(claim)  # a key's first delivery (the common case): one write, no read
                return None
            except google_errors.AlreadyExists:
                pass
            snapshot = ref.get()
            if not snapshot.exists:  # released or purged since: claim it again
                raise Collision()
            data = snapshot.to_dict()
            payload = json.loads(data["payload"]) if data.get("payload") else None
            record = IdempotencyRecord(
                key=key,
                fingerprint=data["fingerprint"],
                status=data["status"],
                payload=payload,
                expires_at=data["expires_at"],
                lease_until=data.get("lease_until"),
            )
            if not record_is_stale(record, now):
                return record
            try:
                ref.update(claim, option=self.db.write_option(last_update_time=snapshot.update_time))
            except (google_errors.FailedPrecondition, google_errors.NotFound):
                raise Collision() from None
            return None

        return self._retrying(attempt)

    def complete_idempotency(self, key, payload, expires_at):
        # JSON text, not a map: Firestore maps do not keep key order, and a replay must be identical.
        self._idempotency(key).update(
            {"status": "completed", "payload": json.dumps(payload), "expires_at": expires_at, "lease_until": None}
        )

    def release_idempotency(self, key):
        self._idempotency(key).delete()

    def purge_idempotency(self, now):
        return self._purge("idempotency", "expires_at", now)

    def _purge(self, collection: str, field: str, now: dt.datetime) -> int:
        expired = self.db.collection(collection).where(filter=firestore.FieldFilter(field, "<=", now))
        count = 0
        batch = self.db.batch()
        for snapshot in expired.stream():
            batch.delete(snapshot.reference)
            count += 1
            if count % BATCH_LIMIT == 0:
                batch.commit()
                batch = self.db.batch()
        batch.commit()
        return count

    # --- operators -------------------------------------------------------------------------------------
    def _operator_email(self, email: str):
        return self.db.collection("operator_emails").document(hashlib.sha256(email.encode()).hexdigest())

    def add_operator(self, record: OperatorRecord) -> None:
        """The operator and its email guard in one batch: a second active operator with that email fails whole."""
        op = record.operator
        batch = self.db.batch()
        if op.email:
            batch.create(self._operator_email(op.email), {"operator_id": op.operator_id})
        batch.create(
            self.db.collection("operators").document(op.operator_id),
            {
                "name": op.name,
                "email": op.email,
                "key_hash": record.key_hash,
                "created_at": record.created_at,
                "revoked_at": record.revoked_at,
            },
        )
        try:
            batch.commit()
        except google_errors.AlreadyExists:
            if op.email and self._operator_email(op.email).get().exists:
                raise EmailTaken(op.email) from None
            raise

    @staticmethod
    def _operator_record(snapshot) -> OperatorRecord:
        data = snapshot.to_dict()
        return OperatorRecord(
            Operator(snapshot.id, data["name"], data.get("email")),
            data["key_hash"],
            data["created_at"],
            data.get("revoked_at"),
        )

    def _active_operator(self, field: str, value: str) -> Operator | None:
        query = self.db.collection("operators").where(filter=firestore.FieldFilter(field, "==", value))
        for snapshot in query.stream():
            record = self._operator_record(snapshot)
            if record.active:
                return record.operator
        return None

    def operator_for_key(self, key_hash: str) -> Operator | None:
        return self._active_operator("key_hash", key_hash)

    def operator_for_email(self, email: str) -> Operator | None:
        return self._active_operator("email", email)

    def operators(self) -> list[OperatorRecord]:
        records = [self._operator_record(s) for s in self.db.collection("operators").stream()]
        return sorted(records, key=lambda r: (r.created_at, r.operator.operator_id))

    def revoke_operator(self, operator_id: str, at: dt.datetime) -> bool:
        ref = self.db.collection("operators").document(operator_id)
        snapshot = ref.get()
        if not snapshot.exists or snapshot.get("revoked_at") is not None:
            return False
        email = snapshot.get("email")
        batch = self.db.batch()
        batch.update(ref, {"revoked_at": at}, option=self.db.write_option(last_update_time=snapshot.update_time))
        if email:
            batch.delete(self._operator_email(email))
        try:
            batch.commit()
        except (google_errors.FailedPrecondition, google_errors.NotFound):
            return False
        return True
