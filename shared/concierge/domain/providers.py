"""The booking back-ends a venue may name in its `provider:` block, keyed by `kind`.

Plain data, importing nothing: the venue schema validates `provider.kind` against it, bootstrap
imports a venue's provider class from it on first use (cold starts stay lean), `http.status` answers
the error codes each provider declares with their status, and `infra/bundle.py` gives the tool
bundles the distributions the providers need. Adding a provider is its module, one line here, and
its local test server.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping


@dataclass(frozen=True)
class ProviderEntry:
    target: str  # "module:Class" of the BookingProvider
    requires: tuple[str, ...] = ()  # distributions (as pyproject.toml names them) its client needs
    codes: Mapping[str, int] = field(default_factory=dict)  # its own error codes -> status for plain HTTP

    @property
    def module(self) -> str:
        return self.target.partition(":")[0]

    @property
    def class_name(self) -> str:
        return self.target.partition(":")[2]


_P = "concierge.adapters.providers."

PROVIDERS: dict[str, ProviderEntry] = {
    "builtin": ProviderEntry(_P + "builtin:BuiltinProvider"),
    "sheets": ProviderEntry(_P + "sheets:SheetsProvider", requires=("gspread", "google-auth"),
                            codes={"SHEET_NOT_FOUND": 500}),
    "resos": ProviderEntry(_P + "resos:ResosProvider", requires=("httpx",),
                           codes={"RESOS_NOT_CONFIGURED": 500, "NO_TABLE_AVAILABLE": 422}),
    "octotable": ProviderEntry(_P + "octotable:OctoTableProvider", requires=("httpx",),
                               codes={"NO_TABLE_AVAILABLE": 422}),
    "gcal": ProviderEntry(_P + "gcal:GoogleCalendarProvider", requires=("httpx", "google-auth", "cryptography"),
                          codes={"GCAL_NOT_CONFIGURED": 500}),
}


def provider_codes() -> dict[str, int]:
    """Every provider's own error codes with their status (a code two providers declare has one status)."""
    return {code: status for entry in PROVIDERS.values() for code, status in entry.codes.items()}
