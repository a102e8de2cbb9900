"""The plan queue port: run a confirmed plan (or its rollback) later, over HTTP, exactly once per name.

Each task is named after (kind, plan_id, tag), so enqueuing the same triple again is a no-op:
a re-confirm cannot execute a plan twice. Production uses Cloud Tasks (cloud_tasks.py); the
embedded local server delivers on its own threads (inprocess.py).
"""

from __future__ import annotations

import hashlib
import re
from abc import ABC, abstractmethod
from typing import Literal

Kind = Literal["execute", "rollback"]
KINDS: tuple[Kind, ...] = ("execute", "rollback")

MAX_TASK_ID = 500  # Cloud Tasks' limit on a task id
_NOT_ALLOWED = re.compile(r"[^A-Za-z0-9_-]")


class QueueUnavailable(Exception):
    """The task could not be enqueued; nothing was enqueued."""


class PlanQueue(ABC):
    @abstractmethod
    def enqueue(self, kind: Kind, plan_id: str, tag: str = "") -> None:
        """Deliver a POST with JSON body {"plan_id": plan_id} to the function for `kind`
        (plan_execute / plan_rollback). Enqueuing the same (kind, plan_id, tag) again is a no-op
        (the task name is derived from them), so a re-confirm cannot enqueue twice. Raises QueueUnavailable."""


def task_body(plan_id: str) -> dict:
    """A task carries the plan's id and nothing else: no credential ever sits in a queue."""
    return {"plan_id": plan_id}


def task_id(kind: Kind, plan_id: str, tag: str = "") -> str:
    """`{kind}-{plan_id}[-{tag}]` in the characters Cloud Tasks allows.

    When characters had to be replaced (or the id is too long), a hash of the original is
    appended, so two different plans can never end up with the same name.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown task kind {kind!r}; expected one of {KINDS}")
    raw = "-".join(part for part in (kind, plan_id, tag) if part)
    safe = _NOT_ALLOWED.sub("_", raw)
    if safe != raw or len(safe) > MAX_TASK_ID:
        digest = hashlib.sha256(raw.encode()).hexdigest()[:16]
        safe = f"{safe[: MAX_TASK_ID - len(digest) - 1]}-{digest}"
    return safe
