"""The composite indexes and TTL fields Firestore needs are declared for deployment.

Equality-only queries (a day's active bookings) are served by Firestore's automatic
single-field indexes; a query mixing equalities with a range needs a composite index.
"""

from __future__ import annotations

import json
from pathlib import Path

DECLARED = json.loads((Path(__file__).resolve().parents[2] / "infra" / "firestore" / "indexes.json").read_text())


def test_listing_a_phones_bookings_from_today_has_its_composite_index():
    fields = [
        [f["fieldPath"] for f in index["fields"]]
        for index in DECLARED["indexes"]
        if index["collectionGroup"] == "bookings"
    ]
    # bookings_for_phone: phone == and status == then day >= (the range field comes last).
    assert ["phone", "status", "day"] in fields


def test_searching_a_venues_bookings_over_a_date_range_has_its_composite_index():
    fields = [
        [f["fieldPath"] for f in index["fields"]]
        for index in DECLARED["indexes"]
        if index["collectionGroup"] == "bookings"
    ]
    # bookings_between: status == then day >= and day <=.
    assert ["status", "day"] in fields


def test_idempotency_records_expire_through_a_ttl_policy():
    ttl = [o for o in DECLARED["fieldOverrides"] if o.get("ttl")]
    assert ("idempotency", "expires_at") in [(o["collectionGroup"], o["fieldPath"]) for o in ttl]


def test_conversations_their_messages_answers_and_client_profiles_expire_through_a_ttl_policy():
    ttl = {(o["collectionGroup"], o["fieldPath"]) for o in DECLARED["fieldOverrides"] if o.get("ttl")}
    assert {
        (group, "expire_at")
        for group in (
            "conversations",
            "conversation_messages",
            "conversation_threads",
            "conversation_answers",
            "client_profiles",
        )
    } <= ttl
