"""The deployed functions' entry points: one callable per function folder, served by functions-framework."""

from __future__ import annotations

import logging
import threading
from typing import Callable

from flask import Flask, Request, Response

from concierge.adapters.tracing import Tracer
from concierge.http.limits import MAX_BODY_BYTES, BadInput
from concierge.http.responses import (
    UNEXPECTED,
    error_response,
    json_response,
    plan_response,
    preflight_response,
    read_body,
    respond_tool,
    tool_error,
    with_cors,
)
from concierge.logs import configure_logging, request_trace
from concierge.tools import TOOLS

_logging_lock = threading.Lock()
_logging_ready = False


def _configure_logging_once() -> None:
    """JSON lines for Cloud Logging, installed by the first call of a deployed function in this process."""
    global _logging_ready
    if _logging_ready:
        return
    from concierge.deployed import process_settings

    with _logging_lock:
        if not _logging_ready:
            settings = process_settings()
            configure_logging(settings.log_level, settings.log_project)
            _logging_ready = True


def _flush(tracer: Tracer | None) -> None:
    """Send buffered spans before the function returns (the instance may be frozen right after). Never raises."""
    try:
        if tracer is not None:
            tracer.flush()
    except Exception:  # noqa: BLE001 - adapters already swallow their errors; this is the last guard
        pass


def _answer_tool(name: str, req: Request) -> Response:
    """One tool call with the deployed process's context, its trace flushed before the answer leaves."""
    from concierge.deployed import process_context

    settings, ctx = process_context()
    response = respond_tool(ctx, name, req, settings.access)
    _flush(ctx.tracer)
    return response


def _guarded(path: str, run: Callable[[], Response]) -> Response:
    """run(), with any unexpected exception logged and answered as JSON (no HTML page, no traceback)."""
    try:
        return run()
    except Exception:  # noqa: BLE001 - the last guard of a function
        logging.getLogger("concierge.http").exception("unexpected failure serving %s", path)
        return error_response(path, 500, UNEXPECTED)


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
        from concierge.deployed import process_operator_gate, process_plans

        _configure_logging_once()

        def run() -> Response:
            if name in PLAN_FUNCTIONS:  # internal ones are guarded by IAM when deployed
                plans = process_plans()
                response = plan_response(plans, name, req, process_operator_gate())
                _flush(getattr(plans, "tracer", None))
                return response
            return _answer_tool(name, req)

        with request_trace(req.headers):
            return _guarded(name, run)

    entry.__name__ = name
    return entry


def _conversation_entry(name: str) -> Callable[[Request], Response]:
    def entry(req: Request) -> Response:
        from concierge.deployed import process_context, process_conversations
        from concierge.http.conversations import handle

        _configure_logging_once()

        def run() -> Response:
            if req.method == "OPTIONS":  # the chat widget's preflight
                return preflight_response(name, req)
            try:
                raw = read_body(req)
            except BadInput as bad:
                return tool_error(bad.status, bad.code, bad.message)
            settings, _ctx = process_context()
            conversations = process_conversations()
            status, body = handle(conversations, name, raw, req.headers, settings.access)
            _flush(conversations.service.tracer)
            return json_response(body, status)

        with request_trace(req.headers):
            # every answer, a refused body or an unexpected failure too, is readable by the page that called
            return with_cors(name, req, _guarded(name, run))

    entry.__name__ = name
    return entry


def booking_api(req: Request) -> Response:
    """The deployed function serving every tool at /api/<name>, as the local server does.

    Plan steps call the booking API through it (CONCIERGE_ACTIONS_BASE_URL), and an agent platform may
    use this one URL for every tool.
    """
    _configure_logging_once()
    name = req.path.rstrip("/").rsplit("/", 1)[-1]
    if name not in TOOLS:
        return tool_error(404, "NOT_FOUND", f'No function "{name[:100]}".')
    if req.method != "POST":
        return tool_error(405, "METHOD_NOT_ALLOWED", "Call the tools with POST.")

    with request_trace(req.headers):
        return _guarded(name, lambda: _answer_tool(name, req))


def mcp(req: Request) -> Response:
    """The deployed function serving the tools over MCP (streamable HTTP), at its own URL."""
    from concierge.deployed import process_context
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
    from concierge.bootstrap import build_console_config
    from concierge.deployed import process_context, process_conversations, process_operator_gate, process_plans
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
