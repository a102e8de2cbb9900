"""A real local server per test: the whole HTTP surface over the embedded store, on a free port."""

from __future__ import annotations

import dataclasses
import uuid
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import httpx
import pytest
import yaml
from werkzeug.serving import make_server

from concierge.adapters.tracing import InMemoryTracer
from concierge.bootstrap import (
    build_context,
    build_conversations,
    build_operator_gate,
    build_plan_service,
    build_store,
    start_cleanup,
)
from concierge.settings import Access, Settings
from concierge.cli.venues import import_venues
from concierge.domain.operators import Operator, OperatorRecord, key_hash
from concierge.http.app import create_app
from tests.conftest import THURSDAY_EVENING_ROME, VENUES_FILE
from tests.support import firestore_emulator, tasks_emulator
from tests.support.local import free_port
from tests.support.scripted_llm import ScriptedLLM

LLM_MODEL, LLM_KEY = "scripted-model", "llm-key"


# Operators every test server knows: their ids and keys (as `concierge operators add` would issue).
OPERATOR_KEYS = {"u1": "user-token-7f3a9", "u2": "second-operator-key-41c"}


def add_test_operators(store) -> None:
    import datetime as dt

    known = {r.operator.operator_id for r in store.operators()}
    for operator_id, key in OPERATOR_KEYS.items():
        if operator_id not in known:
            store.add_operator(
                OperatorRecord(
                    Operator(operator_id, f"Operator {operator_id}"), key_hash(key), dt.datetime.now(dt.timezone.utc)
                )
            )


def _no_agent(venue):
    raise LookupError("this test server was started without a chat agent")


@dataclass
class Api:
    base_url: str
    client: httpx.Client
    tracer: InMemoryTracer | None = None
    store: object = None

    def call(self, function: str, body: dict | None = None, **kwargs) -> httpx.Response:
        return self.client.post(f"{self.base_url}/api/{function}", json=body, **kwargs)

    def ok(self, function: str, body: dict) -> dict:
        response = self.call(function, body)
        assert response.status_code == 200, response.text
        return response.json()


def with_providers(venues: Path, block_for: Callable[[str], dict], folder: Path) -> Path:
    """A copy of a knowledge-base file whose venues keep their bookings where block_for(venue_id) says."""
    data = yaml.safe_load(venues.read_text())
    for venue_id, venue in data["venues"].items():
        venue["provider"] = block_for(venue_id)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"venues-{uuid.uuid4().hex[:8]}.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    return path


@pytest.fixture(params=["sqlite", "firestore"])
def store_kind(request) -> str:
    """Each test that uses a store runs once on SQLite and once on the Firestore emulator (cleared)."""
    if request.param == "firestore":
        firestore_emulator.clear(firestore_emulator.emulator_host())
    return request.param


@pytest.fixture
def settings_for(tmp_path: Path, store_kind: str):
    """Settings for a server or CLI run on the test's store: settings_for(now=..., data_dir=...)."""

    def make(
        now: str = THURSDAY_EVENING_ROME,
        api_key: str | None = None,
        retell_api_key: str | None = None,
        data_dir: Path | None = None,
    ) -> Settings:
        return Settings(
            store=store_kind,
            data_dir=data_dir or tmp_path / "data",
            now=now,
            firestore_project=firestore_emulator.PROJECT,
            access=Access(api_key=api_key, retell_api_key=retell_api_key),
        )

    return make


@pytest.fixture
def serve(settings_for):
    """Start a server: serve(now=..., api_key=..., retell_api_key=..., data_dir=...) -> Api."""
    servers, schedules = [], []
    client = httpx.Client(timeout=30)

    def start(
        now: str = THURSDAY_EVENING_ROME,
        api_key: str | None = None,
        retell_api_key: str | None = None,
        data_dir: Path | None = None,
        venues: Path = VENUES_FILE,
        queue: str = "inprocess",
        actions: tuple[str, str, str] | None = None,
        tasks_host: str | None = None,
        action_timeout: float = 30,
        providers: Callable[[str], dict] | None = None,
        llm: str | None = None,
        agent: Callable | None = None,
        **changes,
    ) -> Api:
        """`actions`: (spec, overlay, base URL) of another action API than the server's own;
        `llm`: the base URL of an OpenAI-compatible server (a ScriptedLLM) the plans use;
        `agent`: the chat receptionist's agent chooser (venue -> agent);
        `changes`: other settings (a `cleanup_seconds` above 0 starts the server's cleanup schedule)."""
        settings = settings_for(now=now, api_key=api_key, retell_api_key=retell_api_key, data_dir=data_dir)
        port = free_port()
        changes = {"cleanup_seconds": 0, **changes}  # no schedule unless the test asks for one
        settings = dataclasses.replace(settings, action_timeout_seconds=action_timeout, **changes)
        if llm:
            settings = dataclasses.replace(settings, llm_base_url=llm, llm_model=LLM_MODEL, llm_api_key=LLM_KEY)
        if actions:
            settings = dataclasses.replace(
                settings, actions_spec=actions[0], actions_overlay=actions[1], actions_base_url=actions[2]
            )
        if queue == "cloudtasks":  # the emulator delivers real HTTP tasks back to this server
            base = f"http://127.0.0.1:{port}/api"
            settings = dataclasses.replace(
                settings,
                queue="cloudtasks",
                tasks_project=tasks_emulator.PROJECT,
                tasks_location=tasks_emulator.LOCATION,
                tasks_emulator_host=tasks_host or tasks_emulator.emulator_host(),
                tasks_queues=(tasks_emulator.QUEUES["execute"], tasks_emulator.QUEUES["rollback"]),
                tasks_urls=(f"{base}/plan_execute", f"{base}/plan_rollback"),
            )
        if providers is not None:  # every venue's bookings on another back-end
            venues = with_providers(venues, providers, settings.data_dir.parent)
        import_venues(settings, venues)
        store = build_store(settings)
        ctx = build_context(settings, store)
        tracer = InMemoryTracer()
        plans = build_plan_service(
            settings, ctx, store, settings.actions_base_url or f"http://127.0.0.1:{port}", tracer=tracer
        )
        add_test_operators(store)
        gate = build_operator_gate(settings, store)
        conversations = build_conversations(settings, ctx, store, agent or _no_agent, gate, tracer)
        app = create_app(ctx, settings.access, plans, gate, conversations=conversations)
        server = make_server("127.0.0.1", port, app, threaded=True)
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        servers.append(server)
        cleanup = start_cleanup(settings, plans, conversations=store)
        if cleanup is not None:
            schedules.append(cleanup)
        return Api(f"http://127.0.0.1:{server.server_port}", client, tracer, store)

    yield start
    for schedule in schedules:
        schedule.stop()
    for server in servers:
        server.shutdown()
        server.server_close()
    client.close()


@pytest.fixture
def api(serve) -> Api:
    """A server whose clock reads Thursday 19 February 2026, 18:00 in Rome."""
    return serve()


@pytest.fixture
def llm():
    """A scripted OpenAI-compatible chat server on a free loopback port."""
    with ScriptedLLM() as server:
        yield server
