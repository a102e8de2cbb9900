"""The one place that reads settings and wires adapters into a tool context."""

from __future__ import annotations

import datetime as dt
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from concierge.adapters.clock import Clock, FixedClock
from concierge.adapters.providers import BookingProvider
from concierge.adapters.providers.builtin import BuiltinProvider
from concierge.adapters.store import Store
from concierge.domain.errors import ToolError
from concierge.domain.venue import Venue
from concierge.http.envelopes import Access
from concierge.idempotency import Idempotency
from concierge.tools.context import ToolContext
from concierge.venues import DEFAULT_TTL_SECONDS, VenueCatalog


@dataclass(frozen=True)
class Settings:
    store: str = "sqlite"
    data_dir: Path = Path(".concierge")
    firestore_project: str = "demo-concierge"
    firestore_database: str = "(default)"
    idempotency_seconds: float = 3600
    now: str | None = None
    venue_cache_seconds: float = DEFAULT_TTL_SECONDS
    access: Access = field(default_factory=Access)

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ, **overrides) -> "Settings":
        deployed = "K_SERVICE" in env  # set by Cloud Functions (gen2) and Cloud Run
        values = dict(
            store=env.get("CONCIERGE_STORE", "firestore" if deployed else "sqlite"),
            data_dir=Path(env.get("CONCIERGE_DATA", ".concierge")),
            firestore_project=env.get("CONCIERGE_FIRESTORE_PROJECT") or env.get("GOOGLE_CLOUD_PROJECT")
            or "demo-concierge",
            firestore_database=env.get("CONCIERGE_FIRESTORE_DATABASE", "(default)"),
            idempotency_seconds=float(env.get("CONCIERGE_IDEMPOTENCY_SECONDS", 3600)),
            now=env.get("CONCIERGE_NOW") or None,
            venue_cache_seconds=float(env.get("CONCIERGE_VENUE_CACHE_SECONDS", DEFAULT_TTL_SECONDS)),
            access=Access(api_key=env.get("CONCIERGE_API_KEY") or None,
                          retell_api_key=env.get("RETELL_API_KEY") or None),
        )
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)


def build_store(settings: Settings) -> Store:
    if settings.store == "sqlite":
        from concierge.adapters.store.sqlite import SqliteStore

        return SqliteStore(settings.data_dir)
    if settings.store == "firestore":
        from concierge.adapters.store.firestore import FirestoreStore

        return FirestoreStore.connect(settings.firestore_project, settings.firestore_database)
    raise ValueError(f'CONCIERGE_STORE="{settings.store}" is not a store this build knows (sqlite, firestore)')


def build_clock(settings: Settings) -> Clock:
    return FixedClock.parse(settings.now) if settings.now else Clock()


def build_context(settings: Settings, store: Store | None = None) -> ToolContext:
    store = store or build_store(settings)
    builtin = BuiltinProvider(store)

    def provider_for(venue: Venue) -> BookingProvider:
        if venue.provider.kind == "builtin":
            return builtin
        raise ToolError("CONFIG_ERROR", f'Provider "{venue.provider.kind}" of venue "{venue.id}" is not available.')

    return ToolContext(venues=VenueCatalog(store, ttl=settings.venue_cache_seconds),
                       provider_for=provider_for, clock=build_clock(settings),
                       idempotency=Idempotency(store, expiry=dt.timedelta(seconds=settings.idempotency_seconds)))


_process_context: tuple[Settings, ToolContext] | None = None
_lock = threading.Lock()


def process_context() -> tuple[Settings, ToolContext]:
    """Settings and context of this process (a deployed function), built on first use."""
    global _process_context
    with _lock:
        if _process_context is None:
            settings = Settings.from_env()
            _process_context = (settings, build_context(settings))
        return _process_context
