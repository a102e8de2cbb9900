"""Running the tools on each booking back-end: a local server per provider and the venues' provider blocks.

`provider_setup(kind)` is a context manager giving (provider block for a venue, environment with its
secrets, the running server or None for the built-in provider).
"""

from __future__ import annotations

import contextlib
from typing import Callable, Iterator

KINDS = ["builtin"]

# kind -> function(venue_id, server) -> provider block; filled per provider below.
BLOCKS: dict[str, Callable] = {}
SERVERS: dict[str, Callable] = {}
SECRETS: dict[str, dict[str, str]] = {}


@contextlib.contextmanager
def provider_setup(kind: str) -> Iterator[tuple[Callable[[str], dict], dict[str, str], object]]:
    if kind == "builtin":
        yield (lambda venue_id: {"kind": "builtin"}), {}, None
        return
    with SERVERS[kind]() as server:
        yield (lambda venue_id: BLOCKS[kind](venue_id, server)), dict(SECRETS.get(kind, {})), server
