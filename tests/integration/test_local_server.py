"""`concierge serve` as a real process: it answers on its pool of worker threads, and thousands of
requests (with made-up venue ids among them) leave its open descriptors where warm-up left them."""

from __future__ import annotations

import threading

import httpx

from tests.support.serve_process import ServeProcess

CALLERS = 4


def mixed_request(client: httpx.Client, url: str, n: int) -> int:
    """Availability of a real venue, of a made-up one, a health check: the status code."""
    kind = n % 3
    if kind == 0:
        body = {"restaurant_id": "roma", "day": "2026-02-20", "time": "20:00", "people": 2}
        return client.post(f"{url}/api/check_openings", json=body).status_code
    if kind == 1:
        body = {"restaurant_id": f"made-up-{n}", "day": "2026-02-20", "time": "20:00", "people": 2}
        return client.post(f"{url}/api/check_openings", json=body).status_code
    return client.get(f"{url}/healthz").status_code


def send(url: str, count: int, statuses: dict[int, int]) -> None:
    """`count` mixed requests from CALLERS threads; every tenth on a new connection."""
    lock = threading.Lock()

    def caller(start: int) -> None:
        client = httpx.Client(timeout=30)
        try:
            for n in range(start, count, CALLERS):
                if n % 10 == 0:
                    client.close()
                    client = httpx.Client(timeout=30)
                status = mixed_request(client, url, n)
                with lock:
                    statuses[status] = statuses.get(status, 0) + 1
        finally:
            client.close()

    threads = [threading.Thread(target=caller, args=(i,)) for i in range(CALLERS)]
    [t.start() for t in threads]
    [t.join() for t in threads]


def test_the_server_answers_and_its_descriptors_stay_flat_over_thousands_of_requests(tmp_path, store_kind):
    server = ServeProcess(tmp_path / "data", store_kind, threads=4)
    try:
        real = httpx.post(
            f"{server.url}/api/check_openings",
            json={"restaurant_id": "roma", "day": "2026-02-20", "time": "20:00", "people": 2},
        )
        assert real.status_code == 200, real.text
        unknown = httpx.post(
            f"{server.url}/api/check_openings",
            json={"restaurant_id": "nowhere", "day": "2026-02-20", "time": "20:00", "people": 2},
        )
        assert unknown.status_code == 404, unknown.text

        statuses: dict[int, int] = {}
        send(server.url, 600, statuses)  # warm-up: every worker thread has opened what it keeps
        warm = server.open_descriptors()
        send(server.url, 3000, statuses)
        after = server.open_descriptors()
        assert set(statuses) == {200, 404}, statuses
        assert after <= warm + 3, f"open descriptors grew from {warm} to {after} over 3,000 requests"
    finally:
        status = server.stop()
    assert status == 0, server.output()[-2000:]
