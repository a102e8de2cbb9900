"""The cleanup sweep on a schedule, for the local server (Cloud Scheduler calls `plans_cleanup` when deployed).

A daemon thread runs the sweep every `interval` seconds until `stop()`: a sweep that raises is logged
and the next one runs on time, so one bad plan does not end the schedule.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import Callable

log = logging.getLogger("concierge.plans")


@dataclass
class CleanupSchedule:
    sweep: Callable[[], dict]
    interval: float  # seconds between the end of one sweep and the start of the next
    _stop: threading.Event = field(default_factory=threading.Event, init=False)
    _thread: threading.Thread | None = field(default=None, init=False)

    def start(self) -> "CleanupSchedule":
        if self.interval <= 0:
            raise ValueError("the cleanup interval must be a positive number of seconds")
        self._thread = threading.Thread(target=self._run, name="plans-cleanup", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                outcome = self.sweep()
                if any(outcome.values()):
                    log.info("plans cleanup: %s", outcome)
            except Exception:
                log.exception("plans cleanup failed; trying again in %g s", self.interval)

    def stop(self, timeout: float = 10) -> None:
        """Ask the thread to end and wait for the sweep in progress, if any, to finish."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()
