"""The MCP server: the catalog's tools and the venues' knowledge bases, on the SDK's low-level server.

A tool answer carries the same payload as the plain HTTP tool, as structured content, with the
spoken `message` as the first text block (what a voice or chat agent says) and the payload as
JSON text after it (for clients that read only text). A refusal is a tool error (`isError`) with
the same payload: `error_code` and `message`, plus what the refusal offers (corrected_day,
nearest_slots_human...). Tool calls are blocking (store, back-ends), so each runs in a worker
thread and the event loop keeps serving other requests.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import anyio
import mcp_types as types
from mcp.server import Server
from mcp.server.context import ServerRequestContext
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS

from concierge.mcp.catalog import MCP_TOOLS, McpServices, McpTool
from concierge.mcp.knowledge import MIME_TYPE, URI_TEMPLATE, description, knowledge_base, venue_id_of, venue_uri

SERVER_NAME = "concierge"
IDEMPOTENCY_META_KEY = "idempotencyKey"
IDEMPOTENCY_HEADER = "idempotency-key"
RESOURCE_NOT_FOUND = -32002  # the code the MCP specification gives an unknown resource

INSTRUCTIONS = (
    "Booking tools of a venue's receptionist (restaurant, clinic or venue): availability, bookings, FAQ, "
    "opening hours and spoken dates and times. Every tool takes the venue's restaurant_id. Each result's "
    "`message`, when present, is a sentence ready to say in the venue's language. A refused call is a tool "
    "error whose `error_code` says why. Each venue's knowledge base (hours, FAQ, contact) is the resource "
    "concierge://venues/{restaurant_id}."
)


def idempotency_key(ctx: ServerRequestContext[Any, Any]) -> str | None:
    """The client's key for a retried call: `_meta.idempotencyKey`, else the HTTP `Idempotency-Key` header."""
    meta = ctx.meta or {}
    key = meta.get(IDEMPOTENCY_META_KEY) if isinstance(meta, Mapping) else None
    if isinstance(key, str) and key.strip():
        return key.strip()
    headers = getattr(ctx.request, "headers", None)
    header = headers.get(IDEMPOTENCY_HEADER) if headers is not None else None
    return header.strip() if isinstance(header, str) and header.strip() else None


def tool_result(payload: dict) -> types.CallToolResult:
    """The spoken message first, then the whole payload as JSON text and as structured content.

    A booking tool refuses with `ok: false` and a `message`; a chat tool with `success: false` and an `error`.
    """
    refused = payload.get("ok") is False or payload.get("success") is False
    as_json = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    message = payload.get("message") or payload.get("error")
    content: list[types.ContentBlock] = (
        [types.TextContent(text=message)] if isinstance(message, str) and message else []
    )
    content.append(types.TextContent(text=as_json))
    return types.CallToolResult(content=content, structured_content=payload, is_error=refused)


def _annotations(tool: McpTool) -> types.ToolAnnotations:
    return types.ToolAnnotations(
        title=tool.title,
        read_only_hint=not tool.writes,
        destructive_hint=tool.writes and tool.name.startswith(("cancel", "end_")),
        idempotent_hint=not tool.writes,
        open_world_hint=False,
    )


def build_server(
    services: McpServices, venue_ids: Callable[[], list[str]], tools: Sequence[McpTool] = MCP_TOOLS
) -> Server[Any]:
    """An MCP server over the given services; `venue_ids` lists the venues whose knowledge bases are resources.

    The chat receptionist's tools are listed only when its service is given.
    """
    ctx = services.tools
    tools = [tool for tool in tools if tool.family == "booking" or services.conversations is not None]
    by_name = {tool.name: tool for tool in tools}
    listed = [
        types.Tool(
            name=t.name,
            title=t.title,
            description=t.description,
            input_schema=t.input_schema,
            annotations=_annotations(t),
        )
        for t in tools
    ]

    async def list_tools(
        _ctx: ServerRequestContext[Any, Any], _params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=listed)

    async def call_tool(
        request: ServerRequestContext[Any, Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        tool = by_name.get(params.name)
        if tool is None:
            raise MCPError(INVALID_PARAMS, f'Unknown tool "{params.name}"; tools/list names them.')
        key = idempotency_key(request) if tool.replayable else None
        arguments = params.arguments if params.arguments is not None else {}
        payload = await anyio.to_thread.run_sync(tool.run, services, arguments, key)
        return tool_result(payload)

    def venues() -> list:
        found = []
        for venue_id in sorted(venue_ids()):
            venue = ctx.venues.get(venue_id)
            if venue is not None:
                found.append(venue)
        return found

    async def list_resources(
        _ctx: ServerRequestContext[Any, Any], _params: types.PaginatedRequestParams | None
    ) -> types.ListResourcesResult:
        found = await anyio.to_thread.run_sync(venues)
        return types.ListResourcesResult(
            resources=[
                types.Resource(
                    uri=venue_uri(v.id), name=v.id, title=v.name, description=description(v), mime_type=MIME_TYPE
                )
                for v in found
            ]
        )

    async def list_templates(
        _ctx: ServerRequestContext[Any, Any], _params: types.PaginatedRequestParams | None
    ) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(
            resource_templates=[
                types.ResourceTemplate(
                    uri_template=URI_TEMPLATE,
                    name="venue",
                    title="A venue's knowledge base",
                    description="Opening hours, closed dates, FAQ and contact details of one venue.",
                    mime_type=MIME_TYPE,
                )
            ]
        )

    async def read_resource(
        _ctx: ServerRequestContext[Any, Any], params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        uri = str(params.uri)
        venue_id = venue_id_of(uri)
        venue = await anyio.to_thread.run_sync(ctx.venues.get, venue_id) if venue_id else None
        if venue is None:
            raise MCPError(RESOURCE_NOT_FOUND, f'No venue knowledge base at "{uri}".', {"uri": uri})
        text = json.dumps(knowledge_base(venue), ensure_ascii=False, indent=2)
        return types.ReadResourceResult(contents=[types.TextResourceContents(uri=uri, mime_type=MIME_TYPE, text=text)])

    from importlib.metadata import PackageNotFoundError, version

    try:
        server_version = version("concierge")
    except PackageNotFoundError:  # a deployed bundle carries the package, not its metadata
        server_version = "bundle"
    return Server(
        SERVER_NAME,
        version=server_version,
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        on_list_resources=list_resources,
        on_list_resource_templates=list_templates,
        on_read_resource=read_resource,
    )
