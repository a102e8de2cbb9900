"""The conversation role on the embedded store (tables created beside the others).

Expired rows are deleted by `purge_conversations`; Firestore's TTL policy does the same there.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from contextlib import AbstractContextManager
from typing import Callable

from concierge.domain.conversation import ClientProfile, Conversation, ConversationStatus, Message

SCHEMA = """
CREATE TABLE IF NOT EXISTS conversations (
    conversation_key TEXT PRIMARY KEY,
    venue_id TEXT NOT NULL,
    thread_id TEXT NOT NULL,
    status TEXT NOT NULL,
    customer_phone TEXT,
    updated_at TEXT NOT NULL,
    expire_at TEXT NOT NULL,
    body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS conversations_by_status ON conversations (venue_id, status);
CREATE INDEX IF NOT EXISTS conversations_by_phone ON conversations (venue_id, customer_phone);
CREATE TABLE IF NOT EXISTS conversation_threads (
    venue_id TEXT NOT NULL,
    thread_id TEXT NOT NULL,
    conversation_key TEXT NOT NULL,
    PRIMARY KEY (venue_id, thread_id)
);
CREATE TABLE IF NOT EXISTS conversation_messages (
    conversation_key TEXT NOT NULL,
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (conversation_key, seq)
);
CREATE TABLE IF NOT EXISTS conversation_answers (
    venue_id TEXT NOT NULL,
    thread_id TEXT NOT NULL,
    message_id TEXT NOT NULL,
    conversation_key TEXT NOT NULL,
    expire_at TEXT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (venue_id, thread_id, message_id)
);
CREATE TABLE IF NOT EXISTS client_profiles (
    venue_id TEXT NOT NULL,
    phone TEXT NOT NULL,
    expire_at TEXT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (venue_id, phone)
);
"""


def _iso(value: dt.datetime) -> str:
    return value.astimezone(dt.timezone.utc).isoformat()


class SqliteConversations:
    """Mixed into SqliteStore, which provides the connection and the atomic step."""

    _conn: Callable[[], sqlite3.Connection]
    _atomic: Callable[[], AbstractContextManager[sqlite3.Connection]]

    def current_conversation(self, venue_id: str, thread_id: str) -> Conversation | None:
        row = (
            self._conn()
            .execute(
                "SELECT c.body FROM conversation_threads t"
                " JOIN conversations c ON c.conversation_key = t.conversation_key"
                " WHERE t.venue_id = ? AND t.thread_id = ?",
                (venue_id, thread_id),
            )
            .fetchone()
        )
        return Conversation.model_validate_json(row[0]) if row else None

    def get_conversation(self, venue_id: str, conversation_key: str) -> Conversation | None:
        row = (
            self._conn()
            .execute(
                "SELECT body FROM conversations WHERE venue_id = ? AND conversation_key = ?",
                (venue_id, conversation_key),
            )
            .fetchone()
        )
        return Conversation.model_validate_json(row[0]) if row else None

    def save_conversation(
        self, conversation: Conversation, new_messages: list[Message], expire_at: dt.datetime
    ) -> Conversation:
        first = conversation.message_count
        saved = conversation.model_copy(update={"message_count": first + len(new_messages)})
        with self._atomic() as conn:
            conn.executemany(
                "INSERT INTO conversation_messages (conversation_key, seq, body) VALUES (?, ?, ?)",
                [(saved.conversation_key, first + i, m.model_dump_json()) for i, m in enumerate(new_messages)],
            )
            conn.execute(
                "INSERT INTO conversations (conversation_key, venue_id, thread_id, status, customer_phone, updated_at,"
                " expire_at, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (conversation_key) DO UPDATE SET"
                " status = excluded.status, customer_phone = excluded.customer_phone,"
                " updated_at = excluded.updated_at, expire_at = excluded.expire_at, body = excluded.body",
                (
                    saved.conversation_key,
                    saved.venue_id,
                    saved.thread_id,
                    saved.status,
                    saved.customer_phone,
                    _iso(saved.updated_at),
                    _iso(expire_at),
                    saved.model_dump_json(),
                ),
            )
            conn.execute(
                "INSERT INTO conversation_threads (venue_id, thread_id, conversation_key) VALUES (?, ?, ?)"
                " ON CONFLICT (venue_id, thread_id) DO UPDATE SET conversation_key = excluded.conversation_key",
                (saved.venue_id, saved.thread_id, saved.conversation_key),
            )
        return saved

    def _owned(self, venue_id: str, conversation_key: str) -> bool:
        return (
            self._conn()
            .execute(
                "SELECT 1 FROM conversations WHERE venue_id = ? AND conversation_key = ?", (venue_id, conversation_key)
            )
            .fetchone()
            is not None
        )

    def messages(self, venue_id: str, conversation_key: str, since: int = 0) -> list[Message]:
        if not self._owned(venue_id, conversation_key):
            return []
        rows = self._conn().execute(
            "SELECT body FROM conversation_messages WHERE conversation_key = ? AND seq >= ? ORDER BY seq",
            (conversation_key, since),
        )
        return [Message.model_validate_json(r[0]) for r in rows]

    def recent_messages(self, conversation: Conversation, limit: int) -> list[Message]:
        if limit <= 0:
            return []
        rows = (
            self._conn()
            .execute(
                "SELECT body FROM conversation_messages WHERE conversation_key = ? ORDER BY seq DESC LIMIT ?",
                (conversation.conversation_key, limit),
            )
            .fetchall()
        )
        return [Message.model_validate_json(r[0]) for r in reversed(rows)]

    def conversations_in_status(self, venue_id: str, status: ConversationStatus) -> list[Conversation]:
        rows = self._conn().execute(
            "SELECT body FROM conversations WHERE venue_id = ? AND status = ? ORDER BY updated_at DESC",
            (venue_id, status),
        )
        return [Conversation.model_validate_json(r[0]) for r in rows]

    def get_profile(self, venue_id: str, phone: str) -> ClientProfile | None:
        row = (
            self._conn()
            .execute("SELECT body FROM client_profiles WHERE venue_id = ? AND phone = ?", (venue_id, phone))
            .fetchone()
        )
        return ClientProfile.model_validate_json(row[0]) if row else None

    def save_profile(self, profile: ClientProfile, expire_at: dt.datetime) -> None:
        with self._atomic() as conn:
            conn.execute(
                "INSERT INTO client_profiles (venue_id, phone, expire_at, body) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (venue_id, phone) DO UPDATE SET expire_at = excluded.expire_at, body = excluded.body",
                (profile.venue_id, profile.phone, _iso(expire_at), profile.model_dump_json()),
            )

    def answered(self, venue_id: str, thread_id: str, message_id: str) -> dict | None:
        row = (
            self._conn()
            .execute(
                "SELECT body FROM conversation_answers WHERE venue_id = ? AND thread_id = ? AND message_id = ?",
                (venue_id, thread_id, message_id),
            )
            .fetchone()
        )
        return json.loads(row[0]) if row else None

    def record_answer(
        self,
        venue_id: str,
        thread_id: str,
        message_id: str,
        conversation_key: str,
        answer: dict,
        expire_at: dt.datetime,
    ) -> None:
        with self._atomic() as conn:
            conn.execute(
                "INSERT INTO conversation_answers (venue_id, thread_id, message_id, conversation_key, expire_at, body)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (venue_id, thread_id, message_id, conversation_key, _iso(expire_at), json.dumps(answer)),
            )

    def client_threads(self, venue_id: str, phone: str) -> list[str]:
        rows = self._conn().execute(
            "SELECT DISTINCT thread_id FROM conversations WHERE venue_id = ? AND customer_phone = ? ORDER BY thread_id",
            (venue_id, phone),
        )
        return [r[0] for r in rows]

    def forget_client(self, venue_id: str, phone: str) -> int:
        with self._atomic() as conn:
            keys = [
                r[0]
                for r in conn.execute(
                    "SELECT conversation_key FROM conversations WHERE venue_id = ? AND customer_phone = ?",
                    (venue_id, phone),
                )
            ]
            for key in keys:
                conn.execute("DELETE FROM conversation_messages WHERE conversation_key = ?", (key,))
                conn.execute("DELETE FROM conversation_answers WHERE conversation_key = ?", (key,))
                conn.execute("DELETE FROM conversation_threads WHERE conversation_key = ?", (key,))
                conn.execute("DELETE FROM conversations WHERE conversation_key = ?", (key,))
            conn.execute("DELETE FROM client_profiles WHERE venue_id = ? AND phone = ?", (venue_id, phone))
        return len(keys)

    def purge_conversations(self, now: dt.datetime) -> int:
        """Delete conversations, answers and profiles past their retention; how many conversations."""
        cutoff = _iso(now)
        with self._atomic() as conn:
            keys = [
                r[0] for r in conn.execute("SELECT conversation_key FROM conversations WHERE expire_at <= ?", (cutoff,))
            ]
            for key in keys:
                conn.execute("DELETE FROM conversation_messages WHERE conversation_key = ?", (key,))
                conn.execute("DELETE FROM conversation_threads WHERE conversation_key = ?", (key,))
                conn.execute("DELETE FROM conversations WHERE conversation_key = ?", (key,))
            conn.execute("DELETE FROM conversation_answers WHERE expire_at <= ?", (cutoff,))
            conn.execute("DELETE FROM client_profiles WHERE expire_at <= ?", (cutoff,))
        return len(keys)
