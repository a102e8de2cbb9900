"""The embedded store: one SQLite file, WAL mode, a connection per thread; one module per role beside this one.

Atomic steps use BEGIN IMMEDIATE, which takes the database's write lock before the first
read, so two creates on the same slot run one after the other, even from two processes.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from concierge.adapters.store import IdempotencyRecord, Snapshot, Store, is_store_key, record_is_stale
from concierge.adapters.store.operators import EmailTaken
from concierge.adapters.store.sqlite_bookings import SCHEMA as BOOKING_SCHEMA, SqliteBookings
from concierge.adapters.store.sqlite_conversations import SCHEMA as CONVERSATION_SCHEMA, SqliteConversations
from concierge.domain.operators import Operator, OperatorRecord

_SCHEMA = """
CREATE TABLE IF NOT EXISTS venues (
    id TEXT PRIMARY KEY,
    body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS plans (
    plan_id TEXT PRIMARY KEY,
    session_id TEXT NOT NULL,
    status TEXT NOT NULL,
    blocked INTEGER NOT NULL DEFAULT 0,
    body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS plans_by_status ON plans (status);
CREATE INDEX IF NOT EXISTS plans_by_session ON plans (session_id, status, blocked);
CREATE TABLE IF NOT EXISTS sessions (
    session_id TEXT PRIMARY KEY,
    body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    until TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS snapshots (
    key TEXT PRIMARY KEY,
    body TEXT,
    fresh_until TEXT NOT NULL,
    generation INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS idempotency (
    key TEXT PRIMARY KEY,
    fingerprint TEXT NOT NULL,
    status TEXT NOT NULL,
    payload TEXT,
    expires_at TEXT NOT NULL,
    lease_until TEXT
);
CREATE TABLE IF NOT EXISTS operators (
    operator_id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT,
    key_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    revoked_at TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS one_active_operator_per_email ON operators (email)
    WHERE revoked_at IS NULL AND email IS NOT NULL;
"""


DEFAULT_PLAN_RETENTION = dt.timedelta(days=30)
# Tables whose rows carry `expire_at` (added to a file written before retention existed).
_RETAINED = ("plans", "sessions")


class SqliteStore(SqliteBookings, SqliteConversations, Store):
    def __init__(self, data_dir: str | Path, plan_retention: dt.timedelta = DEFAULT_PLAN_RETENTION) -> None:
        self.plan_retention = plan_retention
        self.path = Path(data_dir) / "concierge.db"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self._writer = threading.Lock()
        # Every connection opened, by the thread that opened it: a thread's connection is closed as soon as
        # a later one finds the thread gone, and every one by close(); none waits for the garbage collector.
        self._open: dict[threading.Thread, sqlite3.Connection] = {}
        self._open_lock = threading.Lock()
        self._conn().executescript(_SCHEMA + BOOKING_SCHEMA + CONVERSATION_SCHEMA)
        self._add_retention_columns()

    def _add_retention_columns(self) -> None:
        """Give plans and sessions their `expire_at`; rows written without one start their retention now."""

        def missing(conn: sqlite3.Connection) -> list[str]:
            return [t for t in _RETAINED if "expire_at" not in {r[1] for r in conn.execute(f"PRAGMA table_info({t})")}]

        if missing(self._conn()):
            with self._atomic() as conn:
                for table in missing(conn):  # again inside the lock: another process may have done it
                    conn.execute(f"ALTER TABLE {table} ADD COLUMN expire_at TEXT")
                    conn.execute(f"UPDATE {table} SET expire_at = ?", (self._expire_at(),))
        for table in _RETAINED:
            self._conn().execute(f"CREATE INDEX IF NOT EXISTS {table}_by_expiry ON {table} (expire_at)")

    def _expire_at(self) -> str:
        return (dt.datetime.now(dt.timezone.utc) + self.plan_retention).isoformat()

    def _conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            self._local.conn = conn
            with self._open_lock:
                for thread in [t for t in self._open if not t.is_alive()]:
                    self._open.pop(thread).close()
                self._open[threading.current_thread()] = conn
        return conn

    def open_connections(self) -> int:
        with self._open_lock:
            return len(self._open)

    def close(self) -> None:
        """Close every connection this store opened (a thread that uses the store again reopens its own)."""
        with self._open_lock:
            conns, self._open = list(self._open.values()), {}
        for conn in conns:
            conn.close()
        self._local = threading.local()

    @contextmanager
    def _atomic(self) -> Iterator[sqlite3.Connection]:
        """One write transaction. Threads of this process queue on a lock first: SQLite's own
        busy handler waits by sleeping in growing steps, which shows up as tail latency."""
        conn = self._conn()
        with self._writer:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    # --- venues ------------------------------------------------------------------------
    def get_venue(self, venue_id: str) -> dict | None:
        if not is_store_key(venue_id):
            return None  # the same ids as the Firestore store, so both answer alike
        row = self._conn().execute("SELECT body FROM venues WHERE id = ?", (venue_id,)).fetchone()
        return json.loads(row[0]) if row else None

    def put_venues(self, venues: dict[str, dict]) -> None:
        with self._atomic() as conn:
            conn.executemany(
                "INSERT INTO venues (id, body) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body",
                [(vid, json.dumps(body)) for vid, body in venues.items()],
            )

    def venue_ids(self) -> list[str]:
        return [r[0] for r in self._conn().execute("SELECT id FROM venues ORDER BY id")]

    # --- plans and sessions ----------------------------------------------------------------------
    def _plan_row(self, plan) -> tuple:
        return (
            plan.session_id,
            plan.status,
            int(plan.status == "executing" and plan.blocking_prompt is not None),
            plan.model_dump_json(),
            self._expire_at(),
            plan.plan_id,
        )

    def create_plan(self, plan) -> None:
        with self._atomic() as conn:
            conn.execute(
                "INSERT INTO plans (session_id, status, blocked, body, expire_at, plan_id) VALUES (?, ?, ?, ?, ?, ?)",
                self._plan_row(plan),
            )

    def get_plan(self, plan_id: str):
        from concierge.domain.plans import ExecutionPlan

        row = self._conn().execute("SELECT body FROM plans WHERE plan_id = ?", (plan_id,)).fetchone()
        return ExecutionPlan.model_validate_json(row[0]) if row else None

    def update_plan(self, plan_id, change):
        from concierge.domain.plans import ExecutionPlan

        with self._atomic() as conn:
            row = conn.execute("SELECT body FROM plans WHERE plan_id = ?", (plan_id,)).fetchone()
            if row is None:
                raise LookupError(plan_id)
            updated = change(ExecutionPlan.model_validate_json(row[0]))
            conn.execute(
                "UPDATE plans SET session_id = ?, status = ?, blocked = ?, body = ?, expire_at = ? WHERE plan_id = ?",
                self._plan_row(updated),
            )
        return updated

    def plans_in_status(self, status: str):
        from concierge.domain.plans import ExecutionPlan

        rows = self._conn().execute("SELECT body FROM plans WHERE status = ?", (status,))
        return [ExecutionPlan.model_validate_json(r[0]) for r in rows]

    def blocked_plans_of_session(self, session_id: str):
        from concierge.domain.plans import ExecutionPlan

        rows = self._conn().execute("SELECT body FROM plans WHERE session_id = ? AND blocked = 1", (session_id,))
        return [ExecutionPlan.model_validate_json(r[0]) for r in rows]

    def get_session(self, session_id: str) -> dict | None:
        row = self._conn().execute("SELECT body FROM sessions WHERE session_id = ?", (session_id,)).fetchone()
        return json.loads(row[0]) if row else None

    def put_session(self, session_id: str, state: dict) -> None:
        with self._atomic() as conn:
            conn.execute(
                "INSERT INTO sessions (session_id, body, expire_at) VALUES (?, ?, ?)"
                " ON CONFLICT (session_id) DO UPDATE SET body = excluded.body, expire_at = excluded.expire_at",
                (session_id, json.dumps(state), self._expire_at()),
            )

    def purge_plans(self, now):
        with self._atomic() as conn:
            cutoff = now.isoformat()
            return sum(conn.execute(f"DELETE FROM {t} WHERE expire_at <= ?", (cutoff,)).rowcount for t in _RETAINED)

    # --- leases ------------------------------------------------------------------------------------
    def acquire_lease(self, name, holder, now, until) -> bool:
        with self._atomic() as conn:
            row = conn.execute("SELECT holder, until FROM leases WHERE name = ?", (name,)).fetchone()
            if row is not None and row[0] != holder and dt.datetime.fromisoformat(row[1]) > now:
                return False
            conn.execute(
                "INSERT INTO leases (name, holder, until) VALUES (?, ?, ?) ON CONFLICT (name)"
                " DO UPDATE SET holder = excluded.holder, until = excluded.until",
                (name, holder, until.isoformat()),
            )
            return True

    def release_lease(self, name, holder) -> None:
        with self._atomic() as conn:
            conn.execute("DELETE FROM leases WHERE name = ? AND holder = ?", (name, holder))

    # --- snapshots -------------------------------------------------------------------------------
    def get_snapshot(self, key):
        with self._atomic() as conn:
            row = conn.execute("SELECT body, fresh_until, generation FROM snapshots WHERE key = ?", (key,)).fetchone()
        return Snapshot(row[0], dt.datetime.fromisoformat(row[1]), row[2]) if row else None

    def offer_snapshot(self, key, generation, body, fresh_until) -> bool:
        with self._atomic() as conn:
            row = conn.execute("SELECT generation FROM snapshots WHERE key = ?", (key,)).fetchone()
            if (row[0] if row else 0) != generation:
                return False
            conn.execute(
                "INSERT INTO snapshots (key, body, fresh_until, generation) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET body = excluded.body, fresh_until = excluded.fresh_until",
                (key, body, fresh_until.isoformat(), generation),
            )
            return True

    def replace_snapshot(self, key, body, fresh_until, expected=None) -> None:
        with self._atomic() as conn:
            if expected is not None:
                row = conn.execute("SELECT generation FROM snapshots WHERE key = ?", (key,)).fetchone()
                if (row[0] if row else 0) != expected:
                    body = None
            conn.execute(
                "INSERT INTO snapshots (key, body, fresh_until, generation) VALUES (?, ?, ?, 1)"
                " ON CONFLICT (key) DO UPDATE SET body = excluded.body, fresh_until = excluded.fresh_until,"
                " generation = snapshots.generation + 1",
                (key, body, fresh_until.isoformat()),
            )

    # --- idempotency ---------------------------------------------------------------------------
    def claim_idempotency(self, key, fingerprint, now, lease_until, expires_at):
        with self._atomic() as conn:
            row = conn.execute(
                "SELECT fingerprint, status, payload, expires_at, lease_until FROM idempotency WHERE key = ?", (key,)
            ).fetchone()
            if row is not None:
                record = IdempotencyRecord(
                    key=key,
                    fingerprint=row[0],
                    status=row[1],
                    payload=json.loads(row[2]) if row[2] else None,
                    expires_at=dt.datetime.fromisoformat(row[3]),
                    lease_until=dt.datetime.fromisoformat(row[4]) if row[4] else None,
                )
                if not record_is_stale(record, now):
                    return record
            conn.execute(
                "INSERT OR REPLACE INTO idempotency"
                " (key, fingerprint, status, payload, expires_at, lease_until)"
                " VALUES (?, ?, 'in_progress', NULL, ?, ?)",
                (key, fingerprint, expires_at.isoformat(), lease_until.isoformat()),
            )
            return None

    def complete_idempotency(self, key, payload, expires_at):
        with self._atomic() as conn:
            conn.execute(
                "UPDATE idempotency SET status = 'completed', payload = ?, expires_at = ?, lease_until = NULL"
                " WHERE key = ?",
                (json.dumps(payload), expires_at.isoformat(), key),
            )

    def release_idempotency(self, key):
        with self._atomic() as conn:
            conn.execute("DELETE FROM idempotency WHERE key = ?", (key,))

    def purge_idempotency(self, now):
        with self._atomic() as conn:
            return conn.execute("DELETE FROM idempotency WHERE expires_at <= ?", (now.isoformat(),)).rowcount

    # --- operators -------------------------------------------------------------------------------
    def add_operator(self, record: OperatorRecord) -> None:
        op = record.operator
        try:
            with self._atomic() as conn:
                conn.execute(
                    "INSERT INTO operators (operator_id, name, email, key_hash, created_at, revoked_at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        op.operator_id,
                        op.name,
                        op.email,
                        record.key_hash,
                        record.created_at.isoformat(),
                        record.revoked_at.isoformat() if record.revoked_at else None,
                    ),
                )
        except sqlite3.IntegrityError as exc:
            if op.email and "email" in str(exc):
                raise EmailTaken(op.email) from None
            raise

    def operator_for_key(self, key_hash: str) -> Operator | None:
        row = (
            self._conn()
            .execute(
                "SELECT operator_id, name, email FROM operators WHERE key_hash = ? AND revoked_at IS NULL", (key_hash,)
            )
            .fetchone()
        )
        return Operator(*row) if row else None

    def operator_for_email(self, email: str) -> Operator | None:
        row = (
            self._conn()
            .execute("SELECT operator_id, name, email FROM operators WHERE email = ? AND revoked_at IS NULL", (email,))
            .fetchone()
        )
        return Operator(*row) if row else None

    def operators(self) -> list[OperatorRecord]:
        rows = self._conn().execute(
            "SELECT operator_id, name, email, key_hash, created_at, revoked_at"
            " FROM operators ORDER BY created_at, operator_id"
        )
        return [
            OperatorRecord(
                Operator(r[0], r[1], r[2]),
                r[3],
                dt.datetime.fromisoformat(r[4]),
                dt.datetime.fromisoformat(r[5]) if r[5] else None,
            )
            for r in rows
        ]

    def revoke_operator(self, operator_id: str, at: dt.datetime) -> bool:
        with self._atomic() as conn:
            return (
                conn.execute(
                    "UPDATE operators SET revoked_at = ? WHERE operator_id = ? AND revoked_at IS NULL",
                    (at.isoformat(), operator_id),
                ).rowcount
                == 1
            )
