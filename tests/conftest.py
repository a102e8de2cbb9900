"""Shared test helpers: the test knowledge base and fixed instants."""

from __future__ import annotations

from pathlib import Path

import pytest

from concierge.domain.knowledge_base import load_knowledge_base

FIXTURES = Path(__file__).parent / "fixtures"
VENUES_FILE = FIXTURES / "venues.yaml"

# Thursday 19 February 2026, 18:00 in Rome: the day of the contract's examples.
THURSDAY_EVENING_ROME = "2026-02-19T18:00:00+01:00"


@pytest.fixture(scope="session")
def venues():
    return load_knowledge_base(VENUES_FILE)


def pytest_sessionfinish(session, exitstatus):
    """Stop the emulators the session started for itself (none when .ci/run gave them)."""
    from tests.support.local import stop_session_emulators

    stop_session_emulators()
