"""The JSON log formatter: Cloud Logging's shape, the request's or the span's trace, and masking."""

from __future__ import annotations

import io
import json
import logging

import pytest

from concierge.adapters.tracing import Tracer, trace_hex
from concierge.logs import JsonFormatter, configure_logging, parse_trace_header, request_trace, unconfigure_logging

TRACE = "105445aa7843bc8bf206b12000100000"


@pytest.fixture
def lines():
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter(project="demo-project"))
    logger = logging.getLogger("concierge.test.jsonlogs")
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    logger.propagate = False

    def read() -> list[dict]:
        return [json.loads(line) for line in stream.getvalue().splitlines()]

    yield logger, read
    logger.removeHandler(handler)


def test_one_json_object_per_line_with_severity_and_message(lines):
    logger, read = lines
    logger.info("hello %s", "world")
    logger.warning("careful")
    first, second = read()
    assert (first["severity"], first["message"], first["logger"]) == ("INFO", "hello world", "concierge.test.jsonlogs")
    assert second["severity"] == "WARNING"
    location = first["logging.googleapis.com/sourceLocation"]
    assert location["function"] == "test_one_json_object_per_line_with_severity_and_message"
    assert "logging.googleapis.com/trace" not in first


def test_the_trace_comes_from_the_cloud_trace_header(lines):
    logger, read = lines
    with request_trace({"X-Cloud-Trace-Context": f"{TRACE}/1;o=1"}):
        logger.info("in a request")
    [entry] = read()
    assert entry["logging.googleapis.com/trace"] == f"projects/demo-project/traces/{TRACE}"
    assert entry["logging.googleapis.com/spanId"] == "0000000000000001"
    assert entry["logging.googleapis.com/trace_sampled"] is True


def test_a_w3c_traceparent_is_understood():
    assert parse_trace_header({"traceparent": f"00-{TRACE}-00f067aa0ba902b7-01"}) == (TRACE, "00f067aa0ba902b7", True)
    assert parse_trace_header({}) is None
    assert parse_trace_header({"X-Cloud-Trace-Context": "garbage"}) is None


def test_without_a_header_the_trace_is_the_current_spans(lines):
    logger, read = lines
    plan_id = "8ba07842-1f1d-4542-9c37-3c3cb9e7ede8"
    with Tracer().span("execution", trace_id=plan_id):
        logger.info("inside the plan")
    [entry] = read()
    assert entry["logging.googleapis.com/trace"] == f"projects/demo-project/traces/{trace_hex(plan_id)}"
    assert entry["trace_id"] == plan_id and entry["langfuse_trace_id"] == "8ba078421f1d45429c373c3cb9e7ede8"
    assert entry["span"] == "execution"


def test_message_exception_and_extra_fields_are_masked(lines):
    logger, read = lines
    try:
        raise RuntimeError("failed for mario.rossi@example.com at +393331234567")
    except RuntimeError:
        logger.exception(
            "booking for %s failed, call %s",
            "Mario Rossi",
            "+393331234567",
            extra={
                "guest_name": "Mario Rossi",
                "authorization": "Bearer user-token-7f3a9",
                "venue": "roma",
                "people": 4,
            },
        )
    [entry] = read()
    text = json.dumps(entry)
    for secret in ("Mario", "Rossi", "3331234567", "mario.rossi@example.com", "user-token-7f3a9"):
        assert secret not in text, secret
    assert entry["severity"] == "ERROR" and "RuntimeError" in entry["message"]
    assert entry["guest_name"] == "M**** R****" and entry["venue"] == "roma" and entry["people"] == 4
    assert "authorization" not in entry


def test_configure_logging_installs_once_on_the_root_logger():
    stream = io.StringIO()
    root = logging.getLogger()
    level = root.level
    try:
        handler = configure_logging(stream=stream, project="p")
        assert configure_logging(stream=io.StringIO()) is handler
        assert sum(1 for h in root.handlers if h is handler) == 1
        logging.getLogger("concierge.any").info("ready", extra={"phone": "+393331234567"})
        entry = json.loads(stream.getvalue().splitlines()[-1])
        assert entry["message"] == "ready" and entry["phone"] == "+**********67"
    finally:
        unconfigure_logging()
        root.setLevel(level)
    assert not [h for h in root.handlers if getattr(h, "_concierge_json", False)]
