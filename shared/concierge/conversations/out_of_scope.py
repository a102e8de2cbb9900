"""The out-of-scope screen: runs on every customer message before any agent or model sees it.

The categories and their patterns (it, en, fr, pt) are data in `data/out_of_scope.yaml`. A hit is
final: the turn is routed to a person (`ROUTE_TO_HUMAN`, the `request_human_support` tool) and the
agent behind the screen is not called, so neither a model nor anything it asks for can downgrade the
disposition, and a jailbreak attempt never reaches a booking tool.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml

from concierge.conversations.agent import Agent, AgentAnswer, ToolCallRecord, ToolRunner, Turn
from concierge.conversations.customer_language import in_customer_language, remember_language
from concierge.conversations.rdv import Disposition, RdvBuilder, Session
from concierge.speech.receptionist import agent_words
from concierge.tools.faq import normalise

MAX_CONFIDENCE = 0.99


@dataclass(frozen=True)
class _Category:
    name: str
    confidence: float
    reason: str
    patterns: tuple[tuple[str, re.Pattern[str]], ...]  # (as written in the data, compiled)


@dataclass(frozen=True)
class Screen:
    categories: tuple[_Category, ...]  # in precedence order
    per_extra_match: float

    def check(self, text: str | None) -> Disposition | None:
        """The disposition of a message that is out of scope, or None when it is in scope."""
        if not text:
            return None
        folded = normalise(text)
        for category in self.categories:
            hits = [written for written, pattern in category.patterns if pattern.search(folded)]
            if hits:
                found = tuple(dict.fromkeys(hits))
                confidence = min(MAX_CONFIDENCE, category.confidence + self.per_extra_match * (len(found) - 1))
                return Disposition(category.name, category.reason, confidence, found)
        return None


def _compile(pattern: str) -> re.Pattern[str]:
    phrase = normalise(pattern.rstrip("*"))
    body = r"\s+".join(re.escape(word) for word in phrase.split())
    ending = r"\w*" if pattern.endswith("*") else ""
    return re.compile(rf"\b{body}{ending}\b")


def load_screen(document: dict[str, Any]) -> Screen:
    categories = []
    for name in document["order"]:
        spec = document["categories"][name]
        patterns = tuple((p, _compile(p)) for locale_patterns in spec["patterns"].values() for p in locale_patterns)
        categories.append(_Category(name, float(spec["confidence"]), spec["reason"], patterns))
    return Screen(tuple(categories), float(document.get("per_extra_match", 0.0)))


@lru_cache(maxsize=1)
def default_screen() -> Screen:
    text = resources.files("concierge.conversations").joinpath("data/out_of_scope.yaml").read_text("utf-8")
    return load_screen(yaml.safe_load(text))


def screen(text: str | None) -> Disposition | None:
    return default_screen().check(text)


def hand_over(
    turn: Turn,
    tools: ToolRunner,
    disposition: Disposition,
    message: str,
    session: Session | None = None,
    model_version: str = "offline",
) -> AgentAnswer:
    """Tag the conversation, ask for a person, and answer ROUTE_TO_HUMAN with the venue's contact."""
    calls: list[ToolCallRecord] = []
    tags = ["handover"] if disposition.category == "IN_SCOPE" else ["out_of_scope", disposition.category]
    result = tools("update_conversation_tags", {"tags": tags})
    calls.append(ToolCallRecord(name="update_conversation_tags", ok=bool(result.get("success"))))
    result = tools("request_human_support", {"reason": disposition.reason or disposition.category})
    calls.append(ToolCallRecord(name="request_human_support", ok=bool(result.get("success"))))
    words = agent_words(turn.venue.locale, turn.venue.kind)
    if turn.venue.contact.phone:
        message = f"{message} {words.say('handover.contact', phone=turn.venue.contact.phone_written)}"
    builder = RdvBuilder(turn.venue, turn.now, session or Session(), model_version)
    memory = dict(turn.conversation.memory)
    memory.pop("pending", None)
    return AgentAnswer(reply=message, rdv=builder.route_to_human(message, disposition), tool_calls=calls, memory=memory)


class ScreenedAgent:
    """Any agent behind the out-of-scope screen."""

    def __init__(self, inner: Agent, check: Screen | None = None) -> None:
        self.inner = inner
        self._screen = check or default_screen()

    def respond(self, turn: Turn, tools: ToolRunner) -> AgentAnswer:
        disposition = self._screen.check(turn.text)
        if disposition is None:
            return self.inner.respond(turn, tools)
        spoken = in_customer_language(turn)
        message = agent_words(spoken.venue.locale, spoken.venue.kind).say(f"oos.{disposition.category}")
        answer = hand_over(spoken, tools, disposition, message)
        remember_language(answer.memory, turn, spoken)
        return answer
