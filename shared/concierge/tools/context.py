"""What a tool needs from the outside world, wired once by bootstrap."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from concierge.adapters.clock import Clock
from concierge.adapters.providers import BookingProvider
from concierge.adapters.tracing import Tracer
from concierge.domain.errors import restaurant_not_found
from concierge.domain.venue import Venue
from concierge.speech import Phrases, phrases_for
from concierge.tools.provider_errors import SpokenProvider, translated
from concierge.venues import VenueCatalog

if TYPE_CHECKING:
    from concierge.idempotency import Idempotency


@dataclass
class ToolContext:
    venues: VenueCatalog
    providers: Callable[[Venue], BookingProvider]  # builds a venue's provider; callers use provider_for
    clock: Clock
    idempotency: "Idempotency | None" = None
    tracer: Tracer = field(default_factory=Tracer)  # no-op unless bootstrap wires Langfuse

    def venue(self, venue_id: str) -> Venue:
        venue = self.venues.get(venue_id)
        if venue is None:
            raise restaurant_not_found(venue_id)
        return venue

    def provider_for(self, venue: Venue) -> BookingProvider:
        """The venue's provider, its failures translated into the contract's codes in the venue's words."""
        with translated(venue):  # building it may find the provider block unusable
            return SpokenProvider(self.providers(venue))

    def local_now(self, venue: Venue) -> dt.datetime:
        return venue.now(self.clock.now())


def speaker(venue: Venue) -> Phrases:
    return phrases_for(venue.locale, venue.kind)


def now_hhmm(local_now: dt.datetime) -> str:
    return f"{local_now.hour:02d}:{local_now.minute:02d}"
