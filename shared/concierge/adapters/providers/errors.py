"""What a provider says when a call does not go through: a few narrow exceptions, no words.

The tools turn them into the contract's error codes and the venue's localized messages in one place
(`concierge.tools.provider_errors`). Detail strings here are for logs and operators, never read to a
caller, and never quote a secret or a back-end's exception text.
"""

from __future__ import annotations


class ProviderFailure(Exception):
    """A provider call that did not go through."""


class BookingGone(ProviderFailure):
    """No active booking with that id (unknown, cancelled, or not ours): BOOKING_NOT_FOUND."""


class BackendUnavailable(ProviderFailure):
    """The back-end cannot be reached now (timeout, 5xx, a lease not had in time): PROVIDER_UNAVAILABLE.

    `retry_after`: seconds after which trying again makes sense, when the back-end said so."""

    def __init__(self, detail: str = "", retry_after: float | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        self.retry_after = retry_after


class RateLimited(BackendUnavailable):
    """Still rate limited after the retries the shared policy allows (`retry_after`: the back-end's last ask)."""


class BackendRefused(ProviderFailure):
    """The back-end refused or answered what cannot be used.

    `code` is a contract code the provider declares in its registration (NO_TABLE_AVAILABLE, a
    DUPLICATE_BOOKING found by the store) or PROVIDER_ERROR; `reason`, when given, is returned to the
    caller as the answer's `reason` (the back-end's own code and message, for the developer)."""

    def __init__(self, code: str = "PROVIDER_ERROR", reason: str | None = None, detail: str = "") -> None:
        super().__init__(detail or reason or code)
        self.code = code
        self.reason = reason


class ProviderNotConfigured(ProviderFailure):
    """The venue's provider block, or the secret it names, is missing or refused.

    `code`: CONFIG_ERROR or a code the provider declares (RESOS_NOT_CONFIGURED...); `detail` is told to
    the developer as the message (which block key or environment variable to fix, never its value)."""

    def __init__(self, detail: str, code: str = "CONFIG_ERROR") -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
