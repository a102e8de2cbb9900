"""Structured logs: one JSON object per line, in the shape Cloud Logging reads from stdout.

Each line has `severity`, `message`, `time`, `logger`, `logging.googleapis.com/sourceLocation`,
`logging.googleapis.com/trace` = `projects/<project>/traces/<id>` when a trace is known (the
request's `X-Cloud-Trace-Context` / `traceparent` header first, else the current span's id in
W3C form, which is also the Langfuse trace id), `trace_id` (our id: the plan id or the tool
call's id), and the record's `extra=` fields. Message, exception text and fields are masked
like traces (concierge.masking): no names, phones, e-mails or tokens in logs.

Standard library only; configure_logging() is idempotent.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import re
import sys
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Iterator, Mapping, TextIO

from concierge.adapters.tracing import current_span, trace_hex
from concierge.masking import mask, mask_text, names_in

SEVERITY = {
    logging.DEBUG: "DEBUG",
    logging.INFO: "INFO",
    logging.WARNING: "WARNING",
    logging.ERROR: "ERROR",
    logging.CRITICAL: "CRITICAL",
}

# What every LogRecord has; anything else on a record came from `extra=` and is logged as a field.
_STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime", "taskName"}

_CLOUD_TRACE = re.compile(r"^([0-9a-fA-F]{32})(?:/([0-9]{1,20}))?(?:;o=([01]))?")
_TRACEPARENT = re.compile(r"^[0-9a-f]{2}-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$")

_request_trace: ContextVar["tuple[str, str | None, bool | None] | None"] = ContextVar(
    "concierge_request_trace", default=None
)


def parse_trace_header(headers: Mapping[str, str]) -> tuple[str, str | None, bool | None] | None:
    """(trace id, span id, sampled) from X-Cloud-Trace-Context or W3C traceparent, else None."""
    value = headers.get("X-Cloud-Trace-Context") or headers.get("x-cloud-trace-context")
    if value:
        match = _CLOUD_TRACE.match(value.strip())
        if match:
            span_number = int(match.group(2)) if match.group(2) else None
            span = format(span_number, "016x") if span_number is not None and span_number < 2**64 else None
            return match.group(1).lower(), span, (match.group(3) == "1") if match.group(3) else None
    value = headers.get("traceparent") or headers.get("Traceparent")
    if value:
        match = _TRACEPARENT.match(value.strip().lower())
        if match:
            return match.group(1), match.group(2), bool(int(match.group(3), 16) & 1)
    return None


@contextmanager
def request_trace(headers: Mapping[str, str]) -> Iterator[None]:
    """Log lines written inside this block carry the request's Cloud Trace id."""
    token = _request_trace.set(parse_trace_header(headers))
    try:
        yield
    finally:
        _request_trace.reset(token)


class JsonFormatter(logging.Formatter):
    """A record as one JSON line Cloud Logging understands, masked."""

    def __init__(self, project: str | None = None) -> None:
        super().__init__()
        self.project = project

    def format(self, record: logging.LogRecord) -> str:
        fields = {k: v for k, v in vars(record).items() if k not in _STANDARD and not k.startswith("_")}
        masked_fields = mask(fields) if fields else {}
        message = record.getMessage()
        if record.exc_info:
            message = f"{message}\n{self.formatException(record.exc_info)}"
        elif record.stack_info:
            message = f"{message}\n{record.stack_info}"
        entry: dict[str, Any] = {
            "severity": SEVERITY.get(record.levelno, record.levelname),
            "message": mask_text(message, names_in(fields)),
            "time": dt.datetime.fromtimestamp(record.created, dt.timezone.utc).isoformat(),
            "logger": record.name,
            "logging.googleapis.com/sourceLocation": {
                "file": record.pathname,
                "line": str(record.lineno),
                "function": record.funcName,
            },
        }
        span = current_span()
        request = _request_trace.get()
        trace = request[0] if request else (trace_hex(span.trace_id) if span is not None else None)
        if trace and self.project:
            entry["logging.googleapis.com/trace"] = f"projects/{self.project}/traces/{trace}"
            if request and request[1]:
                entry["logging.googleapis.com/spanId"] = request[1]
            if request and request[2] is not None:
                entry["logging.googleapis.com/trace_sampled"] = request[2]
        if span is not None:
            entry["trace_id"] = span.trace_id
            entry["langfuse_trace_id"] = trace_hex(span.trace_id)
            entry["span"] = span.name
        for key, value in masked_fields.items():
            entry.setdefault(key, value)
        return json.dumps(entry, ensure_ascii=False, default=str)


_HANDLER_MARK = "_concierge_json"


def configure_logging(
    level: int | str = "INFO", project: str | None = None, stream: TextIO | None = None
) -> logging.Handler:
    """Install the JSON formatter on the root logger, once per process (later calls return the same handler).

    `project`: the Google Cloud project whose traces the lines name. Handlers already writing to stdout/stderr are
    replaced, so lines are not written twice.
    """
    root = logging.getLogger()
    for handler in root.handlers:
        if getattr(handler, _HANDLER_MARK, False):
            return handler
    handler = logging.StreamHandler(stream or sys.stdout)
    setattr(handler, _HANDLER_MARK, True)
    handler.setFormatter(JsonFormatter(project))
    for existing in list(root.handlers):
        if isinstance(existing, logging.StreamHandler) and getattr(existing, "stream", None) in (
            sys.stdout,
            sys.stderr,
        ):
            root.removeHandler(existing)
    root.addHandler(handler)
    root.setLevel(level)
    return handler


def unconfigure_logging() -> None:
    """Remove the JSON handler (tests)."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, _HANDLER_MARK, False):
            root.removeHandler(handler)
