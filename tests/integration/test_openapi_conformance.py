"""The OpenAPI document is the validation: schemathesis generates requests from it for every tool and the
local server must agree with it, on both stores.

Checks on every operation: no 5xx, a JSON content type always, the status and the body conform to
the document, data the document forbids is refused with 4xx, and data it allows is never refused
as malformed (a 400 is allowed only for rules a schema cannot state: a real phone number, a day or
time already past). Bounded (deterministic examples per operation) so it stays fast.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    negative_data_rejection,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from concierge.bootstrap import build_context, build_operator_gate, build_plan_service, build_store
from concierge.settings import Settings
from concierge.cli.venues import import_venues
from concierge.http.app import create_app
from concierge.http.openapi import openapi_document
from tests.conftest import THURSDAY_EVENING_ROME, VENUES_FILE
from tests.support import firestore_emulator
from tests.support.local import free_port

EXAMPLES = 20
# Rules beyond a JSON Schema: the phone must be a real number, a day or time must not be past.
SEMANTIC_FIELDS = {"phone", "day", "time", "new_day", "new_time", "date_range_start", "date_range_end"}


SCHEMA = schemathesis.openapi.from_dict(openapi_document())
SCHEMA.config.generation.update(codec="ascii")  # NFKC never changes ASCII: lengths read the same on both sides
PATHS = sorted(openapi_document()["paths"])


@contextmanager
def local_server(store_kind: str, folder):
    """The whole local server on one store (schemathesis' lazy schemas take no parametrised fixtures)."""
    from werkzeug.serving import make_server

    if store_kind == "firestore":
        firestore_emulator.clear(firestore_emulator.emulator_host())
    settings = Settings(
        store=store_kind,
        data_dir=folder / "data",
        now=THURSDAY_EVENING_ROME,
        firestore_project=firestore_emulator.PROJECT,
    )
    import_venues(settings, VENUES_FILE)
    store = build_store(settings)
    ctx = build_context(settings, store)
    port = free_port()
    plans = build_plan_service(settings, ctx, store, f"http://127.0.0.1:{port}")
    app = create_app(ctx, settings.access, plans, build_operator_gate(settings, store))
    server = make_server("127.0.0.1", port, app, threaded=True)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def on_sqlite(tmp_path):
    with local_server("sqlite", tmp_path) as url:
        yield url


@pytest.fixture
def on_firestore(tmp_path):
    with local_server("firestore", tmp_path) as url:
        yield url


def valid_data_is_not_refused_as_malformed(case, response) -> None:
    if case.meta is None or case.meta.generation.mode != GenerationMode.POSITIVE or response.status_code != 400:
        return
    body = response.json()
    # the body-wide JSON limits (stated in the document's description) apply to fields it leaves open too
    body_wide = body.get("message", "").startswith(("A number in the body", "The body is nested"))
    assert body.get("field") in SEMANTIC_FIELDS or body_wide, f"the document allows what the code refused: {body}"


def conforms(case, base_url: str) -> None:
    response = case.call(base_url=base_url)
    for check in (
        not_a_server_error,
        content_type_conformance,
        response_schema_conformance,
        status_code_conformance,
        negative_data_rejection,
    ):
        case.validate_response(response, checks=[check])
    content_type = {k.lower(): v for k, v in response.headers.items()}["content-type"]
    assert (content_type[0] if isinstance(content_type, list) else content_type).startswith("application/json")
    valid_data_is_not_refused_as_malformed(case, response)


def run_examples(path: str, base_url: str) -> None:
    operation = SCHEMA[path]["POST"]
    for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

        @given(case=operation.as_strategy(generation_mode=mode))
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def example(case) -> None:
            conforms(case, base_url)

        example()


@pytest.mark.parametrize("path", PATHS)
def test_every_tool_agrees_with_its_openapi_document_on_sqlite(path, on_sqlite):
    run_examples(path, on_sqlite)


@pytest.mark.parametrize("path", PATHS)
def test_every_tool_agrees_with_its_openapi_document_on_firestore(path, on_firestore):
    run_examples(path, on_firestore)
