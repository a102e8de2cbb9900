"""The tools' route of the local server, straight on WSGI: `POST /api/<tool>` without Flask's machinery.

A tool call is the hot path of `concierge serve`: Flask's request context, URL map, response object
and hooks cost about as much as the tool itself on a warm SQLite store. This middleware answers those
calls itself, with the same reading of the body (werkzeug's guarded input stream, at most
MAX_BODY_BYTES), the same envelopes, the same JSON and statuses, and the same JSON refusal for an
unexpected failure; every other request (other methods, plan and conversation functions, /mcp,
/openapi.json, unknown names) goes on to the Flask app unchanged.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Iterable, Iterator, Mapping

from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.http import HTTP_STATUS_CODES
from werkzeug.wsgi import get_input_stream

from concierge.http.envelopes import answer, refused
from concierge.http.json_bytes import json_bytes
from concierge.http.limits import MAX_BODY_BYTES, too_large
from concierge.tools import TOOLS

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

    from concierge.settings import Access
    from concierge.tools.context import ToolContext

PREFIX = "/api/"
UNEXPECTED = "Unexpected error; it has been logged. Please try again."
log = logging.getLogger("concierge.http")


class WsgiHeaders(Mapping[str, str]):
    """The request's headers, read from the WSGI environ by name as werkzeug's EnvironHeaders reads them
    (case-insensitive, "-" as "_"), with each name's environ key worked out once per process."""

    __slots__ = ("environ",)

    def __init__(self, environ: WSGIEnvironment) -> None:
        self.environ = environ

    def __getitem__(self, name: str) -> str:
        return self.environ[_KEYS.get(name) or _environ_key(name)]

    def get(self, name: str, default: str | None = None) -> str | None:  # type: ignore[override]
        return self.environ.get(_KEYS.get(name) or _environ_key(name), default)

    def __iter__(self) -> Iterator[str]:
        for key in self.environ:
            if key.startswith("HTTP_"):
                yield key[5:].replace("_", "-").title()
            elif key in ("CONTENT_TYPE", "CONTENT_LENGTH"):
                yield key.replace("_", "-").title()

    def __len__(self) -> int:
        return sum(1 for _ in self)


_KEYS: dict[str, str] = {}  # header name -> environ key, for the names the code asks for


def _environ_key(name: str) -> str:
    key = name.upper().replace("-", "_")
    key = key if key in ("CONTENT_TYPE", "CONTENT_LENGTH") else f"HTTP_{key}"
    if len(_KEYS) < 256:  # the names the code asks for; never grows with the requests
        _KEYS[name] = key
    return key


_STATUS_LINES = {status: f"{status} {phrase.upper()}" for status, phrase in HTTP_STATUS_CODES.items()}


def _status_line(status: int) -> str:
    return _STATUS_LINES.get(status) or f"{status} UNKNOWN"  # as werkzeug writes it


class ToolRoutes:
    """WSGI middleware: answers `POST /api/<tool>` itself, hands everything else to `app`."""

    def __init__(
        self, app: WSGIApplication, ctx: ToolContext, access: Access, served_elsewhere: Iterable[str] = ()
    ) -> None:
        self.app = app
        self.ctx = ctx
        self.access = access
        self.names = frozenset(TOOLS) - frozenset(served_elsewhere)

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if environ.get("REQUEST_METHOD") != "POST" or not path.startswith(PREFIX) or path[5:] not in self.names:
            return self.app(environ, start_response)
        try:
            status, body = self._call(path[5:], environ)
        except Exception:  # noqa: BLE001 - the last guard, as the Flask app's error handler
            log.exception("unexpected failure serving %s", path)
            status, body = 500, {"ok": False, "error_code": "INTERNAL_ERROR", "message": UNEXPECTED}
        data = json_bytes(body)
        headers = [("Content-Type", "application/json"), ("Content-Length", str(len(data)))]
        start_response(_status_line(status), headers)
        return [data]

    def _call(self, name: str, environ: WSGIEnvironment) -> tuple[int, dict]:
        raw = _body(environ)
        if raw is None or len(raw) > MAX_BODY_BYTES:
            result = refused(too_large())
        else:
            result = answer(self.ctx, name, raw, WsgiHeaders(environ), self.access)
        return result.status, result.body


def _body(environ: WSGIEnvironment) -> bytes | None:
    """At most MAX_BODY_BYTES + 1 bytes of the body, or None when its Content-Length is over the limit.

    Read as werkzeug's guarded stream reads it. The common case (a server that delimits the body
    itself, as waitress does, and a plain Content-Length) is read straight from the stream: werkzeug's
    wrapper costs thirty times the read."""
    length = environ.get("CONTENT_LENGTH")
    if (
        "wsgi.input_terminated" in environ
        and "HTTP_TRANSFER_ENCODING" not in environ
        and (length is None or (length.isascii() and length.isdigit()))
    ):
        if length is not None and int(length) > MAX_BODY_BYTES:
            return None
        return environ["wsgi.input"].read(MAX_BODY_BYTES + 1)
    try:
        return get_input_stream(environ, max_content_length=MAX_BODY_BYTES).read(MAX_BODY_BYTES + 1)
    except RequestEntityTooLarge:
        return None
