"""The embedded local server's queue: deliveries run on a small thread pool in this process.

A confirmed plan then executes within a second, without Cloud Tasks. Names are remembered for
the life of the process, which is as long as a local server's plans live.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Callable

from concierge.adapters.queue import Kind, PlanQueue, QueueUnavailable, task_body, task_id

logger = logging.getLogger(__name__)

Deliver = Callable[[str, dict], None]


class InProcessQueue(PlanQueue):
    def __init__(self, deliver: Deliver, workers: int = 2) -> None:
        self._deliver = deliver
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="plan-queue")
        self._names: set[str] = set()
        self._lock = threading.Lock()

    def enqueue(self, kind: Kind, plan_id: str, tag: str = "") -> None:
        name = task_id(kind, plan_id, tag)
        with self._lock:
            if name in self._names:
                return
            try:
                self._pool.submit(self._run, name, kind, task_body(plan_id))
            except RuntimeError as exc:  # the pool is shut down
                raise QueueUnavailable(f"the in-process queue is closed ({name} not enqueued)") from exc
            self._names.add(name)

    def close(self) -> None:
        """Wait for the pending deliveries; enqueuing afterwards raises QueueUnavailable."""
        self._pool.shutdown(wait=True)

    def _run(self, name: str, kind: str, body: dict) -> None:
        try:
            self._deliver(kind, body)
        except Exception:  # a worker has nobody to raise to: the plan's own state records the outcome
            logger.exception("delivering task %s failed", name)
