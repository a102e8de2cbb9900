"""The conversation store role's contract, run unchanged against SQLite and the Firestore emulator."""

from __future__ import annotations

import datetime as dt

import pytest

from concierge.bootstrap import build_store
from concierge.domain.conversation import ClientProfile, Conversation, Message

NOW = dt.datetime(2026, 2, 19, 17, 0, tzinfo=dt.timezone.utc)
LATER = NOW + dt.timedelta(days=90)
PHONE = "+393331234567"


@pytest.fixture
def store(settings_for):
    return build_store(settings_for())


def conversation(key="c1", thread="wa:1", phone=PHONE, status="active", at=NOW) -> Conversation:
    return Conversation(
        venue_id="roma",
        thread_id=thread,
        conversation_key=key,
        customer_phone=phone,
        status=status,
        created_at=at,
        updated_at=at,
    )


def said(text: str, role="customer", **extra) -> Message:
    return Message(role=role, text=text, at=NOW, **extra)


def test_a_saved_conversation_is_the_threads_current_one_with_its_messages_in_order(store):
    saved = store.save_conversation(conversation(), [said("ciao"), said("Buonasera!", "assistant")], LATER)
    assert saved.message_count == 2
    store.save_conversation(saved, [said("un tavolo", message_id="m2")], LATER)
    current = store.current_conversation("roma", "wa:1")
    assert current.conversation_key == "c1" and current.message_count == 3
    assert [m.text for m in store.messages("roma", "c1")] == ["ciao", "Buonasera!", "un tavolo"]
    assert [m.text for m in store.messages("roma", "c1", since=2)] == ["un tavolo"]
    assert store.messages("roma", "c1", since=2)[0].message_id == "m2"
    assert [m.text for m in store.recent_messages(current, 2)] == ["Buonasera!", "un tavolo"]


def test_a_conversation_belongs_to_its_venue_only(store):
    store.save_conversation(conversation(), [said("ciao")], LATER)
    assert store.get_conversation("harbour", "c1") is None
    assert store.messages("harbour", "c1") == []
    assert store.current_conversation("harbour", "wa:1") is None


def test_the_next_life_of_a_thread_replaces_the_archived_one_as_current(store):
    first = store.save_conversation(conversation(status="archived"), [said("grazie")], LATER)
    store.save_conversation(conversation(key="c2"), [said("di nuovo io")], LATER)
    assert store.current_conversation("roma", "wa:1").conversation_key == "c2"
    assert store.get_conversation("roma", "c1") == first
    assert [c.conversation_key for c in store.conversations_in_status("roma", "archived")] == ["c1"]
    assert [c.conversation_key for c in store.conversations_in_status("roma", "active")] == ["c2"]


def test_conversations_in_a_status_come_most_recent_first(store):
    store.save_conversation(conversation(key="old", thread="t1", status="human_support"), [], LATER)
    store.save_conversation(
        conversation(key="new", thread="t2", status="human_support", at=NOW + dt.timedelta(minutes=5)), [], LATER
    )
    assert [c.conversation_key for c in store.conversations_in_status("roma", "human_support")] == ["new", "old"]


def test_profiles_are_kept_per_venue_and_phone(store):
    store.save_profile(ClientProfile(venue_id="roma", phone=PHONE, preferred_name="Ana", tags=["vip"]), LATER)
    assert store.get_profile("roma", PHONE).preferred_name == "Ana"
    assert store.get_profile("harbour", PHONE) is None
    store.save_profile(ClientProfile(venue_id="roma", phone=PHONE, preferred_name="Anna"), LATER)
    assert store.get_profile("roma", PHONE).preferred_name == "Anna"


def test_an_answer_is_recorded_once_per_thread_and_message_id(store):
    assert store.answered("roma", "wa:1", "m1") is None
    store.record_answer("roma", "wa:1", "m1", "c1", {"reply": "Buonasera", "turns": 0}, LATER)
    assert store.answered("roma", "wa:1", "m1") == {"reply": "Buonasera", "turns": 0}
    assert store.answered("roma", "wa:2", "m1") is None


def test_forgetting_a_client_erases_the_profile_conversations_messages_and_answers(store):
    mine = store.save_conversation(conversation(), [said("ciao")], LATER)
    store.record_answer("roma", "wa:1", "m1", "c1", {"reply": "x"}, LATER)
    store.save_conversation(conversation(key="c2", thread="web:9", status="archived"), [said("ciao")], LATER)
    store.save_conversation(conversation(key="other", thread="wa:2", phone="+393339999999"), [said("hi")], LATER)
    store.save_profile(ClientProfile(venue_id="roma", phone=PHONE, preferred_name="Ana"), LATER)
    assert store.client_threads("roma", PHONE) == ["wa:1", "web:9"]
    assert store.forget_client("roma", PHONE) == 2
    assert store.client_threads("roma", PHONE) == []
    assert store.get_profile("roma", PHONE) is None
    assert store.get_conversation("roma", mine.conversation_key) is None
    assert store.current_conversation("roma", "wa:1") is None
    assert store.messages("roma", "c1") == [] and store.answered("roma", "wa:1", "m1") is None
    assert store.get_conversation("roma", "other") is not None
