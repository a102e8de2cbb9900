"""The streamable-HTTP MCP endpoint behind a Flask route: the local server's /mcp and the `mcp` function.

Stateless and JSON-answering: every POST carries one JSON-RPC message and gets one JSON answer,
with no session to remember, so any instance of a scaled-out function can answer any request.
The SDK's transport is an ASGI app; a2wsgi runs it from WSGI on one event loop per process, in
a background thread, where the SDK's session manager stays entered for the process's life.

Who may call: the tool API key, as for the HTTP tools (`Authorization: Bearer <key>` or
`X-Vapi-Secret`), checked before the request reaches the transport.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import Callable, Mapping
from typing import Any, cast

from a2wsgi import ASGIMiddleware
from flask import Request, Response
from werkzeug.wrappers import Response as WsgiResponse
from mcp.server import Server
from mcp.server.streamable_http_manager import StreamableHTTPASGIApp, StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings

from concierge.settings import Access
from concierge.http.auth import has_api_key
from concierge.mcp.catalog import McpServices
from concierge.mcp.server import build_server

# The SDK logs every stateless request's start and end at INFO: one line per tool call is the tool's own.
logging.getLogger("mcp.server.streamable_http").setLevel(logging.WARNING)
logging.getLogger("mcp.server.streamable_http_manager").setLevel(logging.WARNING)

LOOPBACK_HOSTS = ["127.0.0.1:*", "localhost:*", "[::1]:*"]
LOOPBACK_ORIGINS = ["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"]


class McpEndpoint:
    """One MCP server answering streamable HTTP from WSGI, for the life of the process."""

    def __init__(self, server: Server[Any], loopback_only: bool = False) -> None:
        # On a loopback server a web page could reach us through DNS rebinding: refuse other Host/Origin
        # headers there. A deployed function has its own domain and the API key.
        security = (
            TransportSecuritySettings(allowed_hosts=LOOPBACK_HOSTS, allowed_origins=LOOPBACK_ORIGINS)
            if loopback_only
            else None
        )
        self._manager = StreamableHTTPSessionManager(
            app=server, json_response=True, stateless=True, security_settings=security
        )
        self._loop = asyncio.new_event_loop()
        self._stop: asyncio.Event | None = None
        threading.Thread(target=self._loop.run_forever, name="mcp-endpoint", daemon=True).start()
        started = threading.Event()
        self._running = asyncio.run_coroutine_threadsafe(self._run(started), self._loop)
        if not started.wait(timeout=30):
            raise RuntimeError("the MCP session manager did not start")
        # a2wsgi and Starlette spell the ASGI types differently; the app is a plain ASGI app.
        self._wsgi = ASGIMiddleware(StreamableHTTPASGIApp(self._manager), loop=self._loop)  # type: ignore[arg-type]

    async def _run(self, started: threading.Event) -> None:
        self._stop = asyncio.Event()
        async with self._manager.run():
            started.set()
            await self._stop.wait()

    def respond(self, req: Request, access: Access) -> WsgiResponse:
        if access.api_key and not has_api_key(cast(Mapping[str, str], req.headers), access.api_key):
            body = {"ok": False, "error_code": "UNAUTHORIZED", "message": "Missing or wrong credentials."}
            return Response(
                json.dumps(body),
                status=401,
                mimetype="application/json",
                headers={"WWW-Authenticate": 'Bearer realm="concierge"'},
            )
        # a2wsgi types the WSGI environ its own way; it is the same dict.
        return Response.from_app(self._wsgi, req.environ, buffered=True)  # type: ignore[arg-type]

    def close(self) -> None:
        """Leave the session manager and stop the loop (tests; a function instance just ends)."""
        if self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
            self._running.result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)


def endpoint_for(services: McpServices, venue_ids: Callable[[], list[str]], loopback_only: bool = False) -> McpEndpoint:
    return McpEndpoint(build_server(services, venue_ids), loopback_only)


_process_endpoint: McpEndpoint | None = None
_lock = threading.Lock()


def process_endpoint() -> McpEndpoint:
    """The endpoint of this process (the deployed `mcp` function), built on its first request."""
    from concierge.bootstrap import build_store
    from concierge.deployed import process_context
    from concierge.mcp.catalog import chat_services

    global _process_endpoint
    with _lock:
        if _process_endpoint is None:
            settings, ctx = process_context()
            services = McpServices(ctx, chat_services(settings, ctx, build_store(settings)))
            _process_endpoint = endpoint_for(services, ctx.venues.ids)
        return _process_endpoint
