"""Flask wiring: one entry point per deployed function, and the local server for all of them."""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Callable

from flask import Flask, Request, Response, request
from werkzeug.exceptions import HTTPException

from concierge.adapters.tracing import Tracer, new_trace_id
from concierge.settings import Access
from concierge.domain.errors import ToolError
from concierge.http.auth import has_api_key
from concierge.http.envelopes import answer, refused
from concierge.http.json_bytes import json_bytes
from concierge.http.limits import MAX_BODY_BYTES, BadInput, check_headers, parse_json, too_large
from concierge.http.operators import OperatorGate, OperatorUnauthorized
from concierge.logs import configure_logging, request_trace
from concierge.tools import TOOLS
from concierge.tools.context import ToolContext

if TYPE_CHECKING:
    from concierge.http.conversations import ConversationFunctions
    from concierge.plans.service import PlanService
    from concierge.web.console import ConsoleConfig

_NOOP = Tracer()
_logging_lock = threading.Lock()
_logging_ready = False


def _configure_logging_once() -> None:
    """JSON lines for Cloud Logging, installed by the first call of a deployed function in this process."""
    global _logging_ready
    if _logging_ready:
        return
    from concierge.bootstrap import process_settings

    with _logging_lock:
        if not _logging_ready:
            settings = process_settings()
            configure_logging(settings.log_level, settings.log_project)
            _logging_ready = True


def _flush(tracer: Tracer | None) -> None:
    """Send buffered spans before the function returns (the instance may be frozen right after). Never raises."""
    try:
        (tracer or _NOOP).flush()
    except Exception:  # noqa: BLE001 - adapters already swallow their errors; this is the last guard
        pass


def _json(body: dict, status: int = 200) -> Response:
    return Response(json_bytes(body), status=status, mimetype="application/json")


def _body(req: Request) -> bytes:
    """The raw body, at most MAX_BODY_BYTES of it read (a longer one is refused, not read)."""
    if req.content_length is not None and req.content_length > MAX_BODY_BYTES:
        raise too_large()
    raw = req.stream.read(MAX_BODY_BYTES + 1)
    if len(raw) > MAX_BODY_BYTES:
        raise too_large()
    return raw


def _respond(ctx: ToolContext, name: str, req: Request, access: Access) -> Response:
    try:
        raw = _body(req)
    except BadInput as bad:
        result = refused(bad)
    else:
        result = answer(ctx, name, raw, req.headers, access)
    return _json(result.body, result.status)


def _tool_error(status: int, code: str, message: str) -> Response:
    return _json({"ok": False, "error_code": code, "message": message}, status)


_HTTP_CODES = {404: "NOT_FOUND", 405: "METHOD_NOT_ALLOWED", 413: "PAYLOAD_TOO_LARGE"}
_UNEXPECTED = "Unexpected error; it has been logged. Please try again."


def error_response(path: str, status: int, message: str) -> Response:
    """Every refusal outside a function's own answers as JSON: the plan contract's shape under the plan
    functions, the tools' shape everywhere else."""
    from concierge.plans.functions import PLAN_FUNCTIONS

    if path.rstrip("/").rsplit("/", 1)[-1] in PLAN_FUNCTIONS:
        return _refusal(status, "service_unavailable" if status >= 500 else "invalid_input", message)
    return _tool_error(
        status, _HTTP_CODES.get(status, "INTERNAL_ERROR" if status >= 500 else "VALIDATION_ERROR"), message
    )


def _guarded(path: str, run: Callable[[], Response]) -> Response:
    """run(), with any unexpected exception logged and answered as JSON (no HTML page, no traceback)."""
    try:
        return run()
    except Exception:  # noqa: BLE001 - the last guard of a function
        logging.getLogger("concierge.http").exception("unexpected failure serving %s", path)
        return error_response(path, 500, _UNEXPECTED)


ACTION_TOKEN_HEADER = "X-Action-Token"  # the operator's own token for plan_request's lookups; never queued


def _refusal(status: int, error_type: str, message: str) -> Response:
    return _json({"error_type": error_type, "message": message}, status)


