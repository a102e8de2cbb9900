"""How the Sheets provider talks to Google: gspread's HTTP client sent to another origin and retrying 429s
within the call's wait budget, and what a failure below a port call means for the port.

Sheets' read quota is per minute: a 429 is worth waiting on for longer than other back-ends allow, but a
voice platform gives up on a tool after 20 s. So one port call waits at most its wait budget in all
(`wait_budget_seconds`, default 8, at most 15), over up to WAIT_ATTEMPTS requests backing off 0.25, 0.5,
1, 2, 4 s. The budget runs from the start of the outermost port call (`call_deadline`).
"""

from __future__ import annotations

import contextvars
import logging
import time
from contextlib import contextmanager
from typing import Any, Iterator

import requests
from google.auth import exceptions as auth_errors
from gspread.exceptions import APIError
from gspread.http_client import HTTPClient

from concierge.adapters.providers.errors import (
    BackendRefused,
    BackendUnavailable,
    ProviderFailure,
    ProviderNotConfigured,
    RateLimited,
)
from concierge.adapters.providers.rate_limits import ATTEMPTS, BUDGET_SECONDS, retry_after, within_rate_limits
from concierge.adapters.store import StoreBusy
from concierge.domain.errors import ToolError

log = logging.getLogger("concierge.adapters.providers.sheets")

SCOPES = ["https://www.googleapis.com/auth/spreadsheets"]
GOOGLE_ROOT = "https://sheets.googleapis.com"
DEFAULT_WAIT_BUDGET = 8.0
MAX_WAIT_BUDGET = 15.0
WAIT_ATTEMPTS = 6
call_deadline: contextvars.ContextVar[float | None] = contextvars.ContextVar("sheets_call_deadline", default=None)


class SheetsHTTPClient(HTTPClient):
    """gspread's HTTP client, sent to `api_root` instead of Google's origin, retrying 429s briefly.

    gspread builds absolute URLs on Google's origin (gspread.urls) and sends every request through
    HTTPClient.request; its Client takes the HTTP client class as `http_client`, the library's supported
    hook (its own BackOffHTTPClient uses it). So this one override is where another server (the tests'
    local one, an emulator) replaces the origin, and where the bounded 429 policy lives.
    """

    def __init__(
        self,
        auth: Any,
        session: Any = None,
        *,
        api_root: str = GOOGLE_ROOT,
        attempts: int = ATTEMPTS,
        budget: float = BUDGET_SECONDS,
    ) -> None:
        super().__init__(auth, session)
        self.api_root, self.attempts, self.budget = api_root.rstrip("/"), attempts, budget

    def request(self, method: str, endpoint: str, *args: Any, **kwargs: Any) -> requests.Response:
        if endpoint.startswith(GOOGLE_ROOT):
            endpoint = self.api_root + endpoint[len(GOOGLE_ROOT) :]

        def once() -> requests.Response | APIError:
            try:
                return super(SheetsHTTPClient, self).request(method, endpoint, *args, **kwargs)
            except APIError as exc:  # gspread raises on errors; a 429 is an answer to wait on
                if exc.response.status_code != 429:
                    raise
                return exc

        deadline = call_deadline.get()
        budget = self.budget if deadline is None else min(self.budget, max(0.0, deadline - time.monotonic()))
        outcome = within_rate_limits(
            once, lambda o: isinstance(o, APIError), lambda o: o.response.headers, self.attempts, budget
        )
        if isinstance(outcome, APIError):
            raise outcome
        return outcome


@contextmanager
def failures(venue_id: str, title: str, wait_budget: float) -> Iterator[None]:
    """One port call on a venue's worksheet `title`: its wait budget starts (unless an outer call's runs), and
    whatever goes wrong below comes out as the port's exceptions, with no exception text, which might
    quote secrets."""
    outer = call_deadline.get()
    token = call_deadline.set(outer if outer is not None else time.monotonic() + wait_budget)
    try:
        yield
    except (ToolError, ProviderFailure):
        raise
    except APIError as exc:
        status = exc.response.status_code
        log.warning("sheets API answered %s for venue %s", status, venue_id)
        if status in (404, 403) or (status == 400 and "Unable to parse range" in str(exc.error.get("message"))):
            raise ProviderNotConfigured(
                f'Spreadsheet or worksheet "{title}" not found, or not shared with the service account.',
                code="SHEET_NOT_FOUND",
            ) from None
        if status == 429:
            raise RateLimited("HTTP 429", retry_after=retry_after(exc.response.headers, 1)) from None
        if status >= 500:
            raise BackendUnavailable(f"HTTP {status}") from None
        raise BackendRefused(detail=f"HTTP {status}") from None
    except (StoreBusy, auth_errors.TransportError) as exc:
        log.warning("sheets provider for venue %s: %s", venue_id, type(exc).__name__)
        raise BackendUnavailable(type(exc).__name__) from None
    except auth_errors.RefreshError as exc:
        log.warning("sheets token refused for venue %s (retryable: %s)", venue_id, exc.retryable)
        if exc.retryable:
            raise BackendUnavailable("token refresh failed") from None
        raise BackendRefused(detail="token refused") from None
    except requests.RequestException as exc:
        if isinstance(exc, requests.exceptions.InvalidJSONError):
            log.warning("sheets answered malformed JSON for venue %s", venue_id)
            raise BackendRefused(detail="malformed JSON") from None
        log.warning("sheets unreachable for venue %s: %s", venue_id, type(exc).__name__)
        raise BackendUnavailable(type(exc).__name__) from None
    except Exception as exc:  # malformed answers and anything unforeseen
        log.warning("sheets provider failed for venue %s: %s", venue_id, type(exc).__name__)
        raise BackendRefused(detail=type(exc).__name__) from None
    finally:
        call_deadline.reset(token)


def write_may_have_landed(exc: Exception) -> bool:
    """A write that may have landed: no answer, a garbled one, or a server error."""
    if isinstance(exc, APIError):
        return exc.response.status_code >= 500
    return isinstance(exc, (requests.RequestException, ValueError))
