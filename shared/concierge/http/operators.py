"""Operator credentials: who is acting, decided from the request's headers before any work.

`Authorization: Bearer <operator key>` (issued by `concierge operators add`) or, when Google
sign-in is configured, `Authorization: Bearer <Google ID token>` of an operator's email. The
tool key (CONCIERGE_API_KEY) is not an operator credential. Every operator-facing function
calls `OperatorGate.authenticate(headers)` first and answers the refusal's status and body when
it raises:

    try:
        operator = gate.authenticate(request.headers)
    except OperatorUnauthorized as refusal:
        return refusal.status, refusal.body
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping

from concierge.domain.operators import Operator, key_hash, normalised_email

if TYPE_CHECKING:  # the tool functions load this module: no HTTP client at import time
    from concierge.adapters.google_identity import IdTokenVerifier
    from concierge.adapters.store import OperatorStore

MAX_CREDENTIAL_LENGTH = 4096  # a Google ID token is about 1 KB; an operator key is 47 characters


class OperatorUnauthorized(Exception):
    """No operator credential, or one that is wrong, revoked or expired: 401, nothing done."""

    status = 401

    def __init__(self, message: str = "Sign in: the request carries no valid operator credential.") -> None:
        super().__init__(message)
        self.message = message

    @property
    def body(self) -> dict:
        return {"error_type": "auth_required", "message": self.message}


def bearer(headers: Mapping[str, str]) -> str | None:
    authorization = headers.get("Authorization") or ""
    if authorization[:7].lower() != "bearer ":
        return None
    return authorization[7:].strip() or None


def _looks_like_jwt(credential: str) -> bool:
    return credential.count(".") == 2 and credential.startswith("eyJ")


@dataclass(frozen=True)
class OperatorGate:
    directory: "OperatorStore"
    id_tokens: "IdTokenVerifier | None" = None  # Google sign-in, when configured

    def authenticate(self, headers: Mapping[str, str]) -> Operator:
        """The operator the request's credential belongs to; OperatorUnauthorized otherwise."""
        credential = bearer(headers)
        if credential is None:
            raise OperatorUnauthorized()
        if len(credential) > MAX_CREDENTIAL_LENGTH:
            raise OperatorUnauthorized("The operator credential is too long.")
        operator: Operator | None
        if self.id_tokens is not None and _looks_like_jwt(credential):
            email = normalised_email(self.id_tokens.verified_email(credential))
            operator = self.directory.operator_for_email(email) if email else None
        else:
            operator = self.directory.operator_for_key(key_hash(credential))
        if operator is None:
            raise OperatorUnauthorized("The operator credential is wrong, revoked or expired.")
        return operator
