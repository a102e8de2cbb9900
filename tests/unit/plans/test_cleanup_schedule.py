"""The local server's cleanup schedule: runs the sweep on time, survives a failing sweep, stops cleanly."""

from __future__ import annotations

import threading

import pytest

from concierge.settings import Settings
from concierge.plans.cleanup_schedule import CleanupSchedule


def test_the_sweep_runs_again_and_again_until_stopped():
    ran = threading.Semaphore(0)

    def sweep() -> dict:
        ran.release()
        return {"expired": 0}

    schedule = CleanupSchedule(sweep, interval=0.01).start()
    assert all(ran.acquire(timeout=5) for _ in range(3))
    schedule.stop()
    assert not schedule.running


def test_a_sweep_that_raises_does_not_end_the_schedule():
    calls: list[int] = []
    again = threading.Event()

    def sweep() -> dict:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("store unavailable")
        again.set()
        return {"expired": 1}

    schedule = CleanupSchedule(sweep, interval=0.01).start()
    assert again.wait(5)
    schedule.stop()
    assert len(calls) >= 2


def test_stopping_does_not_wait_for_the_next_interval():
    schedule = CleanupSchedule(dict, interval=3600).start()
    schedule.stop(timeout=2)
    assert not schedule.running


def test_an_interval_of_zero_is_not_a_schedule():
    with pytest.raises(ValueError):
        CleanupSchedule(dict, interval=0).start()


def test_the_schedule_and_the_clarification_limit_are_read_from_the_environment():
    settings = Settings.from_env({"CONCIERGE_CLEANUP_SECONDS": "15", "CONCIERGE_MAX_CLARIFICATIONS": "5"})
    assert (settings.cleanup_seconds, settings.max_clarifications) == (15, 5)
    assert (Settings.from_env({}).cleanup_seconds, Settings.from_env({}).max_clarifications) == (60, 3)
