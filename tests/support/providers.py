"""Running the tools on each booking back-end: a local server per provider and the venues' provider blocks.

`provider_setup(kind)` is a context manager giving (provider block for a venue, environment with its
secrets, the running server or None for the built-in provider).
"""

from __future__ import annotations

import contextlib
import json
from typing import Callable, Iterator

from tests.support import gcal_server, octotable_server, resos_server, sheets_server

KINDS = ["builtin", "sheets", "resos", "octotable", "gcal"]

# kind -> how to start its local server, its provider block for a venue, and the secrets it reads.
SERVERS: dict[str, Callable] = {
    "resos": resos_server.start_resos_server,
    "octotable": octotable_server.start_octotable_server,
    "gcal": gcal_server.start_gcal_server,
    "sheets": sheets_server.start_sheets_server,
}
BLOCKS: dict[str, Callable] = {
    "resos": lambda venue_id, server: {"kind": "resos", "base_url": server.base_url, "api_key_env": "RESOS_API_KEY"},
    "octotable": lambda venue_id, server: {
        "kind": "octotable",
        "base_url": server.base_url,
        "property_id": server.property_id,
    },
    "gcal": lambda venue_id, server: {
        "kind": "gcal",
        "base_url": server.base_url,
        "calendar_id": "roma@group.calendar.google.com",
        "credentials_env": "GCAL_SERVICE_ACCOUNT_JSON",
    },
    "sheets": lambda venue_id, server: {
        "kind": "sheets",
        "base_url": server.base_url,
        "spreadsheet_id": sheets_server.SPREADSHEET_ID,
        "worksheet": venue_id,
        "credentials_env": "SHEETS_CREDENTIALS_JSON",
    },
}
SECRETS: dict[str, dict[str, str]] = {
    "resos": {"RESOS_API_KEY": resos_server.DEFAULT_KEY},
    "octotable": {
        "OCTOTABLE_CLIENT_ID": octotable_server.CLIENT_ID,  # the client the server knows by default
        "OCTOTABLE_CLIENT_SECRET": octotable_server.CLIENT_SECRET,
    },
}


def _secrets(kind: str, server) -> dict[str, str]:
    if kind == "gcal":
        return {"GCAL_SERVICE_ACCOUNT_JSON": server.credentials_json()}
    if kind == "sheets":
        return {"SHEETS_CREDENTIALS_JSON": json.dumps(server.credentials())}
    return dict(SECRETS.get(kind, {}))


@contextlib.contextmanager
def provider_setup(kind: str) -> Iterator[tuple[Callable[[str], dict], dict[str, str], object]]:
    if kind == "builtin":
        yield (lambda venue_id: {"kind": "builtin"}), {}, None
        return
    with SERVERS[kind]() as server:
        yield (lambda venue_id: BLOCKS[kind](venue_id, server)), _secrets(kind, server), server


def break_backend(kind: str, server, requests: int = 8) -> None:
    """Make the next requests to the back-end fail with HTTP 500 (enough to outlast any retry)."""
    if kind == "sheets":
        server.fail_next(requests, "500")
    elif kind == "gcal":
        server.fail_next("500", times=requests)
    else:
        server.fail_next(requests, status=500)


def throttle_backend(kind: str, server, requests: int = 8) -> None:
    """Make the next requests answer 429 with a short Retry-After, more often than the retries allow."""
    if kind == "sheets":
        server.fail_next(requests, "429", retry_after="0")
    elif kind == "gcal":
        server.fail_next("429", times=requests)
    elif kind == "octotable":
        server.rate_limit_next(requests, retry_after="0")
    else:
        server.throttle_next(requests, retry_after="0")


def stored(kind: str, server) -> int:
    """How many bookings the back-end holds for Trattoria Roma, read from the server's own state."""
    if kind == "sheets":
        return len(server.bookings("roma"))
    if kind == "gcal":
        return len(server.events("roma@group.calendar.google.com"))
    if kind == "octotable":
        return len(server.reservations())
    return len(server.bookings())
