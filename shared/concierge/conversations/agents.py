"""Which agent answers: the model agent when an LLM is configured, else the offline agent, both screened."""

from __future__ import annotations

from concierge.adapters.llm import ChatModel
from concierge.conversations.agent import Agent
from concierge.conversations.model_agent import ModelAgent
from concierge.conversations.offline_agent import OfflineAgent
from concierge.conversations.out_of_scope import ScreenedAgent


def pick_agent(llm: ChatModel | None) -> Agent:
    """`llm` as bootstrap builds it from the settings (`build_llm`), None when no model is configured."""
    if llm is None:
        return ScreenedAgent(OfflineAgent())
    return ScreenedAgent(ModelAgent(llm, model_version=str(getattr(llm, "model", None) or "model")))
