"""The operator store role: who may plan and confirm, found by the hash of their key or by their email."""

from __future__ import annotations

import datetime as dt
from abc import abstractmethod
from typing import Protocol

from concierge.domain.operators import Operator, OperatorRecord


class EmailTaken(ValueError):
    """An active operator already has that email."""


class OperatorStore(Protocol):
    """Operators and their keys: the store role both adapters implement and the operator gate reads."""

    @abstractmethod
    def add_operator(self, record: OperatorRecord) -> None:
        """Store a new operator; EmailTaken when an active operator has the same email."""

    @abstractmethod
    def operator_for_key(self, key_hash: str) -> Operator | None:
        """The active operator whose key hashes to `key_hash`."""

    @abstractmethod
    def operator_for_email(self, email: str) -> Operator | None:
        """The active operator with that (lower-case) email."""

    @abstractmethod
    def operators(self) -> list[OperatorRecord]:
        """Every operator, revoked ones included, oldest first."""

    @abstractmethod
    def revoke_operator(self, operator_id: str, at: dt.datetime) -> bool:
        """Revoke an active operator's key; False when there is no such active operator."""
