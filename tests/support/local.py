"""Helpers for services the tests run on this machine."""

from __future__ import annotations

import os
import socket

import pytest


def free_port() -> int:
    """A loopback port nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def require(problem: str | None, service: str, how_to_start: str) -> None:
    """Skip a test whose service is missing, saying how to start it; under CI=true, fail it instead."""
    if problem is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{problem}: CI must run the {service} tests; {how_to_start}", pytrace=False)
    pytest.skip(f"{problem}; {how_to_start}")