def _plan_response(
    plans: PlanService, name: str, req: Request, operators: OperatorGate | None, service_key: str | None = None
) -> Response:
    """One plan function: credentials first (the operator's, or the service key for internal routes), then the body."""
    from concierge.http.plans import call_plan_function
    from concierge.plans.functions import OPERATOR_FUNCTIONS

    operator = None
    token = None
    if name in OPERATOR_FUNCTIONS:
        if operators is None:
            return _refusal(401, "auth_required", "Operator sign-in is not configured on this server.")
        try:
            operator = operators.authenticate(req.headers)
        except OperatorUnauthorized as refusal:
            return _json(refusal.body, refusal.status)
        token = (req.headers.get(ACTION_TOKEN_HEADER) or "").strip() or None
    elif service_key is not None and not has_api_key(req.headers, service_key):
        return _refusal(401, "auth_required", "This route is for the service's queue and scheduler.")
    try:
        check_headers(req.headers)
        body = parse_json(_body(req))
    except BadInput as bad:
        return _refusal(bad.status, "invalid_input", bad.message)
    if name == "plan_request":  # the service opens the plan's trace once the plan id exists
        status, answer_body = call_plan_function(plans, name, body, token, operator)
        return _json(answer_body, status)
    tracer = getattr(plans, "tracer", None) or _NOOP
    fields = body if isinstance(body, dict) else {}
    plan_id = fields.get("plan_id") if isinstance(fields.get("plan_id"), str) and fields.get("plan_id") else None
    with tracer.span(
        f"plan:{name}",
        trace_id=plan_id or new_trace_id(),
        function=name,
        plan_id=plan_id,
        user_id=operator.operator_id if operator else None,
    ) as span:
        status, answer_body = call_plan_function(plans, name, body, token, operator)
        span.set(
            http_status=status,
            error_type=answer_body.get("error_type"),
            outcome=answer_body.get("outcome"),
            plan_status=answer_body.get("status"),
        )
    return _json(answer_body, status)


# The chat page loads only its own files and calls only its own server.
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def _with_cors(name: str, req: Request, response: Response) -> Response:
    """The answer to the chat widget in a browser may be read by the page that called (http.browser_access)."""
    from concierge.http.browser_access import browser_origin, cors_headers

    origin = browser_origin(name, req.headers)
    if origin is not None:
        response.headers.update(cors_headers(origin))
    return response


def _preflight(name: str, req: Request) -> Response:
    from concierge.http.browser_access import browser_origin, preflight_headers

    origin = browser_origin(name, req.headers)
    if origin is None:
        return error_response(req.path, 405, "This route does not take that method; the functions take POST.")
    return Response(status=204, headers=preflight_headers(origin))


def function_entry(name: str) -> Callable[[Request], Response]:
    """The callable functions-framework serves for one deployed function (a tool, plan or conversation function)."""
    from concierge.conversations.functions import CONVERSATION_FUNCTIONS
    from concierge.plans.functions import PLAN_FUNCTIONS

    if name in CONVERSATION_FUNCTIONS:
        return _conversation_entry(name)
    if name not in TOOLS and name not in PLAN_FUNCTIONS:
        raise KeyError(name)
    if name in TOOLS:
        TOOLS[name]  # the function's own tool, and only it, loads with the function

    def entry(req: Request) -> Response:
        from concierge.bootstrap import process_context, process_operator_gate, process_plans

        _configure_logging_once()

        def run() -> Response:
            if name in PLAN_FUNCTIONS:  # internal ones are guarded by IAM when deployed
                plans = process_plans()
                response = _plan_response(plans, name, req, process_operator_gate())
                _flush(getattr(plans, "tracer", None))
                return response
            settings, ctx = process_context()
            response = _respond(ctx, name, req, settings.access)
            _flush(ctx.tracer)
            return response

        with request_trace(req.headers):
            return _guarded(name, run)

    entry.__name__ = name
    return entry


def _conversation_entry(name: str) -> Callable[[Request], Response]:
    def entry(req: Request) -> Response:
        from concierge.bootstrap import process_context, process_conversations
        from concierge.http.conversations import handle

        _configure_logging_once()

        def run() -> Response:
            if req.method == "OPTIONS":  # the chat widget's preflight
                return _preflight(name, req)
            try:
                raw = _body(req)
            except BadInput as bad:
                return _tool_error(bad.status, bad.code, bad.message)
            settings, _ctx = process_context()
            conversations = process_conversations()
            status, body = handle(conversations, name, raw, req.headers, settings.access)
            _flush(conversations.service.tracer)
            return _json(body, status)

        with request_trace(req.headers):
            # every answer, a refused body or an unexpected failure too, is readable by the page that called
            return _with_cors(name, req, _guarded(name, run))

    entry.__name__ = name
    return entry


