"""Browser tests: a real `concierge serve` driven by Debian's Chromium through Playwright.

Playwright never downloads a browser here: it launches `/usr/bin/chromium` (installed by `.ci/run`
with apt-get) headless, with a fresh temporary profile per browser and a fresh context (empty
storage) per test. Without Chromium or Playwright the tests skip saying why; under CI=true they
fail instead, as the emulator tests do.

Fixtures for any page: `browser` (the session's Chromium), `new_page()` (a page in a fresh context),
`concierge_server(store_kind=..., operator=True)` (a served process, with an operator key when asked).
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from tests.conftest import VENUES_FILE
from tests.support import firestore_emulator
from tests.support.local import require
from tests.support.serve_process import ServeProcess

CHROMIUM = os.environ.get("CONCIERGE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
HOW_TO_INSTALL = "install it with `apt-get install -y --no-install-recommends chromium` (`.ci/run` does)"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium, headless, for the whole session."""
    problem = None
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        problem = f"no Chromium at {CHROMIUM}"
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        problem = problem or "Playwright for Python is not installed (pip install -e '.[test]')"
    require(problem, "browser", HOW_TO_INSTALL)
    from playwright.sync_api import expect

    expect.set_options(timeout=20_000)  # a shared, loaded machine: answers may take seconds
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser):
    """new_page(**context_options) -> a page in a fresh context (its own storage); closed after the test."""
    contexts = []

    def make(**options):
        context = browser.new_context(**{"locale": "en-GB", "viewport": {"width": 480, "height": 820}, **options})
        context.set_default_timeout(20_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@dataclass
class Served:
    process: ServeProcess
    operator_key: str | None

    @property
    def url(self) -> str:
        return self.process.url


def _add_operator(data_dir: Path, env: dict[str, str]) -> str:
    """An operator key issued by the CLI, as a venue's owner would do it."""
    result = subprocess.run(
        [sys.executable, "-m", "concierge.cli", "operators", "add", "Staff Member", "--data", str(data_dir)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.strip().splitlines()[-1]


@pytest.fixture
def concierge_server(tmp_path: Path) -> Callable[..., Served]:
    """concierge_server(store_kind="sqlite", operator=False, env=None, venues=...) -> a running `concierge serve`."""
    started: list[ServeProcess] = []

    def start(
        store_kind: str = "sqlite",
        operator: bool = False,
        env: dict[str, str] | None = None,
        venues: Path = VENUES_FILE,
    ) -> Served:
        data_dir = tmp_path / f"data-{uuid.uuid4().hex[:6]}"
        environ = dict(env or {})
        if store_kind == "firestore":
            host = firestore_emulator.emulator_host()
            firestore_emulator.clear(host)
            environ["FIRESTORE_EMULATOR_HOST"] = host
        key = None
        if operator:
            key = _add_operator(
                data_dir,
                {
                    **os.environ,
                    **environ,
                    "CONCIERGE_STORE": store_kind,
                    "CONCIERGE_FIRESTORE_PROJECT": firestore_emulator.PROJECT,
                },
            )
        process = ServeProcess(data_dir, store_kind=store_kind, env=environ, venues=venues)
        started.append(process)
        return Served(process, key)

    yield start
    for process in started:
        process.stop()


def save_screenshot(page, name: str) -> Path:
    """A screenshot for the README, under docs/screenshots/."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path
