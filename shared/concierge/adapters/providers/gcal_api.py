"""Google Calendar API v3 over httpx: a service account's token, rate limits, and what each status means.

Failures are typed here (Unavailable, Malformed, NotConfigured, Gone, Changed) and become the provider
port's exceptions in one place, `as_port_errors`.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Mapping

import httpx
from google.auth import crypt, jwt

from concierge.adapters.providers.errors import (
    BackendRefused,
    BackendUnavailable,
    BookingGone,
    ProviderFailure,
    ProviderNotConfigured,
    RateLimited,
)
from concierge.adapters.providers.rate_limits import retry_after, within_rate_limits
from concierge.adapters.store import StoreBusy
from concierge.domain.errors import ToolError
from concierge.domain.venue import Venue

log = logging.getLogger("concierge.adapters.providers.gcal")

DEFAULT_BASE_URL = "https://www.googleapis.com/calendar/v3"
DEFAULT_TOKEN_URI = "https://oauth2.googleapis.com/token"
SCOPE = "https://www.googleapis.com/auth/calendar"
JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer"


# --- what can go wrong, before it becomes a contract code -----------------------------------------------
class Unavailable(BackendUnavailable):
    """Timeout, connection error, 5xx, or rate limited past the retry budget."""


class Malformed(Exception):
    """An answer we cannot read, or an HTTP status we do not expect."""


class NotConfigured(Exception):
    """Credentials missing or refused, or the calendar not shared with the service account."""


class Gone(BookingGone):
    """404 or 410 on an event."""


class Changed(Exception):
    """412: the event's ETag no longer matches."""


@contextmanager
def as_port_errors(venue: Venue) -> Iterator[None]:
    """Only the port's exceptions (Gone and Unavailable are already) and the callbacks' ToolErrors leave."""
    try:
        yield
    except NotConfigured as exc:
        raise ProviderNotConfigured(
            f'Google Calendar is not set up for venue "{venue.id}": {exc}.', code="GCAL_NOT_CONFIGURED"
        ) from None
    except (ToolError, ProviderFailure):
        raise
    except StoreBusy:
        raise BackendUnavailable("the calendar's lease stayed busy") from None
    except Malformed as exc:
        log.warning("gcal: unusable answer for venue %s: %s", venue.id, exc)
        raise BackendRefused(detail=str(exc)) from None
    except Exception as exc:  # never let a library's exception (and its message) escape
        log.error("gcal: unexpected %s for venue %s", type(exc).__name__, venue.id)
        raise BackendRefused(detail=type(exc).__name__) from None


