"""`concierge providers check VENUE`: is the venue's booking back-end ready for calls, in plain words.

It builds the venue's provider (its block and the secrets it names), reads the day's bookings through
it (which verifies the credentials and finds the sheet, calendar, restaurant or property), and asks
the provider for the rows it had to skip, where it keeps any. Nothing is written.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Callable

from concierge.adapters.providers import BookingProvider
from concierge.domain.errors import ToolError
from concierge.domain.venue import Venue

# What each refusal means for the person setting a venue up, when the refusal's own message is not enough.
_MEANING = {
    "PROVIDER_UNAVAILABLE": "the back-end could not be reached or kept refusing (timeout, server error, rate "
    "limit): check base_url and the network, then try again",
    "PROVIDER_ERROR": "the back-end answered something that cannot be used (credentials refused, wrong "
    "property or restaurant, an unexpected format)",
    "CAPACITY_READ_ERROR": "the back-end could not be read",
}


@dataclass
class CheckReport:
    venue_id: str
    kind: str
    day: dt.date
    lines: list[str] = field(default_factory=list)
    problems: int = 0

    def ok(self, text: str) -> None:
        self.lines.append(f"ok      {text}")

    def problem(self, text: str) -> None:
        self.problems += 1
        self.lines.append(f"PROBLEM {text}")

    def text(self) -> str:
        verdict = (
            "ready"
            if not self.problems
            else f"{self.problems} problem{'s' if self.problems > 1 else ''} to fix before going live"
        )
        return "\n".join([f"venue {self.venue_id}: provider {self.kind}", *self.lines, f"=> {verdict}"])


def _explain(refusal: ToolError) -> str:
    words = refusal.message
    reason = refusal.extra.get("reason") if isinstance(refusal.extra, dict) else None
    meaning = _MEANING.get(refusal.code)
    parts = [f"{refusal.code}: {words}"] + ([f"({reason})"] if reason else []) + ([f"- {meaning}"] if meaning else [])
    return " ".join(parts)


def check_provider(venue: Venue, provider_for: Callable[[Venue], BookingProvider], day: dt.date) -> CheckReport:
    report = CheckReport(venue.id, venue.provider.kind, day)
    try:
        provider = provider_for(venue)
    except ToolError as refusal:
        report.problem(f"configuration: {_explain(refusal)}")
        return report
    report.ok("configuration: the provider block and the secrets it names are present")
    try:
        bookings = provider.bookings_on(venue, day)
    except ToolError as refusal:
        report.problem(f"reading {day.isoformat()}: {_explain(refusal)}")
        return report
    report.ok(
        f"reading {day.isoformat()}: {len(bookings)} booking(s) read (credentials accepted, "
        f"{_where(venue.provider.kind)} found)"
    )
    skipped = getattr(provider, "unreadable_rows", None)
    if callable(skipped):
        for row in skipped(venue):
            report.problem(f"row {row.number} cannot be read and is ignored by every tool: {row.reason}")
    return report


def _where(kind: str) -> str:
    return {
        "sheets": "the spreadsheet and its worksheet",
        "gcal": "the calendar",
        "resos": "the restaurant",
        "octotable": "the property",
        "builtin": "the store",
    }.get(kind, "the back-end")
