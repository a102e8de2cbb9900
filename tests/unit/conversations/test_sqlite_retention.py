"""The embedded store deletes conversations, answers and profiles past their retention."""

from __future__ import annotations

import datetime as dt

from concierge.adapters.store.sqlite import SqliteStore
from concierge.domain.conversation import ClientProfile, Conversation, Message

NOW = dt.datetime(2026, 2, 19, 17, 0, tzinfo=dt.timezone.utc)


def test_expired_conversations_and_profiles_are_purged_and_live_ones_kept(tmp_path):
    store = SqliteStore(tmp_path)
    for key, expire in (("old", NOW - dt.timedelta(seconds=1)), ("live", NOW + dt.timedelta(days=1))):
        conversation = Conversation(
            venue_id="roma",
            thread_id=f"wa:{key}",
            conversation_key=key,
            customer_phone="+393331234567",
            created_at=NOW,
            updated_at=NOW,
        )
        store.save_conversation(conversation, [Message(role="customer", text="ciao", at=NOW)], expire)
        store.record_answer("roma", f"wa:{key}", "m1", key, {"reply": "ciao"}, expire)
    store.save_profile(ClientProfile(venue_id="roma", phone="+393331234567"), NOW - dt.timedelta(seconds=1))
    assert store.purge_conversations(NOW) == 1
    assert store.get_conversation("roma", "old") is None and store.current_conversation("roma", "wa:old") is None
    assert store.answered("roma", "wa:old", "m1") is None and store.get_profile("roma", "+393331234567") is None
    assert store.get_conversation("roma", "live") is not None and store.answered("roma", "wa:live", "m1")
    assert [m.text for m in store.messages("roma", "live")] == ["ciao"]
