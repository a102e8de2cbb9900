"""A real local server per test: the whole HTTP surface over the embedded store, on a free port."""

from __future__ import annotations

import socket
import threading
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from werkzeug.serving import make_server

from concierge.adapters.tracing import InMemoryTracer
from concierge.bootstrap import Settings, build_context, build_plan_service, build_store
from concierge.cli import import_venues
from concierge.http.app import create_app
from concierge.http.envelopes import Access
from tests.conftest import THURSDAY_EVENING_ROME, VENUES_FILE
from tests.support import firestore_emulator


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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(params=["sqlite", "firestore"])
def store_kind(request) -> str:
    """Each test that uses a store runs once on SQLite and once on the Firestore emulator (cleared)."""
    if request.param == "firestore":
        firestore_emulator.clear(firestore_emulator.emulator_host())
    return request.param


@pytest.fixture
def settings_for(tmp_path: Path, store_kind: str):
    """Settings for a server or CLI run on the test's store: settings_for(now=..., data_dir=...)."""

    def make(now: str = THURSDAY_EVENING_ROME, api_key: str | None = None, retell_api_key: str | None = None,
             data_dir: Path | None = None) -> Settings:
        return Settings(store=store_kind, data_dir=data_dir or tmp_path / "data", now=now,
                        firestore_project=firestore_emulator.PROJECT,
                        access=Access(api_key=api_key, retell_api_key=retell_api_key))

    return make


@pytest.fixture
def serve(settings_for):
    """Start a server: serve(now=..., api_key=..., retell_api_key=..., data_dir=...) -> Api."""
    servers = []
    client = httpx.Client(timeout=30)

    def start(now: str = THURSDAY_EVENING_ROME, api_key: str | None = None, retell_api_key: str | None = None,
              data_dir: Path | None = None, venues: Path = VENUES_FILE) -> Api:
        settings = settings_for(now=now, api_key=api_key, retell_api_key=retell_api_key, data_dir=data_dir)
        import_venues(settings, venues)
        store = build_store(settings)
        ctx = build_context(settings, store)
        port = free_port()
        tracer = InMemoryTracer()
        plans = build_plan_service(settings, ctx, store, f"http://127.0.0.1:{port}", tracer=tracer)
        server = make_server("127.0.0.1", port, create_app(ctx, settings.access, plans), threaded=True)
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        servers.append(server)
        return Api(f"http://127.0.0.1:{server.server_port}", client, tracer, store)

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()
    client.close()


@pytest.fixture
def api(serve) -> Api:
    """A server whose clock reads Thursday 19 February 2026, 18:00 in Rome."""
    return serve()
