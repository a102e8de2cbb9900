"""The conversation service with a small hand-written agent, on the embedded store."""

from __future__ import annotations


import pytest

from concierge.adapters.leases import in_process_lease
from concierge.bootstrap import build_context, build_store
from concierge.settings import Settings
from concierge.cli.venues import import_venues
from concierge.conversations.agent import AgentAnswer, ToolRunner, Turn
from concierge.conversations.handover import Handover
from concierge.conversations.requests import MessageRequest, PollRequest, ReadRequest, ReplyRequest
from concierge.conversations.service import ConversationService
from concierge.conversations.threads import Threads
from concierge.domain.errors import ToolError
from concierge.domain.operators import Operator
from tests.conftest import VENUES_FILE

NOW = "2026-02-19T18:00:00+01:00"


class EchoAgent:
    """Repeats the customer's words; "bye" ends the conversation, "human" asks for a person, "fail" raises."""

    def __init__(self) -> None:
        self.turns: list[Turn] = []

    def respond(self, turn: Turn, tools: ToolRunner) -> AgentAnswer:
        self.turns.append(turn)
        if turn.text == "fail":
            tools("update_conversation_tags", {"tags": ["tried"]})
            raise RuntimeError("model down")
        if turn.text == "bye":
            tools("end_conversation", {})
        if turn.text == "human":
            tools("request_human_support", {"reason": "asked for a person"})
        count = turn.conversation.memory.get("count", 0) + 1
        return AgentAnswer(reply=f"you said {turn.text}", rdv={"action": "NEED_INFO"}, turns=1, memory={"count": count})


@pytest.fixture
def agent() -> EchoAgent:
    return EchoAgent()


@pytest.fixture
def parts(tmp_path, agent):
    settings = Settings(store="sqlite", data_dir=tmp_path, now=NOW)
    import_venues(settings, VENUES_FILE)
    store = build_store(settings)
    ctx = build_context(settings, store)
    threads = Threads(store, in_process_lease(), history_limit=3)
    return ConversationService(ctx, threads, lambda venue: agent), Handover(ctx, threads), store


def say(service, text, thread="wa:1", **extra):
    return service.message(MessageRequest(venue_id="tasca", conversation_id=thread, text=text, **extra))


def test_an_answer_carries_the_agents_reply_and_structure(parts, agent):
    service, _, _ = parts
    answer = say(service, "olá", channel="whatsapp", customer={"phone": "912 345 678", "name": "Ana"})
    assert answer == {
        "ok": True,
        "conversation_id": "wa:1",
        "status": "active",
        "ai_active": True,
        "reply": "you said olá",
        "rdv": {"action": "NEED_INFO"},
        "tool_calls": [],
        "turns": 1,
    }
    assert agent.turns[0].conversation.customer_phone == "+351912345678"
    assert agent.turns[0].conversation.phone_verified is True
    assert agent.turns[0].profile.phone == "+351912345678"


def test_the_agent_sees_its_memory_and_a_bounded_history(parts, agent):
    service, _, _ = parts
    for text in ("um", "dois", "três"):
        say(service, text)
    assert agent.turns[-1].conversation.memory == {"count": 2}
    assert [m.text for m in agent.turns[-1].history] == ["you said um", "dois", "you said dois"]


def test_a_repeated_message_id_is_answered_from_the_record_and_processed_once(parts, agent):
    service, _, store = parts
    first = say(service, "olá", message_id="m1")
    again = say(service, "olá", message_id="m1")
    assert again == first and len(agent.turns) == 1
    assert store.current_conversation("tasca", "wa:1").message_count == 2


def test_while_a_person_has_the_conversation_messages_are_stored_and_the_ai_is_silent(parts, agent):
    service, handover, _ = parts
    handed = say(service, "human")
    assert handed["status"] == "human_support" and handed["ai_active"] is False
    assert handed["tool_calls"] == [{"name": "request_human_support", "ok": True}]
    quiet = say(service, "alguém aí?")
    assert quiet["reply"] is None and quiet["rdv"] is None and len(agent.turns) == 1
    handover.reply(
        ReplyRequest(venue_id="tasca", conversation_id="wa:1", text="Olá, sou a Rita."), Operator("u1", "Rita")
    )
    seen = handover.poll(PollRequest(venue_id="tasca", conversation_id="wa:1", since=3))
    assert [(m["seq"], m["role"], m["text"]) for m in seen["messages"]] == [
        (3, "customer", "alguém aí?"),
        (4, "staff", "Olá, sou a Rita."),
    ]
    assert seen["next"] == 5
    handover.hand_back(ReadRequest(venue_id="tasca", conversation_id="wa:1"))
    assert say(service, "obrigado")["reply"] == "you said obrigado"


def test_after_the_end_the_thread_opens_a_new_conversation_for_the_same_customer(parts, agent):
    service, _, store = parts
    say(service, "olá", customer={"phone": "+351912345678"})
    first = store.current_conversation("tasca", "wa:1").conversation_key
    assert say(service, "bye")["status"] == "archived"
    assert say(service, "de novo")["status"] == "active"
    second = store.current_conversation("tasca", "wa:1")
    assert second.conversation_key != first and second.customer_phone == "+351912345678"
    assert agent.turns[-1].history == [] and agent.turns[-1].conversation.memory == {}


def test_a_failing_agent_keeps_the_message_and_the_tools_effects_and_says_so(parts):
    service, _, store = parts
    with pytest.raises(ToolError) as refused:
        say(service, "fail")
    assert refused.value.code == "AGENT_UNAVAILABLE"
    conversation = store.current_conversation("tasca", "wa:1")
    assert conversation.tags == ["tried"]
    assert [m.role for m in store.messages("tasca", conversation.conversation_key)] == ["customer", "tool"]


def test_a_bad_customer_phone_is_refused_before_anything_is_stored(parts):
    service, _, store = parts
    with pytest.raises(ToolError) as refused:
        say(service, "olá", customer={"phone": "12"})
    assert refused.value.code == "VALIDATION_ERROR"
    assert store.current_conversation("tasca", "wa:1") is None
