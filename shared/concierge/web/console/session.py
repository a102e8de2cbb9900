"""The console's session: a signed, expiring cookie that names the operator, never their key.

The cookie holds a random session id, a CSRF token, the signed-in operator's id and the time of
sign-in, and the ids of the plans made in this session (a short list to come back to). It is
signed with the server secret (itsdangerous, HMAC-SHA1 over the payload and a timestamp), so it
cannot be forged or extended; it is HttpOnly (no script reads it), SameSite=Strict (no other site
sends it) and Secure when the console is served over HTTPS. The operator is looked up again on
every request, so a revoked key ends its sessions at once.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass, field, replace

from itsdangerous import BadSignature, URLSafeTimedSerializer

COOKIE = "concierge_console"
SALT = "concierge.console.session"
MAX_RECENT_PLANS = 8


@dataclass(frozen=True)
class ConsoleConfig:
    """How the console signs and sends its cookie. The secret must be the same on every instance."""

    secret: str = field(default_factory=lambda: secrets.token_urlsafe(32), repr=False)
    session_seconds: int = 8 * 3600
    secure_cookie: bool = False  # True behind HTTPS (deployed): the browser sends it only over HTTPS


@dataclass(frozen=True)
class ConsoleSession:
    sid: str
    csrf: str
    operator_id: str | None = None
    signed_in_at: int | None = None
    plans: tuple[str, ...] = ()

    @classmethod
    def fresh(cls) -> "ConsoleSession":
        return cls(sid=secrets.token_urlsafe(12), csrf=secrets.token_urlsafe(24))

    def signed_in(self, operator_id: str, at: int) -> "ConsoleSession":
        """A new session for the operator: new id and CSRF token, so nothing of the anonymous one carries over."""
        return ConsoleSession(
            sid=secrets.token_urlsafe(12), csrf=secrets.token_urlsafe(24), operator_id=operator_id, signed_in_at=at
        )

    def with_plan(self, plan_id: str) -> "ConsoleSession":
        kept = tuple(p for p in self.plans if p != plan_id)
        return replace(self, plans=(plan_id, *kept)[:MAX_RECENT_PLANS])

    def csrf_matches(self, offered: str | None) -> bool:
        return bool(offered) and hmac.compare_digest(self.csrf.encode(), (offered or "").encode())


class SessionCodec:
    """Reads and writes the session cookie's value."""

    def __init__(self, config: ConsoleConfig) -> None:
        self.config = config
        self._serializer = URLSafeTimedSerializer(config.secret, salt=SALT)

    def dumps(self, session: ConsoleSession) -> str:
        return self._serializer.dumps(
            {
                "sid": session.sid,
                "csrf": session.csrf,
                "op": session.operator_id,
                "at": session.signed_in_at,
                "plans": list(session.plans),
            }
        )

    def loads(self, value: str | None) -> ConsoleSession | None:
        """The session in a cookie value; None when it is missing, forged, malformed or expired."""
        if not value or len(value) > 4096:
            return None
        try:
            data = self._serializer.loads(value, max_age=self.config.session_seconds)
        except BadSignature:  # SignatureExpired is one
            return None
        if not isinstance(data, dict) or not isinstance(data.get("sid"), str) or not isinstance(data.get("csrf"), str):
            return None
        operator_id = data.get("op") if isinstance(data.get("op"), str) else None
        at = data.get("at") if isinstance(data.get("at"), int) else None
        plans = tuple(p for p in data.get("plans") or () if isinstance(p, str))[:MAX_RECENT_PLANS]
        return ConsoleSession(data["sid"], data["csrf"], operator_id, at, plans)
