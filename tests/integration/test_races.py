"""Concurrent creates against the real embedded store: capacity and duplicates hold under races."""

from __future__ import annotations

import datetime as dt
import threading
from collections import Counter

import pytest

from tests.support.occupancy import assert_occupancy_is_the_recount

ROUNDS = 5


def race(api, bodies: list[dict]) -> Counter:
    """Fire every body at create_booking at the same moment, each from its own thread."""
    start = threading.Barrier(len(bodies))
    outcomes: list[str] = []
    lock = threading.Lock()

    def one(body: dict) -> None:
        start.wait()
        response = api.call("create_booking", body)
        code = "OK" if response.status_code == 200 else response.json()["error_code"]
        with lock:
            outcomes.append(code)

    threads = [threading.Thread(target=one, args=(b,)) for b in bodies]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return Counter(outcomes)


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_twenty_concurrent_creates_on_a_slot_of_capacity_two_give_exactly_two_bookings(api, round_):
    time = ["19:00", "19:30", "20:00", "20:30", "21:00"][round_]
    bodies = [
        {
            "restaurant_id": "duo",
            "day": "2026-02-20",
            "time": time,
            "people": 2,
            "name": f"Guest {i}",
            "phone": f"+39333100{i:04d}",
        }
        for i in range(20)
    ]
    assert race(api, bodies) == Counter({"OK": 2, "SLOT_FULL": 18})
    check = api.ok("check_openings", {"restaurant_id": "duo", "day": "2026-02-20", "time": time})
    assert check["reason"] == "full"
    assert_occupancy_is_the_recount(api.store, "duo", [dt.date(2026, 2, 20)])


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_ten_identical_concurrent_creates_give_one_booking_and_nine_duplicates(api, round_):
    body = {
        "restaurant_id": "roma",
        "day": "2026-02-20",
        "time": "20:00",
        "people": 2,
        "name": "Mario",
        "phone": f"+39333200{round_:04d}",
    }
    assert race(api, [body] * 10) == Counter({"OK": 1, "DUPLICATE_BOOKING": 9})
    assert api.ok("list_bookings", {"restaurant_id": "roma", "phone": body["phone"]})["count"] == 1
    assert_occupancy_is_the_recount(api.store, "roma", [dt.date(2026, 2, 20)])
