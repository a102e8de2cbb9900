"""The MCP SDK's own client, driven from synchronous tests through an anyio blocking portal."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx2
from anyio.from_thread import BlockingPortal, start_blocking_portal
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp_types import CallToolResult, ListResourcesResult, ListToolsResult, ReadResourceResult


@dataclass(frozen=True)
class HttpServer:
    """A streamable-HTTP MCP endpoint and the headers each request carries."""

    url: str
    headers: dict[str, str] = field(default_factory=dict)


@contextlib.asynccontextmanager
async def _connected(server: HttpServer | StdioServerParameters) -> AsyncIterator[Client]:
    if isinstance(server, StdioServerParameters):
        async with Client(server, read_timeout_seconds=60) as client:
            yield client
        return
    async with (
        httpx2.AsyncClient(headers=server.headers, timeout=60) as http,
        Client(streamable_http_client(server.url, http_client=http)) as client,
    ):
        yield client


@dataclass
class McpClient:
    portal: BlockingPortal
    client: Client

    def list_tools(self) -> ListToolsResult:
        return self.portal.call(self.client.list_tools)

    def list_resources(self) -> ListResourcesResult:
        return self.portal.call(self.client.list_resources)

    def read_resource(self, uri: str) -> ReadResourceResult:
        return self.portal.call(self.client.read_resource, uri)

    def call_tool(self, name: str, arguments: dict[str, Any], meta: dict[str, Any] | None = None) -> CallToolResult:
        async def call() -> CallToolResult:
            return await self.client.call_tool(name, arguments, meta=meta)

        return self.portal.call(call)


@contextlib.contextmanager
def mcp_client(server: HttpServer | StdioServerParameters) -> Iterator[McpClient]:
    """A connected SDK client: to an HTTP endpoint, or to a command it starts and speaks to over stdio."""
    with start_blocking_portal() as portal, portal.wrap_async_context_manager(_connected(server)) as client:
        yield McpClient(portal, client)
