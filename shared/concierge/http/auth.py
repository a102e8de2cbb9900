"""Who may call: the tool API key (Bearer or X-Vapi-Secret) and Retell's signed requests."""

from __future__ import annotations

import hashlib
import hmac
import re
import time
from typing import Mapping

RETELL_WINDOW_MS = 5 * 60 * 1000
_RETELL_SIGNATURE = re.compile(r"^v=([0-9]{1,15}),d=([0-9a-fA-F]{64})$")


def has_api_key(headers: Mapping[str, str], api_key: str) -> bool:
    """Constant-time check of `Authorization: Bearer <key>` or `X-Vapi-Secret: <key>`."""
    offered = headers.get("X-Vapi-Secret") or ""
    authorization = headers.get("Authorization") or ""
    if authorization[:7].lower() == "bearer ":
        offered = authorization[7:].strip() or offered
    return hmac.compare_digest(offered.encode(), api_key.encode())


def retell_signature_is_valid(raw_body: bytes, signature: str | None, api_key: str, now_ms: int | None = None) -> bool:
    """Retell signs `raw body + timestamp` with HMAC-SHA256 under the account's API key.

    The header reads `v=<epoch ms>,d=<hex digest>`; older than five minutes is refused.
    """
    match = _RETELL_SIGNATURE.match((signature or "").strip())
    if not match:
        return False
    stamp, digest = match.groups()
    now_ms = int(time.time() * 1000) if now_ms is None else now_ms
    if abs(now_ms - int(stamp)) > RETELL_WINDOW_MS:
        return False
    expected = hmac.new(api_key.encode(), raw_body + stamp.encode(), hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, digest.lower())


def retell_signature(raw_body: bytes, api_key: str, now_ms: int | None = None) -> str:
    """The header Retell would send: for tests and local tools that play Retell."""
    stamp = str(int(time.time() * 1000) if now_ms is None else now_ms)
    digest = hmac.new(api_key.encode(), raw_body + stamp.encode(), hashlib.sha256).hexdigest()
    return f"v={stamp},d={digest}"
