"""Copies of a worksheet shared by every instance through the store's snapshot role, and when a writer may
decide on one instead of reading the sheet.

A copy is either a reader's (one Sheets read, offered to the others) or a writer's (the cells as the last
writer left them: what it decided on plus its own change). Both serve "is Thursday free?" while fresh. Only a
writer's copy may serve a booking decision: every writer holds the worksheet's lease, so the last writer's
copy holds every write of ours; a reader's read may have crossed a write still under way.

A copy is fresh until `cache_seconds` after the Sheets read it descends from *started*, and a writer's copy
keeps that bound (writers never extend it), so a row staff type in the sheet reaches every answer and every
decision within `cache_seconds`.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import threading
from dataclasses import dataclass

from concierge.adapters.store import Snapshot, SnapshotStore

log = logging.getLogger(__name__)

Cells = list[list[str]]


@dataclass(frozen=True)
class View:
    """A worksheet's cells as one caller sees them."""

    values: Cells
    generation: int  # the snapshot generation seen before reading them (-1: the store could not be read)
    fresh_until: dt.datetime  # the Sheets read they come from started `cache_seconds` before this
    by_writer: bool  # the last writer's copy (may serve a decision), or a reader's


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


class WorksheetCopies:
    """The snapshot role, read and written in the shapes above; a store failure only costs a Sheets read."""

    def __init__(self, snapshots: SnapshotStore, cache_seconds: float) -> None:
        self.snapshots, self.cache_seconds = snapshots, cache_seconds

    def look(self, key: str) -> tuple[View | None, int]:
        """The shared copy while fresh (else None), and the generation seen (-1 when the store failed)."""
        try:
            seen = self.snapshots.get_snapshot(key)
        except Exception as exc:  # noqa: BLE001 - read the sheet instead
            log.warning("sheets snapshot not read (%s): %s", key, type(exc).__name__)
            return None, -1
        if seen is None:
            return None, 0
        if seen.body is None or self.cache_seconds <= 0 or now() >= seen.fresh_until:
            return None, seen.generation
        body = json.loads(seen.body)
        if isinstance(body, dict):
            return View(body["values"], seen.generation, seen.fresh_until, bool(body.get("by_writer"))), seen.generation
        return View(body, seen.generation, seen.fresh_until, False), seen.generation

    def offer(self, key: str, view: View) -> None:
        """A reader's copy, kept unless a writer replaced the snapshot since `view.generation` was seen."""
        try:
            self.snapshots.offer_snapshot(key, view.generation, json.dumps(view.values), view.fresh_until)
        except Exception as exc:  # noqa: BLE001 - the answer stands without it
            log.warning("sheets snapshot not kept (%s): %s", key, type(exc).__name__)

    def written(self, key: str, after: Cells | None, decided_on: View) -> None:
        """After a write: the worksheet as the writer left it, fresh no longer than what it decided on, kept
        only if no other writer came between; when the outcome is unknown (`after` None), no copy at all."""
        keep = after is not None and decided_on.generation >= 0
        body = json.dumps({"values": after, "by_writer": True}) if keep else None
        try:
            self.snapshots.replace_snapshot(
                key,
                body,
                decided_on.fresh_until if keep else now(),
                expected=decided_on.generation if decided_on.generation >= 0 else None,
            )
        except Exception as exc:  # noqa: BLE001 - stale for cache_seconds at most
            log.warning("sheets snapshot not replaced (%s): %s", key, type(exc).__name__)


class LocalSnapshots(SnapshotStore):
    """The snapshot role inside one process, for a provider built without a store (tests, scripts)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._entries: dict[str, Snapshot] = {}

    def get_snapshot(self, key: str) -> Snapshot | None:
        with self._lock:
            return self._entries.get(key)

    def offer_snapshot(self, key: str, generation: int, body: str, fresh_until: dt.datetime) -> bool:
        with self._lock:
            current = self._entries.get(key)
            if (current.generation if current else 0) != generation:
                return False
            self._entries[key] = Snapshot(body, fresh_until, generation)
            return True

    def replace_snapshot(
        self, key: str, body: str | None, fresh_until: dt.datetime, expected: int | None = None
    ) -> None:
        with self._lock:
            generation = self._entries[key].generation if key in self._entries else 0
            keep = expected is None or expected == generation
            self._entries[key] = Snapshot(body if keep else None, fresh_until, generation + 1)
