"""Google-signed ID tokens (OIDC), verified with google-auth against Google's published certificates.

The certificates are fetched once and kept for an hour (Google rotates them over days), so a
verification is local work after the first.
"""

from __future__ import annotations

import threading
import time
from typing import Protocol

import httpx

GOOGLE_CERTS_URL = "https://www.googleapis.com/oauth2/v1/certs"
GOOGLE_ISSUERS = ("accounts.google.com", "https://accounts.google.com")
CERTS_TTL_SECONDS = 3600


class IdTokenVerifier(Protocol):
    def verified_email(self, token: str) -> str | None:
        """The verified email the token was issued to, or None when the token is not valid for us."""


class GoogleIdTokens:
    def __init__(
        self,
        audience: str,
        certs_url: str = GOOGLE_CERTS_URL,
        issuers: tuple[str, ...] = GOOGLE_ISSUERS,
        timeout: float = 5.0,
    ) -> None:
        self.audience = audience
        self.certs_url = certs_url
        self.issuers = issuers
        self.timeout = timeout
        self._certs: dict[str, str] = {}
        self._fetched_at = 0.0
        self._lock = threading.Lock()

    def _current_certs(self) -> dict[str, str]:
        with self._lock:
            if not self._certs or time.monotonic() - self._fetched_at > CERTS_TTL_SECONDS:
                response = httpx.get(self.certs_url, timeout=self.timeout)
                response.raise_for_status()
                self._certs = dict(response.json())
                self._fetched_at = time.monotonic()
            return self._certs

    def verified_email(self, token: str) -> str | None:
        from google.auth import exceptions, jwt

        try:
            claims = jwt.decode(token, certs=self._current_certs(), audience=self.audience, clock_skew_in_seconds=10)
        except (ValueError, exceptions.GoogleAuthError, httpx.HTTPError):
            return None
        if claims.get("iss") not in self.issuers or claims.get("email_verified") is not True:
            return None
        email = claims.get("email")
        return email.lower() if isinstance(email, str) and email else None