def booking_api(req: Request) -> Response:
    """The deployed function serving every tool at /api/<name>, as the local server does.

    Plan steps call the booking API through it (CONCIERGE_ACTIONS_BASE_URL), and an agent platform may
    use this one URL for every tool.
    """
    from concierge.bootstrap import process_context

    _configure_logging_once()
    name = req.path.rstrip("/").rsplit("/", 1)[-1]
    if name not in TOOLS:
        return _tool_error(404, "NOT_FOUND", f'No function "{name[:100]}".')
    if req.method != "POST":
        return _tool_error(405, "METHOD_NOT_ALLOWED", "Call the tools with POST.")

    def run() -> Response:
        settings, ctx = process_context()
        response = _respond(ctx, name, req, settings.access)
        _flush(ctx.tracer)
        return response

    with request_trace(req.headers):
        return _guarded(name, run)


def mcp(req: Request) -> Response:
    """The deployed function serving the tools over MCP (streamable HTTP), at its own URL."""
    from concierge.bootstrap import process_context
    from concierge.mcp.endpoint import process_endpoint

    _configure_logging_once()
    with request_trace(req.headers):
        settings, ctx = process_context()
        response = process_endpoint().respond(req, settings.access)
        _flush(ctx.tracer)
        return response


_console_apps: list[Flask] = []
_console_lock = threading.Lock()


def _console_app() -> Flask:
    """The deployed console's Flask app, built on the first request of the instance."""
    from concierge.bootstrap import (
        build_console_config,
        process_context,
        process_conversations,
        process_operator_gate,
        process_plans,
    )
    from concierge.web.console import ConsoleServices, register_console

    with _console_lock:
        if not _console_apps:
            settings, ctx = process_context()
            services = ConsoleServices(ctx, process_plans(), process_operator_gate(), process_conversations())
            app = Flask("concierge-console")
            app.config["MAX_CONTENT_LENGTH"] = MAX_BODY_BYTES
            register_console(app, services, build_console_config(settings, required=True))
            _console_apps.append(app)
        return _console_apps[0]


def console(req: Request) -> Response:
    """The deployed function serving the staff console's pages.

    Its pages live under /console whether the platform hands the function the path with its name
    (`.../console/venues`) or without it (`/venues`): a path outside /console is taken as relative to it.
    """
    _configure_logging_once()
    environ = dict(req.environ)
    path = environ.get("PATH_INFO") or "/"
    if path != "/console" and not path.startswith("/console/"):
        environ["PATH_INFO"] = "/console" + (path if path.startswith("/") else "/" + path)
    with request_trace(req.headers):
        try:
            app = _console_app()
        except ValueError as misconfigured:  # a missing or short CONCIERGE_CONSOLE_SECRET
            logging.getLogger("concierge.http").error("the console cannot start: %s", misconfigured)
            return Response(f"The console is not configured: {misconfigured}.", status=503, mimetype="text/plain")
        with app.request_context(environ):
            return app.full_dispatch_request()


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
        return error_response(request.path, 500, _UNEXPECTED)

    @app.post("/api/<name>", provide_automatic_options=False)
    def call(name: str) -> Response:
        if plans is not None and name in PLAN_FUNCTIONS:
            return _plan_response(plans, name, request, operators, access.api_key)
        if conversations is not None and name in CONVERSATION_FUNCTIONS:
            status, body = handle_conversation(
                conversations, name, request.get_data(cache=True), request.headers, access
            )
            return _with_cors(name, request, _json(body, status))
        if name not in TOOLS:
            return _tool_error(404, "NOT_FOUND", f'No function "{name[:100]}".')
        return _respond(ctx, name, request, access)

    @app.route("/api/<name>", methods=["OPTIONS"])
    def preflight(name: str) -> Response:
        return _preflight(name, request)

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

        return _json(openapi_document())

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
        return _json({"ok": True})

    from concierge.http.tool_routes import ToolRoutes

    elsewhere = (set(PLAN_FUNCTIONS) if plans is not None else set()) | (
        set(CONVERSATION_FUNCTIONS) if conversations is not None else set()
    )
    app.wsgi_app = ToolRoutes(app.wsgi_app, ctx, access, elsewhere)  # type: ignore[method-assign]
    return app
