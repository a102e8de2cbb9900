"""The production queue: Cloud Tasks HTTP tasks that POST to plan_execute / plan_rollback.

The task name carries the dedupe: Cloud Tasks answers ALREADY_EXISTS for a name it has seen
(for about an hour after the task ran, up to 9 days), which counts as success. Names created
by this instance are also remembered, which saves the round trip on a warm re-confirm and is
the only dedupe the emulator offers (it accepts duplicate names). A create that times out may
still have created the task; enqueuing again is safe, for the same reason.

google.cloud.tasks_v2 is imported on first use, not at import time: functions that never
enqueue should not pay for it on a cold start. A task's body is the plan id alone; the
delivery is authenticated by its OIDC token.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import OrderedDict

from concierge.adapters.queue import Kind, PlanQueue, QueueUnavailable, task_body, task_id

logger = logging.getLogger(__name__)

CREATE_TIMEOUT = 5.0  # seconds; an unreachable service fails fast instead of holding the request
REMEMBERED_NAMES = 4096


class CloudTasksQueue(PlanQueue):
    def __init__(
        self,
        project: str,
        location: str,
        queues: dict[str, str],
        urls: dict[str, str],
        service_account_email: str | None,
        client=None,
    ) -> None:
        self._project, self._location = project, location
        self._queues, self._urls = dict(queues), dict(urls)
        self._service_account_email = service_account_email
        self._client = client
        self._created: OrderedDict[str, None] = OrderedDict()
        self._lock = threading.Lock()

    @classmethod
    def for_emulator(
        cls, host: str, project: str, location: str, queues: dict[str, str], urls: dict[str, str]
    ) -> "CloudTasksQueue":
        """A queue on the Cloud Tasks emulator at host:port (plain gRPC, no credentials, no OIDC)."""
        return cls(project, location, queues, urls, service_account_email=None, client=emulator_client(host))

    def queue_path(self, kind: Kind) -> str:
        return f"projects/{self._project}/locations/{self._location}/queues/{self._queues[kind]}"

    def enqueue(self, kind: Kind, plan_id: str, tag: str = "") -> None:
        name = f"{self.queue_path(kind)}/tasks/{task_id(kind, plan_id, tag)}"
        with self._lock:
            if name in self._created:
                return
        from google.api_core import exceptions as google_errors
        from google.auth import exceptions as auth_errors

        try:
            self._tasks_client().create_task(
                parent=self.queue_path(kind), task=self._task(kind, name, plan_id), timeout=CREATE_TIMEOUT
            )
        except google_errors.AlreadyExists:
            logger.info("task %s already exists", name)
        except (google_errors.GoogleAPIError, auth_errors.GoogleAuthError) as exc:
            problem = f"could not enqueue task {name}: {type(exc).__name__}: {exc}"
            logger.warning("%s", problem)
            raise QueueUnavailable(problem) from None  # the cause could echo the request
        else:
            logger.info("enqueued task %s", name)
        with self._lock:
            self._created[name] = None
            while len(self._created) > REMEMBERED_NAMES:
                self._created.popitem(last=False)

    def _task(self, kind: Kind, name: str, plan_id: str):
        from google.cloud import tasks_v2

        url = self._urls[kind]
        request = tasks_v2.HttpRequest(
            url=url,
            http_method=tasks_v2.HttpMethod.POST,
            headers={"Content-Type": "application/json"},
            body=json.dumps(task_body(plan_id)).encode(),
        )
        if self._service_account_email:
            request.oidc_token = tasks_v2.OidcToken(service_account_email=self._service_account_email, audience=url)
        return tasks_v2.Task(name=name, http_request=request)

    def _tasks_client(self):
        with self._lock:
            if self._client is None:
                from google.cloud import tasks_v2

                self._client = tasks_v2.CloudTasksClient()
            return self._client


def emulator_client(host: str):
    """A CloudTasksClient on an insecure gRPC channel to host:port."""
    import grpc
    from google.cloud import tasks_v2
    from google.cloud.tasks_v2.services.cloud_tasks.transports import CloudTasksGrpcTransport

    return tasks_v2.CloudTasksClient(transport=CloudTasksGrpcTransport(channel=grpc.insecure_channel(host)))
