"""The local server's Flask app (`concierge serve`): every tool, plan and conversation function at
POST /api/<name>, MCP, the chat page and the staff console; the tools' hot route in front of it
(`tool_routes.py`). The deployed functions' entry points are in `functions.py`."""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

from flask import Flask, Response, request
from werkzeug.exceptions import HTTPException

from concierge.settings import Access
from concierge.domain.errors import ToolError
from concierge.http.limits import MAX_BODY_BYTES, too_large
from concierge.http.operators import OperatorGate
from concierge.http.responses import (
    PAGE_HEADERS,
    UNEXPECTED,
    error_response,
    json_response,
    plan_response,
    preflight_response,
    respond_tool,
    tool_error,
    with_cors,
)
from concierge.tools import TOOLS
from concierge.tools.context import ToolContext

if TYPE_CHECKING:
    from concierge.http.conversations import ConversationFunctions
    from concierge.plans.service import PlanService
    from concierge.web.console import ConsoleConfig


def create_app(
    ctx: ToolContext,
    access: Access,
    plans: PlanService | None = None,
    operators: OperatorGate | None = None,
    mcp_loopback_only: bool = True,
    conversations: "ConversationFunctions | None" = None,
    console: "ConsoleConfig | None" = None,
) -> Flask:
    """Every tool, plan and conversation function at POST /api/<name>, the MCP endpoint at /mcp, and
    GET /openapi.json.

    The operator's plan functions authenticate through `operators`; the internal ones (queue and
    scheduler targets) need the service key when `access.api_key` is set. `mcp_loopback_only`: the
    MCP endpoint accepts only loopback Host and Origin headers (DNS rebinding). With plans, operators and
    conversations, the staff console is at /console (`console`: its cookie secret; a random one by default).
    """
    from concierge.conversations.functions import CONVERSATION_FUNCTIONS
    from concierge.http.conversations import handle as handle_conversation
    from concierge.plans.functions import PLAN_FUNCTIONS

    app = Flask("concierge")
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY_BYTES

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response:
        status = error.code or 500
        message = {
            404: "No such route; the functions are at POST /api/<function_name>.",
            405: "This route does not take that method; the functions take POST.",
            413: too_large().message,
        }.get(status, error.description or "Refused.")
        return error_response(request.path, status, message)

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Response:
        logging.getLogger("concierge.http").exception("unexpected failure serving %s", request.path)
        return error_response(request.path, 500, UNEXPECTED)

    @app.post("/api/<name>", provide_automatic_options=False)
    def call(name: str) -> Response:
        if plans is not None and name in PLAN_FUNCTIONS:
            return plan_response(plans, name, request, operators, access.api_key)
        if conversations is not None and name in CONVERSATION_FUNCTIONS:
            status, body = handle_conversation(
                conversations, name, request.get_data(cache=True), request.headers, access
            )
            return with_cors(name, request, json_response(body, status))
        if name not in TOOLS:
            return tool_error(404, "NOT_FOUND", f'No function "{name[:100]}".')
        return respond_tool(ctx, name, request, access)

    @app.route("/api/<name>", methods=["OPTIONS"])
    def preflight(name: str) -> Response:
        return preflight_response(name, request)

    @app.get("/chat/<name>")
    def chat(name: str) -> Response:
        from concierge.web.chat import asset, chat_page

        found = asset(name)
        if found is not None:
            return Response(found.body, mimetype=found.mimetype, headers={"Cache-Control": "public, max-age=300"})
        try:
            venue = ctx.venue(name)
        except ToolError:
            return Response("No such venue.", status=404, mimetype="text/plain")
        return Response(chat_page(venue, api="/api", assets="/chat"), mimetype="text/html", headers=PAGE_HEADERS)

    @app.get("/openapi.json")
    def openapi() -> Response:
        from concierge.http.openapi import openapi_document

        return json_response(openapi_document())

    endpoint_box: list = []
    endpoint_lock = threading.Lock()

    @app.route("/mcp", methods=["GET", "POST", "DELETE"])
    def mcp_endpoint() -> Response:
        from concierge.mcp.catalog import McpServices
        from concierge.mcp.endpoint import endpoint_for

        with endpoint_lock:  # built on first use: the SDK's import stays off the tools' path
            if not endpoint_box:
                services = McpServices(ctx, conversations)
                endpoint_box.append(endpoint_for(services, ctx.venues.ids, loopback_only=mcp_loopback_only))
        return endpoint_box[0].respond(request, access)

    if plans is not None and operators is not None and conversations is not None:
        from concierge.web.console import ConsoleServices, register_console

        register_console(app, ConsoleServices(ctx, plans, operators, conversations), console)

    @app.get("/healthz")
    def healthz() -> Response:
        return json_response({"ok": True})

    from concierge.http.tool_routes import ToolRoutes

    elsewhere = (set(PLAN_FUNCTIONS) if plans is not None else set()) | (
        set(CONVERSATION_FUNCTIONS) if conversations is not None else set()
    )
    app.wsgi_app = ToolRoutes(app.wsgi_app, ctx, access, elsewhere)  # type: ignore[method-assign]
    return app
