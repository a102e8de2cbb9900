"""The in-process queue delivers on its own threads, once per task name, and survives a failing delivery."""

from __future__ import annotations

import logging
import threading

import pytest

from concierge.adapters.queue import QueueUnavailable
from concierge.adapters.queue.inprocess import InProcessQueue


class Recorder:
    """A deliver callback that records (kind, body, thread) and can be held until released."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict, str]] = []
        self.release = threading.Event()
        self.release.set()
        self._lock = threading.Lock()

    def __call__(self, kind: str, body: dict) -> None:
        self.release.wait(timeout=10)
        with self._lock:
            self.calls.append((kind, body, threading.current_thread().name))


def test_a_task_is_delivered_on_a_background_thread_with_the_plan_id_alone():
    deliver = Recorder()
    queue = InProcessQueue(deliver)
    queue.enqueue("execute", "p1")
    queue.close()
    [(kind, body, thread)] = deliver.calls
    assert (kind, body) == ("execute", {"plan_id": "p1"})
    assert thread != threading.current_thread().name


def test_enqueue_returns_before_the_delivery_runs():
    deliver = Recorder()
    deliver.release.clear()
    queue = InProcessQueue(deliver)
    queue.enqueue("execute", "p1")
    assert deliver.calls == []
    deliver.release.set()
    queue.close()
    assert [call[:2] for call in deliver.calls] == [("execute", {"plan_id": "p1"})]


def test_enqueuing_the_same_kind_plan_and_tag_again_delivers_once():
    deliver = Recorder()
    queue = InProcessQueue(deliver)
    for _ in range(3):
        queue.enqueue("execute", "p1")
    queue.close()
    assert len(deliver.calls) == 1


def test_a_different_kind_or_tag_is_a_different_task():
    deliver = Recorder()
    queue = InProcessQueue(deliver)
    queue.enqueue("execute", "p1")
    queue.enqueue("rollback", "p1")
    queue.enqueue("execute", "p1", tag="retry-1")
    queue.close()
    assert sorted(call[0] for call in deliver.calls) == ["execute", "execute", "rollback"]


def test_concurrent_enqueues_of_one_task_deliver_it_once():
    deliver = Recorder()
    queue = InProcessQueue(deliver, workers=4)
    start = threading.Barrier(8)

    def confirm():
        start.wait()
        queue.enqueue("execute", "p1")

    threads = [threading.Thread(target=confirm) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    queue.close()
    assert len(deliver.calls) == 1


def test_a_failing_delivery_is_logged_and_later_deliveries_still_run(caplog):
    delivered = []

    def deliver(kind: str, body: dict) -> None:
        if body["plan_id"] == "broken":
            raise RuntimeError("the plan blew up")
        delivered.append(body["plan_id"])

    queue = InProcessQueue(deliver, workers=1)
    with caplog.at_level(logging.ERROR, logger="concierge.adapters.queue.inprocess"):
        queue.enqueue("execute", "broken")
        queue.enqueue("execute", "fine")
        queue.close()
    assert delivered == ["fine"]
    [record] = caplog.records
    assert "execute-broken" in record.getMessage() and record.exc_info is not None


def test_close_waits_for_every_pending_delivery():
    deliver = Recorder()
    deliver.release.clear()
    queue = InProcessQueue(deliver, workers=2)
    for plan in ("p1", "p2", "p3", "p4"):
        queue.enqueue("execute", plan)
    threading.Timer(0.1, deliver.release.set).start()
    queue.close()
    assert sorted(call[1]["plan_id"] for call in deliver.calls) == ["p1", "p2", "p3", "p4"]


def test_enqueuing_after_close_raises_queue_unavailable_and_delivers_nothing():
    deliver = Recorder()
    queue = InProcessQueue(deliver)
    queue.close()
    with pytest.raises(QueueUnavailable):
        queue.enqueue("execute", "p1")
    assert deliver.calls == []
