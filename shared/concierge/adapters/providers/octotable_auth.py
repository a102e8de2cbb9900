"""OctoTable's OAuth 2.0 client-credentials flow: an access token per client, shared by the process.

OctoTable's docs ("Create Token"): `POST {auth_url}/oauth2/token` with the JSON body
`{"grant_type": "client_credentials", "client_id", "client_secret"}` answers
`{"access_token", "expires_in": <seconds>, "type": "Bearer"}`. The token is kept in the process until
shortly before it expires (a margin of a tenth of its life, at most a minute), so each function
instance asks for one token per lifetime, not one per call; a 401 from the API drops it and the caller
asks once more (`refresh`). Tokens and secrets are never logged.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from typing import Callable

import httpx

log = logging.getLogger(__name__)

MAX_MARGIN_SECONDS = 60.0
MIN_LIFETIME_SECONDS = 1.0


class TokenRefused(Exception):
    """OctoTable refused the client credentials (or its answer held no token): a configuration problem."""


@dataclass(frozen=True)
class _Token:
    value: str
    renew_at: float  # monotonic seconds


class ClientCredentials:
    """Fetches and caches one client's access token; thread-safe, one fetch at a time."""

    def __init__(
        self,
        http: httpx.Client,
        token_url: str,
        client_id: str,
        client_secret: str,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._http = http
        self._url = token_url
        self._id = client_id
        self._secret = client_secret
        self._clock = clock
        self._token: _Token | None = None
        self._lock = threading.Lock()
        self.fetches = 0  # tokens asked for: what the cache saves is measurable

    def token(self) -> str:
        """A token good for a while: the cached one, or a new one when it is near its end."""
        with self._lock:
            if self._token is None or self._clock() >= self._token.renew_at:
                self._token = self._fetch()
            return self._token.value

    def refresh(self, stale: str) -> str:
        """A new token, after the API refused `stale` (another thread may already have replaced it)."""
        with self._lock:
            if self._token is None or self._token.value == stale:
                self._token = self._fetch()
            return self._token.value

    def _fetch(self) -> _Token:
        self.fetches += 1
        response = self._http.post(
            self._url,
            json={"grant_type": "client_credentials", "client_id": self._id, "client_secret": self._secret},
            headers={"Accept": "application/json"},
        )
        if response.status_code >= 500:
            response.raise_for_status()  # the caller's guard: unavailable
        if response.status_code != 200:
            log.warning("OctoTable refused the client credentials: HTTP %s", response.status_code)
            raise TokenRefused(f"HTTP {response.status_code}")
        body = response.json()
        value = body.get("access_token") if isinstance(body, dict) else None
        if not isinstance(value, str) or not value:
            raise TokenRefused("no access_token in the answer")
        lifetime = max(MIN_LIFETIME_SECONDS, float(body.get("expires_in") or 0))
        margin = min(MAX_MARGIN_SECONDS, lifetime / 10)
        return _Token(value, self._clock() + lifetime - margin)


_SHARED: dict[tuple[str, str], ClientCredentials] = {}
_SHARED_LOCK = threading.Lock()


def credentials_for(
    token_url: str, client_id: str, client_secret: str, http_factory: Callable[[], httpx.Client]
) -> ClientCredentials:
    """The process's one ClientCredentials for this client at this token URL (venues sharing a client
    share its token); a changed secret gets a fresh one."""
    key = (token_url, client_id)
    with _SHARED_LOCK:
        found = _SHARED.get(key)
        if found is None or found._secret != client_secret:
            found = ClientCredentials(http_factory(), token_url, client_id, client_secret)
            _SHARED[key] = found
        return found
