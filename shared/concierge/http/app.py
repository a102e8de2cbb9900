"""Flask wiring: one entry point per deployed function, and the local server for all of them."""

from __future__ import annotations

from typing import Callable

from flask import Flask, Request, Response, jsonify, request

from concierge.http.envelopes import Access, answer
from concierge.tools import TOOLS
from concierge.tools.context import ToolContext


def _respond(ctx: ToolContext, name: str, req: Request, access: Access) -> Response:
    result = answer(ctx, name, req.get_data(cache=True), req.headers, access)
    response = jsonify(result.body)
    response.status_code = result.status
    return response


def function_entry(name: str) -> Callable[[Request], Response]:
    """The callable functions-framework serves for one deployed tool."""
    if name not in TOOLS:
        raise KeyError(name)

    def entry(req: Request) -> Response:
        from concierge.bootstrap import process_context

        settings, ctx = process_context()
        return _respond(ctx, name, req, settings.access)

    entry.__name__ = name
    return entry


def create_app(ctx: ToolContext, access: Access) -> Flask:
    """Every tool at POST /api/<name>, and GET /openapi.json describing them."""
    app = Flask("concierge")
    app.json.ensure_ascii = False
    app.json.sort_keys = False

    @app.post("/api/<name>")
    def call(name: str) -> Response:
        if name not in TOOLS:
            response = jsonify({"ok": False, "error_code": "NOT_FOUND", "message": f'No function "{name}".'})
            response.status_code = 404
            return response
        return _respond(ctx, name, request, access)

    @app.get("/openapi.json")
    def openapi() -> Response:
        from concierge.http.openapi import openapi_document

        return jsonify(openapi_document())

    @app.get("/healthz")
    def healthz() -> Response:
        return jsonify({"ok": True})

    return app
