"""The booking back-ends a venue may name in its `provider:` block, keyed by `kind`.

Plain data, importing nothing: the venue schema validates `provider.kind` against it, bootstrap
imports a venue's provider class from it on first use (cold starts stay lean), `domain.errors` learns
the kind of each error code a provider declares (and so its HTTP status and whether a replay keeps
it), and `infra/bundle.py` gives the tool bundles the distributions the providers need. Adding a
provider is its module, one line here, and its local test server.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Mapping

if TYPE_CHECKING:
    from concierge.domain.errors import ErrorKind


@dataclass(frozen=True)
class ProviderEntry:
    target: str  # "module:Class" of the BookingProvider
    requires: tuple[str, ...] = ()  # distributions (as pyproject.toml names them) its client needs
    codes: Mapping[str, ErrorKind] = field(default_factory=dict)  # its own error codes and their kind

    @property
    def module(self) -> str:
        return self.target.partition(":")[0]

    @property
    def class_name(self) -> str:
        return self.target.partition(":")[2]


_P = "concierge.adapters.providers."

PROVIDERS: dict[str, ProviderEntry] = {
    "builtin": ProviderEntry(_P + "builtin:BuiltinProvider"),
    "sheets": ProviderEntry(
        _P + "sheets:SheetsProvider", requires=("gspread", "google-auth"), codes={"SHEET_NOT_FOUND": "internal"}
    ),
    "resos": ProviderEntry(
        _P + "resos:ResosProvider",
        requires=("httpx",),
        codes={"RESOS_NOT_CONFIGURED": "internal", "NO_TABLE_AVAILABLE": "refused"},
    ),
    "octotable": ProviderEntry(
        _P + "octotable:OctoTableProvider", requires=("httpx",), codes={"NO_TABLE_AVAILABLE": "refused"}
    ),
    "gcal": ProviderEntry(
        _P + "gcal:GoogleCalendarProvider",
        requires=("httpx", "google-auth", "cryptography"),
        codes={"GCAL_NOT_CONFIGURED": "internal"},
    ),
}


def provider_codes() -> dict[str, ErrorKind]:
    """Every provider's own error codes with their kind (a code two providers declare has one kind)."""
    return {code: kind for entry in PROVIDERS.values() for code, kind in entry.codes.items()}
