"""Operators: the people who plan, confirm and answer handed-over conversations, and their keys.

An operator key is a random secret shown once when it is issued; the store keeps only its
SHA-256. A slow password hash buys nothing for 256 random bits, and a plain hash lets one
indexed read find the operator, so checking a key costs the same whatever is offered.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import secrets
from dataclasses import dataclass

KEY_PREFIX = "cop_"
OPERATOR_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
MAX_NAME_LENGTH = 120
MAX_EMAIL_LENGTH = 254


@dataclass(frozen=True)
class Operator:
    """Who is acting: the id that owns plans and conversations, and how to address them."""

    operator_id: str
    name: str
    email: str | None = None


@dataclass(frozen=True)
class OperatorRecord:
    """An operator as the store keeps it: never the key, only its hash."""

    operator: Operator
    key_hash: str
    created_at: dt.datetime
    revoked_at: dt.datetime | None = None

    @property
    def active(self) -> bool:
        return self.revoked_at is None


def issue_key() -> str:
    """A new operator key: the prefix says what it is, 256 random bits make it unguessable."""
    return KEY_PREFIX + secrets.token_urlsafe(32)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def new_operator_id() -> str:
    return "op_" + secrets.token_hex(5)


def normalised_email(email: str | None) -> str | None:
    """Emails compare case-insensitively (Google reports them lower-case)."""
    if email is None or not email.strip():
        return None
    return email.strip().lower()


def new_operator(name: str, email: str | None, now: dt.datetime) -> tuple[OperatorRecord, str]:
    """A new operator record and its key (the only time the key exists in clear)."""
    name = " ".join(name.split())
    if not name or len(name) > MAX_NAME_LENGTH:
        raise ValueError(f"an operator's name must be 1 to {MAX_NAME_LENGTH} characters")
    email = normalised_email(email)
    if email is not None and (len(email) > MAX_EMAIL_LENGTH or not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", email)):
        raise ValueError(f'"{email}" is not an email address')
    key = issue_key()
    return OperatorRecord(Operator(new_operator_id(), name, email), key_hash(key), now), key
