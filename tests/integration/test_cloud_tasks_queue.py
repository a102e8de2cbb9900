"""Cloud Tasks queue against the emulator, which really dispatches its tasks over HTTP to a local receiver."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field

import pytest
from werkzeug.serving import WSGIRequestHandler, make_server
from werkzeug.wrappers import Request, Response

from concierge.adapters.queue import QueueUnavailable
from concierge.adapters.queue.cloud_tasks import CREATE_TIMEOUT, CloudTasksQueue, emulator_client
from tests.support import tasks_emulator
from tests.support.local import free_port
from tests.support.tasks_emulator import LOCATION, PROJECT, QUEUES


@dataclass
class Delivery:
    method: str
    path: str
    headers: dict[str, str]
    body: dict


class QuietHandler(WSGIRequestHandler):
    def log(self, *args) -> None:
        pass


@dataclass
class Receiver:
    """A real HTTP server standing in for plan_execute / plan_rollback, recording what reaches it."""

    base_url: str
    deliveries: list[Delivery] = field(default_factory=list)

    @property
    def urls(self) -> dict[str, str]:
        return {"execute": f"{self.base_url}/plan_execute", "rollback": f"{self.base_url}/plan_rollback"}

    def wait_for(self, predicate, timeout: float = 15) -> list[Delivery]:
        """The deliveries once predicate(deliveries) holds; fails at the deadline."""
        deadline = time.monotonic() + timeout
        while not predicate(list(self.deliveries)):
            assert time.monotonic() < deadline, f"timed out; received {self.deliveries}"
            time.sleep(0.02)
        return list(self.deliveries)

    def plans(self) -> list[str]:
        return [delivery.body["plan_id"] for delivery in self.deliveries]


@pytest.fixture(scope="module")
def host() -> str:
    host = tasks_emulator.emulator_host()
    tasks_emulator.create_queues(host)
    return host


@pytest.fixture
def receiver():
    received: list[Delivery] = []

    @Request.application
    def app(request: Request) -> Response:
        received.append(Delivery(request.method, request.path, dict(request.headers), json.loads(request.get_data())))
        return Response("{}", content_type="application/json")

    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    yield Receiver(f"http://127.0.0.1:{server.server_port}", received)
    server.shutdown()
    server.server_close()


@pytest.fixture
def queue(host, receiver) -> CloudTasksQueue:
    return CloudTasksQueue.for_emulator(host, PROJECT, LOCATION, QUEUES, receiver.urls)


def new_plan() -> str:
    return str(uuid.uuid4())


def test_an_execute_task_arrives_as_a_json_post_at_the_execute_url(queue, receiver):
    plan = new_plan()
    queue.enqueue("execute", plan)
    [delivery] = receiver.wait_for(lambda got: len(got) == 1)
    assert (delivery.method, delivery.path) == ("POST", "/plan_execute")
    assert delivery.headers["Content-Type"] == "application/json"
    assert delivery.body == {"plan_id": plan}
    assert delivery.headers["X-Cloudtasks-Taskname"] == f"execute-{plan}"


def test_a_rollback_task_goes_to_the_rollback_url(queue, receiver):
    plan = new_plan()
    queue.enqueue("rollback", plan)
    [delivery] = receiver.wait_for(lambda got: len(got) == 1)
    assert (delivery.path, delivery.body) == ("/plan_rollback", {"plan_id": plan})
    assert delivery.headers["X-Cloudtasks-Queuename"].endswith(f"/queues/{QUEUES['rollback']}")


def test_enqueuing_the_same_kind_and_plan_twice_delivers_once(queue, receiver):
    plan, sentinel = new_plan(), new_plan()
    queue.enqueue("execute", plan)
    queue.enqueue("execute", plan)
    # The emulator dispatches a queue in order: once the sentinel is in, a duplicate would be too.
    queue.enqueue("execute", sentinel)
    receiver.wait_for(lambda got: sentinel in [d.body["plan_id"] for d in got])
    assert receiver.plans() == [plan, sentinel]


def test_a_different_tag_delivers_the_same_plan_again(queue, receiver):
    plan = new_plan()
    queue.enqueue("execute", plan)
    queue.enqueue("execute", plan, tag="retry-1")
    deliveries = receiver.wait_for(lambda got: len(got) == 2)
    assert sorted(d.headers["X-Cloudtasks-Taskname"] for d in deliveries) == [
        f"execute-{plan}",
        f"execute-{plan}-retry-1",
    ]


def test_characters_cloud_tasks_does_not_allow_are_replaced_in_the_task_name(queue, receiver):
    queue.enqueue("execute", "plan/with spaces:1", tag="a.b")
    [delivery] = receiver.wait_for(lambda got: len(got) == 1)
    assert delivery.body["plan_id"] == "plan/with spaces:1"
    assert delivery.headers["X-Cloudtasks-Taskname"].startswith("execute-plan_with_spaces_1-a_b-")


def test_the_stored_task_carries_an_oidc_token_for_the_functions_url(host, receiver):
    """The emulator keeps the OIDC field but sends no Authorization header, so inspect the stored task."""
    client = emulator_client(host)
    paused = f"projects/{PROJECT}/locations/{LOCATION}/queues/plan-paused-{uuid.uuid4().hex[:8]}"
    client.create_queue(parent=paused.rsplit("/queues/", 1)[0], queue={"name": paused}, timeout=10)
    client.pause_queue(name=paused, timeout=10)
    try:
        queue = CloudTasksQueue(
            PROJECT,
            LOCATION,
            {"execute": paused.rsplit("/", 1)[1]},
            receiver.urls,
            service_account_email="tasks@demo.iam.gserviceaccount.com",
            client=client,
        )
        plan = new_plan()
        queue.enqueue("execute", plan)
        [task] = client.list_tasks(parent=paused, timeout=10).tasks
    finally:
        client.delete_queue(name=paused, timeout=10)
    assert task.name == f"{paused}/tasks/execute-{plan}"
    request = task.http_request
    assert (request.url, request.http_method.name) == (receiver.urls["execute"], "POST")
    assert dict(request.headers) == {"Content-Type": "application/json"}
    assert json.loads(request.body) == {"plan_id": plan}  # no credential ever sits in a queue
    assert (request.oidc_token.service_account_email, request.oidc_token.audience) == (
        "tasks@demo.iam.gserviceaccount.com",
        receiver.urls["execute"],
    )


def test_a_missing_queue_raises_queue_unavailable(host, receiver):
    queue = CloudTasksQueue.for_emulator(host, PROJECT, LOCATION, {"execute": "no-such-queue"}, receiver.urls)
    with pytest.raises(QueueUnavailable, match="FailedPrecondition"):
        queue.enqueue("execute", new_plan())


def test_an_unreachable_emulator_raises_queue_unavailable_quickly():
    queue = CloudTasksQueue.for_emulator(
        f"127.0.0.1:{free_port()}", PROJECT, LOCATION, QUEUES, {"execute": "http://127.0.0.1:9/plan_execute"}
    )
    started = time.monotonic()
    with pytest.raises(QueueUnavailable):
        queue.enqueue("execute", new_plan())
    assert time.monotonic() - started < CREATE_TIMEOUT + 1


class ClientThatKnowsEveryName:
    """Stands in for Cloud Tasks after a first create elsewhere: every name is taken."""

    def __init__(self) -> None:
        self.creates = 0

    def create_task(self, **kwargs):
        from google.api_core.exceptions import AlreadyExists

        self.creates += 1
        raise AlreadyExists("Requested entity already exists")


def test_a_name_cloud_tasks_already_knows_counts_as_enqueued():
    client = ClientThatKnowsEveryName()
    queue = CloudTasksQueue(
        PROJECT,
        LOCATION,
        QUEUES,
        {"execute": "https://example.invalid/plan_execute"},
        service_account_email=None,
        client=client,
    )
    queue.enqueue("execute", new_plan())
    assert client.creates == 1


def test_importing_the_queue_adapters_does_not_import_the_cloud_tasks_client():
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, concierge.adapters.queue.cloud_tasks, concierge.adapters.queue.inprocess;"
            "print('google.cloud.tasks_v2' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert loaded.stdout.strip() == "False"
