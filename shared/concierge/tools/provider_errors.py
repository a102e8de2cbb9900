"""The one translator from a provider's narrow exceptions to the contract's codes and the venue's words.

Tools reach a provider only through `ToolContext.provider_for(venue)`, which wraps it here: whatever back-end
holds the bookings, a caller hears the same sentence for the same outcome, in the venue's language.
"""

from __future__ import annotations

import datetime as dt
import logging
from types import TracebackType
from typing import Any, Callable

from concierge.adapters.providers import (
    BackendRefused,
    BackendUnavailable,
    BookingGone,
    BookingProvider,
    ProviderFailure,
    ProviderNotConfigured,
)
from concierge.adapters.store import Admit, Change
from concierge.domain.booking import Booking, BookingDraft
from concierge.domain.errors import ToolError
from concierge.domain.occupancy import Occupancy
from concierge.domain.venue import Venue
from concierge.speech import Phrases, phrases_for

log = logging.getLogger("concierge.providers")

# The sentence for each refusal code; a code without one is told as a provider error.
REFUSALS: dict[str, Callable[[Phrases], str]] = {
    "NO_TABLE_AVAILABLE": Phrases.no_table,
    "DUPLICATE_BOOKING": Phrases.duplicate,
    "PROVIDER_ERROR": Phrases.provider_error,
}


def as_tool_error(failure: ProviderFailure, venue: Venue) -> ToolError:
    say = phrases_for(venue.locale, venue.kind)
    if isinstance(failure, BookingGone):
        return ToolError("BOOKING_NOT_FOUND", say.booking_not_found())
    if isinstance(failure, BackendUnavailable):
        return ToolError("PROVIDER_UNAVAILABLE", say.provider_unavailable())
    if isinstance(failure, ProviderNotConfigured):
        return ToolError(failure.code, failure.detail)
    if isinstance(failure, BackendRefused):
        words = REFUSALS.get(failure.code, Phrases.provider_error)(say)
        return ToolError(failure.code, words, **({"reason": failure.reason} if failure.reason else {}))
    log.error("provider failure of an unknown kind: %s", type(failure).__name__)
    return ToolError("PROVIDER_ERROR", say.provider_error())


class translated:
    """`with translated(venue):` a provider's failure leaves the block as the contract's ToolError.

    A class rather than a generator: it wraps every provider call, and costs a third as much."""

    __slots__ = ("venue",)

    def __init__(self, venue: Venue) -> None:
        self.venue = venue

    def __enter__(self) -> None:
        return None

    def __exit__(
        self, kind: type[BaseException] | None, failure: BaseException | None, tb: TracebackType | None
    ) -> None:
        if isinstance(failure, ProviderFailure):
            raise as_tool_error(failure, self.venue) from None


class SpokenProvider(BookingProvider):
    """A provider whose failures arrive as the contract's ToolErrors, worded for `venue`."""

    def __init__(self, inner: BookingProvider) -> None:
        self.inner = inner

    def bookings_on(self, venue: Venue, day: dt.date) -> list[Booking]:
        with translated(venue):
            return self.inner.bookings_on(venue, day)

    def occupancy_on(self, venue: Venue, day: dt.date) -> Occupancy:
        with translated(venue):
            return self.inner.occupancy_on(venue, day)

    def bookings_for_phone(self, venue: Venue, phone: str, from_day: dt.date) -> list[Booking]:
        with translated(venue):
            return self.inner.bookings_for_phone(venue, phone, from_day)

    def bookings_between(self, venue: Venue, first_day: dt.date, last_day: dt.date) -> list[Booking]:
        with translated(venue):
            return self.inner.bookings_between(venue, first_day, last_day)

    def get(self, venue: Venue, booking_id: str) -> Booking:
        with translated(venue):
            return self.inner.get(venue, booking_id)

    def create(self, venue: Venue, draft: BookingDraft, admit: Admit) -> Booking:
        with translated(venue):
            return self.inner.create(venue, draft, admit)

    def update(self, venue: Venue, booking_id: str, change: Change) -> Booking:
        with translated(venue):
            return self.inner.update(venue, booking_id, change)

    def cancel(self, venue: Venue, booking_id: str) -> None:
        with translated(venue):
            self.inner.cancel(venue, booking_id)

    def unreadable_rows(self, venue: Venue) -> list[Any]:
        """Rows a back-end keeps that no tool can read (only back-ends made of rows have any)."""
        skipped = getattr(self.inner, "unreadable_rows", None)
        with translated(venue):
            return list(skipped(venue)) if callable(skipped) else []
