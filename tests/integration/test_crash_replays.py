"""A server killed with SIGKILL in the middle of keyed creates, restarted, and replayed: every key answers
with its one booking, never DUPLICATE_BOOKING, on both stores.

The booking is written under an id derived from its idempotency key in the same atomic step as
the rest of the booking, so the replay finds what the killed call committed.
"""

from __future__ import annotations

import datetime as dt
import os
import signal
import subprocess
import sys
import threading
import time

import httpx
import pytest

from concierge.bootstrap import build_store
from concierge.domain.booking import BookingDraft
from concierge.domain.replays import booking_id_for
from tests.conftest import THURSDAY_EVENING_ROME, VENUES_FILE
from tests.support import firestore_emulator
from tests.support.local import free_port

LEASE_SECONDS = 1
# A kill lands between a booking's commit and its answer only by chance: rounds go on, up to the most,
# until one has (every round checks every replay).
FEWEST_ROUNDS, MOST_ROUNDS = 3, 8
DAYS = [dt.date(2026, 3, 2) + dt.timedelta(days=i) for i in range(40)]
DAYS = [d for d in DAYS if d.weekday() != 6]  # Trattoria Roma shuts on Sundays
TIMES = ["19:00", "21:00"]  # 90-minute stays: two a day never fill the three tables of a slot


def bookings(n: int) -> list[dict]:
    return [
        {
            "restaurant_id": "roma",
            "day": DAYS[i // len(TIMES)].isoformat(),
            "time": TIMES[i % len(TIMES)],
            "people": 2,
            "name": f"Ospite {i}",
            "phone": f"+39333100{i:04d}",
        }
        for i in range(n)
    ]


class Server:
    def __init__(self, data_dir, store_kind: str) -> None:
        self.port = free_port()
        env = {
            **os.environ,
            "CONCIERGE_STORE": store_kind,
            "CONCIERGE_NOW": THURSDAY_EVENING_ROME,
            "CONCIERGE_FIRESTORE_PROJECT": firestore_emulator.PROJECT,
            "CONCIERGE_IDEMPOTENCY_LEASE_SECONDS": str(LEASE_SECONDS),
        }
        self.log = data_dir.parent / f"server-{self.port}.log"
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "concierge.cli",
                    "serve",
                    "--port",
                    str(self.port),
                    "--venues",
                    str(VENUES_FILE),
                    "--data",
                    str(data_dir),
                ],
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 120  # a loaded machine starts a server with the Firestore client slowly
        while True:
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(
                    f"the server did not start (exit {self.process.poll()}): "
                    f"{self.log.read_text(errors='replace')[-2000:]}"
                )
            time.sleep(0.1)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


def active(store, day_range=("2026-03-01", "2026-04-30")) -> list:
    first, last = (dt.date.fromisoformat(d) for d in day_range)
    return store.bookings_between("roma", first, last)


def test_a_server_killed_mid_write_and_restarted_answers_every_replay_with_its_one_booking(
    tmp_path, store_kind, settings_for
):
    settings = settings_for(data_dir=tmp_path / "data")
    store = build_store(settings)
    requests = bookings(32)
    answered: dict[int, dict] = {}
    orphaned_rounds = 0
    server = Server(tmp_path / "data", store_kind)
    try:
        for round_ in range(MOST_ROUNDS):
            if round_ >= FEWEST_ROUNDS and orphaned_rounds:
                break
            keys = [f"round{round_}-create-{i}" for i in range(len(requests))]
            if round_:  # later rounds book again after cancelling, under new keys
                for booking in active(store):
                    store.cancel_booking("roma", booking.booking_id)
            answered.clear()
            before = len(active(store))
            client = httpx.Client(timeout=30)

            def create(i: int) -> None:
                try:
                    response = client.post(
                        f"{server.url}/api/create_booking", json=requests[i], headers={"Idempotency-Key": keys[i]}
                    )
                    answered[i] = response.json()
                except httpx.HTTPError:
                    pass  # the server died under this call

            threads = [threading.Thread(target=create, args=(i,)) for i in range(len(requests))]
            [t.start() for t in threads]
            deadline = time.monotonic() + 30
            while len(active(store)) - before < 8 and time.monotonic() < deadline:
                time.sleep(0.001)
            server.kill()
            [t.join() for t in threads]
            client.close()
            committed = {b.booking_id for b in active(store)}
            unanswered_but_written = [
                i
                for i in range(len(requests))
                if i not in answered and any(b.phone == requests[i]["phone"] for b in active(store))
            ]
            orphaned_rounds += bool(unanswered_but_written)

            server = Server(tmp_path / "data", store_kind)
            time.sleep(LEASE_SECONDS + 0.5)  # the killed calls' claims lapse
            with httpx.Client(timeout=30) as replayer:
                replays = [
                    replayer.post(
                        f"{server.url}/api/create_booking", json=requests[i], headers={"Idempotency-Key": keys[i]}
                    )
                    for i in range(len(requests))
                ]
            for i, replay in enumerate(replays):
                body = replay.json()
                assert replay.status_code == 200 and body["ok"] is True, (i, body)
                if i in answered and answered[i].get("ok"):
                    assert body["booking_id"] == answered[i]["booking_id"]
            held = active(store)
            assert len(held) == len(requests), "one booking per key, none lost, none doubled"
            assert {b.booking_id for b in held} == {r.json()["booking_id"] for r in replays}
            assert committed <= {b.booking_id for b in held}
    finally:
        server.stop()
    # at least one round killed the server between a booking's commit and its answer
    assert orphaned_rounds >= 1


def test_a_booking_committed_by_a_call_that_died_before_its_record_completed_is_the_replays_answer(serve, store_kind):
    """The crash window itself, without a process: the claim is in progress, the booking committed."""
    api = serve()
    request = bookings(1)[0]
    scoped = "open|roma|http:create_booking:order-77"  # the key as the HTTP layer scopes it (no credential)
    now = dt.datetime.now(dt.timezone.utc)
    from concierge.idempotency import fingerprint

    assert (
        api.store.claim_idempotency(
            scoped,
            fingerprint("create_booking", request),
            now,
            now - dt.timedelta(seconds=1),
            now + dt.timedelta(hours=1),
        )
        is None
    )
    draft = BookingDraft(
        day=dt.date(2026, 3, 2), time="19:00", people=2, name="Ospite 0", phone="+393331000000", replay_key=scoped
    )
    written = api.store.create_booking("roma", draft, lambda day_bookings: None)
    assert written.booking_id == booking_id_for(scoped)

    replay = api.call("create_booking", request, headers={"Idempotency-Key": "order-77"})
    assert replay.status_code == 200, replay.text
    assert replay.json()["booking_id"] == written.booking_id
    assert len(active(api.store)) == 1
    again = api.call("create_booking", request, headers={"Idempotency-Key": "order-77"})
    assert again.json() == replay.json()


@pytest.mark.parametrize("other", [{"Authorization": "Bearer someone-else"}, {"X-Vapi-Secret": "another"}])
def test_a_key_used_by_another_caller_does_not_block_the_real_call(serve, other):
    api = serve()
    request = bookings(1)[0]
    squatter = api.call(
        "create_booking", {**request, "phone": "+393339990000"}, headers={**other, "Idempotency-Key": "call-1"}
    )
    assert squatter.status_code == 200
    real = api.call("create_booking", request, headers={"Idempotency-Key": "call-1"})
    assert real.status_code == 200 and real.json()["ok"] is True, real.text
