"""Calls from the chat widget in a customer's browser, which cannot hold the tool key.

A call to `conversation_message` or `conversation_messages` that carries an `Origin` header and no
valid tool key is a browser call. It is served only when

- the origin is the server's own (the `/chat/<venue_id>` page it serves), or one of the venue's
  `chat_widget.origins` in the knowledge base (the sites allowed to embed the widget);
- the conversation id is a web session id the widget drew at random (`web:` and at least 22
  URL-safe characters, about 128 bits): the id is the only handle on a transcript, so a browser
  cannot name a WhatsApp number's thread or guess another visitor's;
- the call claims nothing a browser cannot prove: the channel is `web` and no `customer` phone is
  taken as verified.

Everything else (the tools, the staff's and the plan functions, server-to-server calls) keeps the
tool key. The answer carries `Access-Control-Allow-Origin` for the calling origin.
"""

from __future__ import annotations

import re
from typing import Mapping
from urllib.parse import urlsplit

from concierge.domain.errors import ToolError
from concierge.domain.venue import Venue

BROWSER_FUNCTIONS = frozenset({"conversation_message", "conversation_messages"})
WEB_THREAD = re.compile(r"^web:[A-Za-z0-9_-]{22,100}$")


def browser_origin(name: str, headers: Mapping[str, str]) -> str | None:
    """The calling page's origin when this is a call the widget may make, else None."""
    if name not in BROWSER_FUNCTIONS:
        return None
    origin = (headers.get("Origin") or "").strip()
    return origin.lower()[:300] or None


def is_same_origin(origin: str, headers: Mapping[str, str]) -> bool:
    host = (headers.get("Host") or "").strip().lower()
    return bool(host) and urlsplit(origin).netloc == host


def check_browser_call(origin: str, venue: Venue, body: object, headers: Mapping[str, str]) -> dict:
    """The body a browser call may make, or a refusal (UNAUTHORIZED / VALIDATION_ERROR)."""
    if not isinstance(body, dict):
        raise ToolError("VALIDATION_ERROR", "The request body must be a JSON object.")
    if not (is_same_origin(origin, headers) or origin in venue.chat_widget.origins):
        raise ToolError("UNAUTHORIZED", f"The site {origin} may not embed the chat of this venue.")
    thread = body.get("conversation_id")
    if not isinstance(thread, str) or not WEB_THREAD.match(thread):
        raise ToolError(
            "VALIDATION_ERROR",
            "conversation_id: from a browser, a web session id: 'web:' and at least 22 random URL-safe characters",
            field="conversation_id",
        )
    return {k: v for k, v in body.items() if k != "customer"} | {"channel": "web"}


def cors_headers(origin: str) -> dict[str, str]:
    return {"Access-Control-Allow-Origin": origin, "Vary": "Origin"}


def preflight_headers(origin: str) -> dict[str, str]:
    """The answer to a browser's preflight: the real call is checked against the venue's origins."""
    return cors_headers(origin) | {
        "Access-Control-Allow-Methods": "POST",
        "Access-Control-Allow-Headers": "Content-Type",
        "Access-Control-Max-Age": "600",
    }
