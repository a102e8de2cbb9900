"""`concierge mcp`: the MCP server over stdin/stdout, for agents that start it as a subprocess."""

from __future__ import annotations

from collections.abc import Callable

from mcp.server.stdio import stdio_server

from concierge.mcp.catalog import McpServices
from concierge.mcp.server import build_server


async def serve_stdio(services: McpServices, venue_ids: Callable[[], list[str]]) -> None:
    server = build_server(services, venue_ids)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())
