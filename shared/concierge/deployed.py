"""What one deployed function instance builds once and keeps: its settings, read from the environment,
then the tool context and each service it serves, built on first use from `bootstrap` and shared by the
instance's requests (functions-framework serves them on threads; one lock guards the building).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from concierge.bootstrap import (
    build_chat_agent,
    build_context,
    build_conversations,
    build_operator_gate,
    build_plan_service,
    build_store,
)
from concierge.settings import Settings
from concierge.tools.context import ToolContext

if TYPE_CHECKING:
    from concierge.http.conversations import ConversationFunctions
    from concierge.http.operators import OperatorGate
    from concierge.plans.service import PlanService

_process_settings: Settings | None = None
_process_conversations: "ConversationFunctions | None" = None
_process_context: tuple[Settings, ToolContext] | None = None
_process_gate: "OperatorGate | None" = None
_process_plans: "PlanService | None" = None
_lock = threading.Lock()


def process_settings() -> Settings:
    """The settings of this process (a deployed function), read from its environment once."""
    global _process_settings
    with _lock:
        if _process_settings is None:
            _process_settings = Settings.from_env()
        return _process_settings


def process_context() -> tuple[Settings, ToolContext]:
    """Settings and context of this process (a deployed function), built on first use."""
    global _process_context
    settings = process_settings()
    with _lock:
        if _process_context is None:
            _process_context = (settings, build_context(settings))
        return _process_context


def process_plans() -> "PlanService":
    """The plan service of this process (a deployed plan function), built on first use."""
    global _process_plans
    settings, ctx = process_context()
    with _lock:
        if _process_plans is None:
            base = settings.actions_base_url
            if not base:
                raise ValueError("CONCIERGE_ACTIONS_BASE_URL must name the booking API the plans call")
            _process_plans = build_plan_service(settings, ctx, build_store(settings), base)
        return _process_plans


def process_operator_gate() -> "OperatorGate":
    """The operator gate of this process (a deployed operator function), built on first use."""
    global _process_gate
    settings, _ctx = process_context()
    with _lock:
        if _process_gate is None:
            _process_gate = build_operator_gate(settings, build_store(settings))
        return _process_gate


def process_conversations() -> "ConversationFunctions":
    """The chat receptionist of this process (a deployed conversation function), built on first use."""
    global _process_conversations
    settings, ctx = process_context()
    gate = process_operator_gate()
    with _lock:
        if _process_conversations is None:
            agent = build_chat_agent(settings, ctx.tracer)
            _process_conversations = build_conversations(
                settings, ctx, build_store(settings), lambda venue: agent, gate
            )
        return _process_conversations
