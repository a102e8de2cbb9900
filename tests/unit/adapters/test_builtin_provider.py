"""The built-in provider's store outcomes reach the tools as the contract's codes, in the venue's language."""

from __future__ import annotations

import datetime as dt

import pytest

from concierge.adapters.providers.builtin import BuiltinProvider
from concierge.adapters.store import BookingMissing, SlotTaken, StoreBusy
from concierge.domain.booking import BookingDraft
from concierge.domain.errors import ToolError
from concierge.tools.provider_errors import SpokenProvider


class FailingStore:
    """Only the writing half of the store port, failing with one outcome."""

    def __init__(self, outcome: Exception) -> None:
        self.outcome = outcome

    def create_booking(self, *args):
        raise self.outcome

    update_booking = cancel_booking = create_booking


def spoken(store: FailingStore) -> SpokenProvider:
    """The built-in provider as the tools reach it (ToolContext.provider)."""
    return SpokenProvider(BuiltinProvider({"kind": "builtin"}, {}, store=store))


DRAFT = BookingDraft(day=dt.date(2026, 2, 20), time="20:00", people=2, name="A", phone="+39333")


@pytest.mark.parametrize(
    "outcome, code, italian",
    [
        (SlotTaken(), "DUPLICATE_BOOKING", "Risulta già una prenotazione con questi dati."),
        (StoreBusy(), "PROVIDER_UNAVAILABLE", "Il sistema di prenotazione non è raggiungibile in questo momento."),
    ],
)
def test_create_outcomes_become_contract_codes(venues, outcome, code, italian):
    with pytest.raises(ToolError) as refusal:
        spoken(FailingStore(outcome)).create(venues["roma"], DRAFT, lambda b: None)
    assert (refusal.value.code, refusal.value.message) == (code, italian)


def test_a_missing_booking_is_booking_not_found_in_the_venues_language(venues):
    with pytest.raises(ToolError) as refusal:
        spoken(FailingStore(BookingMissing("b1"))).cancel(venues["harbour"], "b1")
    assert (refusal.value.code, refusal.value.message) == ("BOOKING_NOT_FOUND", "I can't find that booking.")
