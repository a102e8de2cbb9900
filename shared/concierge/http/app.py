"""Flask wiring: one entry point per deployed function, and the local server for all of them."""

from __future__ import annotations

import json
from typing import Callable

from flask import Flask, Request, Response, request

from concierge.http.envelopes import Access, answer
from concierge.tools import TOOLS
from concierge.tools.context import ToolContext


def _json(body: dict, status: int = 200) -> Response:
    return Response(json.dumps(body, ensure_ascii=False), status=status, mimetype="application/json")


def _respond(ctx: ToolContext, name: str, req: Request, access: Access) -> Response:
    result = answer(ctx, name, req.get_data(cache=True), req.headers, access)
    return _json(result.body, result.status)


def _bearer(req: Request) -> str | None:
    authorization = req.headers.get("Authorization") or ""
    return authorization[7:].strip() or None if authorization[:7].lower() == "bearer " else None


def _plan_response(plans, name: str, req: Request) -> Response:
    try:
        body = json.loads(req.get_data(cache=True) or b"null")
    except (json.JSONDecodeError, UnicodeDecodeError):
        return _json({"error_type": "invalid_input", "message": "The body is not valid JSON."}, 400)
    status, answer_body = plans.handle(name, body, _bearer(req))
    return _json(answer_body, status)


def function_entry(name: str) -> Callable[[Request], Response]:
    """The callable functions-framework serves for one deployed function (a tool or a plan function)."""
    from concierge.plans.functions import PLAN_FUNCTIONS

    if name not in TOOLS and name not in PLAN_FUNCTIONS:
        raise KeyError(name)

    def entry(req: Request) -> Response:
        from concierge.bootstrap import process_context, process_plans

        if name in PLAN_FUNCTIONS:
            return _plan_response(process_plans(), name, req)
        settings, ctx = process_context()
        return _respond(ctx, name, req, settings.access)

    entry.__name__ = name
    return entry


def booking_api(req: Request) -> Response:
    """The deployed function serving every tool at /api/<name>, as the local server does.

    Plan steps call the booking API through it (CONCIERGE_ACTIONS_BASE_URL), and an agent platform may
    use this one URL for every tool.
    """
    from concierge.bootstrap import process_context

    name = req.path.rstrip("/").rsplit("/", 1)[-1]
    if name not in TOOLS:
        return _json({"ok": False, "error_code": "NOT_FOUND", "message": f'No function "{name}".'}, 404)
    settings, ctx = process_context()
    return _respond(ctx, name, req, settings.access)


def create_app(ctx: ToolContext, access: Access, plans=None) -> Flask:
    """Every tool and plan function at POST /api/<name>, and GET /openapi.json describing the tools."""
    from concierge.plans.functions import PLAN_FUNCTIONS

    app = Flask("concierge")

    @app.post("/api/<name>")
    def call(name: str) -> Response:
        if plans is not None and name in PLAN_FUNCTIONS:
            return _plan_response(plans, name, request)
        if name not in TOOLS:
            return _json({"ok": False, "error_code": "NOT_FOUND", "message": f'No function "{name}".'}, 404)
        return _respond(ctx, name, request, access)

    @app.get("/openapi.json")
    def openapi() -> Response:
        from concierge.http.openapi import openapi_document

        return _json(openapi_document())

    @app.get("/healthz")
    def healthz() -> Response:
        return _json({"ok": True})

    return app
