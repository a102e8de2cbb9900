"""`concierge mcp`: the MCP server over stdin/stdout, for agents that start it as a subprocess."""

from __future__ import annotations

from collections.abc import Callable

from mcp.server.stdio import stdio_server

from concierge.mcp.server import build_server
from concierge.tools.context import ToolContext


async def serve_stdio(ctx: ToolContext, venue_ids: Callable[[], list[str]]) -> None:
    server = build_server(ctx, venue_ids)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())