# --- the HTTP client: service-account token, retries, statuses ---------------------------------------------
class CalendarApi:
    def __init__(self, config: Mapping[str, Any], env: Mapping[str, str]) -> None:
        self.base_url = str(config.get("base_url") or DEFAULT_BASE_URL).rstrip("/")
        self.credentials_env = config.get("credentials_env")
        self.subject = config.get("subject")  # domain-wide delegation: act as this user
        self.env = env
        self.http = httpx.Client(timeout=float(config.get("timeout_seconds", 5)))
        self._lock = threading.Lock()
        self._signer: Any = None
        self._account: dict = {}
        self._token: str | None = None
        self._token_until = 0.0

    # token ---------------------------------------------------------------------------------------
    def _load_account(self) -> None:
        if self._signer is not None:
            return
        raw = self.env.get(self.credentials_env or "") if self.credentials_env else None
        if not raw:
            raise NotConfigured(
                f"no service-account JSON in the env var named by credentials_env ({self.credentials_env or 'unset'})"
            )
        try:
            account = json.loads(raw)
            signer = crypt.RSASigner.from_service_account_info(account)
            account["client_email"].strip()
        except Exception:
            raise NotConfigured(
                f"the env var {self.credentials_env} does not hold a usable service-account "
                f"JSON (client_email, private_key)"
            ) from None
        self._account = {
            "client_email": account["client_email"],
            "token_uri": account.get("token_uri") or DEFAULT_TOKEN_URI,
        }
        self._signer = signer

    def _access_token(self) -> str:
        with self._lock:
            if self._token and time.monotonic() < self._token_until:
                return self._token
            self._load_account()
            now = int(time.time())
            claims = {
                "iss": self._account["client_email"],
                "scope": SCOPE,
                "aud": self._account["token_uri"],
                "iat": now,
                "exp": now + 3600,
            }
            if self.subject:
                claims["sub"] = self.subject
            assertion = jwt.encode(self._signer, claims).decode()
            response = self._retrying(
                lambda: self.http.post(
                    self._account["token_uri"], data={"grant_type": JWT_BEARER, "assertion": assertion}
                )
            )
            if response.status_code in (400, 401, 403):
                raise NotConfigured(f"the token endpoint refused the service account (HTTP {response.status_code})")
            if response.status_code >= 500:
                raise Unavailable(f"token endpoint HTTP {response.status_code}")
            body = json_object(response)
            token, expires_in = body.get("access_token"), body.get("expires_in", 3600)
            if not isinstance(token, str) or not token or not isinstance(expires_in, (int, float)):
                raise Malformed("token answer without access_token")
            self._token, self._token_until = token, time.monotonic() + max(0.0, float(expires_in) - 60)
            return token

    def _forget_token(self) -> None:
        with self._lock:
            self._token = None

    # requests --------------------------------------------------------------------------------------
    def _retrying(self, send: Callable[[], httpx.Response]) -> httpx.Response:
        """Send, retrying rate-limit answers (429, 403 rateLimitExceeded) within the shared rate-limit policy."""

        def once() -> httpx.Response:
            try:
                return send()
            except httpx.TransportError as exc:
                raise Unavailable(type(exc).__name__) from None

        response = within_rate_limits(once, rate_limited)
        if rate_limited(response):
            raise RateLimited("rate limited", retry_after=retry_after(response.headers, 1))
        return response

    def call(
        self, method: str, path: str, *, params: Any = None, body: dict | None = None, etag: str | None = None
    ) -> dict:
        """One API call's JSON object ({} for 204). 404/410 → Gone, 412 → Changed."""
        url = self.base_url + path
        refreshed = False
        while True:
            headers = {"Authorization": f"Bearer {self._access_token()}"}
            if etag:
                headers["If-Match"] = etag
            response = self._retrying(lambda: self.http.request(method, url, params=params, json=body, headers=headers))
            if response.status_code == 401 and not refreshed:
                self._forget_token()  # expired or revoked: one fresh token, then give up
                refreshed = True
                continue
            break
        status = response.status_code
        if status == 204 or (200 <= status < 300 and method == "DELETE" and not response.content):
            return {}
        if 200 <= status < 300:
            return json_object(response)
        log.info("gcal: %s %s answered HTTP %s", method, path.split("?")[0], status)
        if status in (401, 403):
            raise NotConfigured(
                f"the calendar API refused access (HTTP {status}); is the calendar shared with the service account?"
            )
        if status in (404, 410):
            raise Gone()
        if status == 412:
            raise Changed()
        if status >= 500:
            raise Unavailable(f"HTTP {status}")
        raise Malformed(f"HTTP {status}")


def json_object(response: httpx.Response) -> dict:
    try:
        body = response.json()
    except ValueError:
        raise Malformed("not JSON") from None
    if not isinstance(body, dict):
        raise Malformed("not a JSON object")
    return body


def rate_limited(response: httpx.Response) -> bool:
    if response.status_code == 429:
        return True
    if response.status_code != 403:
        return False
    try:
        errors = response.json()["error"]["errors"]
        return any(e.get("reason") in ("rateLimitExceeded", "userRateLimitExceeded") for e in errors)
    except Exception:
        return False
