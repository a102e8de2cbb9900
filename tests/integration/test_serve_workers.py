"""`concierge serve --workers N`: N processes answer on one port, share one store without losing a
booking to a race, and stop together."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections import Counter

import httpx

from tests.support.serve_process import ServeProcess, cpu_ticks


def race(url: str, bodies: list[dict]) -> Counter:
    """Every body at create_booking at the same moment, each on its own connection and thread."""
    start = threading.Barrier(len(bodies))
    outcomes: list[str] = []
    lock = threading.Lock()

    def one(body: dict) -> None:
        with httpx.Client(timeout=60) as client:
            start.wait()
            response = client.post(f"{url}/api/create_booking", json=body)
        code = "OK" if response.status_code == 200 else response.json()["error_code"]
        with lock:
            outcomes.append(code)

    threads = [threading.Thread(target=one, args=(body,)) for body in bodies]
    [t.start() for t in threads]
    [t.join() for t in threads]
    return Counter(outcomes)


def guest(i: int, time: str, venue: str = "duo") -> dict:
    return {
        "restaurant_id": venue,
        "day": "2026-02-20",
        "time": time,
        "people": 2,
        "name": f"Guest {i}",
        "phone": f"+39333100{i:04d}",
    }


def test_two_worker_processes_answer_on_one_port_and_races_across_them_hold(tmp_path, store_kind):
    server = ServeProcess(tmp_path / "data", store_kind, threads=4, workers=2)
    try:
        workers = server.worker_pids()
        assert len(workers) == 2 and server.process.pid not in workers
        before = {pid: cpu_ticks(pid) for pid in workers}
        for time_ in ("19:00", "20:00", "21:00"):
            assert race(server.url, [guest(i, time_) for i in range(20)]) == Counter({"OK": 2, "SLOT_FULL": 18})
            full = httpx.post(
                f"{server.url}/api/check_openings", json={"restaurant_id": "duo", "day": "2026-02-20", "time": time_}
            )
            assert full.json()["reason"] == "full"
        same = guest(7, "20:00", venue="roma")
        assert race(server.url, [same] * 10) == Counter({"OK": 1, "DUPLICATE_BOOKING": 9})
        listed = httpx.post(f"{server.url}/api/list_bookings", json={"restaurant_id": "roma", "phone": same["phone"]})
        assert listed.json()["count"] == 1
        assert all(cpu_ticks(pid) > before[pid] for pid in workers), "each worker answered some of the calls"
        assert server.stop() == 0
        assert not any(os.path.exists(f"/proc/{pid}") for pid in workers)
    finally:
        server.stop()


def test_when_a_worker_dies_the_others_are_stopped_and_the_server_exits_with_a_failure(tmp_path):
    server = ServeProcess(tmp_path / "data", "sqlite", threads=2, workers=2)
    try:
        first, second = server.worker_pids()
        os.kill(first, signal.SIGKILL)
        server.process.wait(timeout=60)
        assert server.process.returncode != 0
        deadline = time.monotonic() + 10
        while os.path.exists(f"/proc/{second}") and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not os.path.exists(f"/proc/{second}")
        assert "stopping the others" in server.output()
    finally:
        server.stop()


def test_a_console_sign_in_on_one_worker_is_honoured_by_every_worker(tmp_path):
    import subprocess
    import sys

    from tests.support.console import Console

    data = tmp_path / "data"
    added = subprocess.run(
        [sys.executable, "-m", "concierge.cli", "operators", "add", "Front desk", "--data", str(data)],
        capture_output=True,
        text=True,
        check=True,
    )
    key = added.stdout.strip().splitlines()[-1]
    server = ServeProcess(data, "sqlite", threads=2, workers=2)
    console = Console(server.url)
    try:
        assert console.sign_in(key).status_code in (302, 303)
        answers = []
        for _ in range(20):  # each on a new connection, so the workers take turns as the kernel hands them out
            with httpx.Client(base_url=server.url, cookies=console.client.cookies, timeout=30) as fresh:
                answers.append(fresh.get("/console/").status_code)
        assert answers == [200] * 20
    finally:
        console.close()
        server.stop()
