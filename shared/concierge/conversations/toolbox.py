"""The manual's nine tools behind one runner bound to a conversation (the agents' ToolRunner).

Every call answers the manual's shape, `{"success": true, ...}` or `{"success": false, "error":
...}`: bad parameters and the booking rules' refusals (hours, cutoff, capacity, duplicates) are
answers the agent can read, never exceptions. Each call is recorded for the turn's answer
(`tool_calls`) and its transcript, and traced as a span.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from pydantic import ValidationError

from concierge.adapters.store import StoreBusy
from concierge.adapters.tracing import Tracer, current_trace_id, new_trace_id
from concierge.conversations import booking_tools, care_tools
from concierge.conversations.agent import ToolCallRecord
from concierge.conversations.state import ConversationState
from concierge.conversations.tool_inputs import (
    BadInput,
    CancelAppointment,
    EndConversation,
    GetAvailableSlots,
    ListEvents,
    RequestHumanSupport,
    ScheduleAppointment,
    SummarizeConversation,
    ToolInput,
    UpdateClientInfo,
    UpdateConversationTags,
)
from concierge.domain.conversation import Message
from concierge.domain.errors import ToolError
from concierge.speech.chat_tools import tool_words
from concierge.tools.context import ToolContext


@dataclass(frozen=True)
class ChatTool:
    name: str
    input: type[ToolInput]
    run: Callable[[ToolContext, ConversationState, Any], dict]
    writes: bool  # changes bookings or the conversation


def _state_only(run: Callable[[ConversationState, Any], dict]) -> Callable[[ToolContext, ConversationState, Any], dict]:
    return lambda _ctx, state, req: run(state, req)


CHAT_TOOLS: dict[str, ChatTool] = {
    t.name: t
    for t in (
        ChatTool("schedule_appointment", ScheduleAppointment, booking_tools.schedule_appointment, True),
        ChatTool("get_available_slots", GetAvailableSlots, booking_tools.get_available_slots, False),
        ChatTool("list_events", ListEvents, booking_tools.list_events, False),
        ChatTool("cancel_appointment", CancelAppointment, booking_tools.cancel_appointment, True),
        ChatTool("request_human_support", RequestHumanSupport, _state_only(care_tools.request_human_support), True),
        ChatTool("update_client_info", UpdateClientInfo, _state_only(care_tools.update_client_info), True),
        ChatTool(
            "update_conversation_tags", UpdateConversationTags, _state_only(care_tools.update_conversation_tags), True
        ),
        ChatTool("end_conversation", EndConversation, _state_only(care_tools.end_conversation), True),
        ChatTool("summarize_conversation", SummarizeConversation, _state_only(care_tools.summarize_conversation), True),
    )
}


def _problem(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "params"
    return f"{where}: {'is required' if err['type'] == 'missing' else err['msg'].removeprefix('Value error, ')}"


@dataclass
class ConversationTools:
    """The ToolRunner of one turn: runs a tool against the turn's state and records the call."""

    ctx: ToolContext
    state: ConversationState
    tracer: Tracer
    calls: list[ToolCallRecord] = field(default_factory=list)

    def __call__(self, name: str, params: dict[str, Any]) -> dict[str, Any]:
        trace_id = current_trace_id() or new_trace_id()
        with self.tracer.span(f"tool:{name}", trace_id=trace_id, tool=name, input=params) as span:
            result = self._run(name, params)
            span.set(output=result, success=result["success"])
        self.calls.append(ToolCallRecord(name=name, ok=bool(result["success"])))
        self.state.turn_messages.append(
            Message(
                role="tool",
                tool=name,
                text=result.get("message") or result.get("error") or "",
                at=self.state.now,
                data=result,
            )
        )
        return result

    def _run(self, name: str, params: dict[str, Any]) -> dict[str, Any]:
        words = tool_words(self.state.venue.locale)
        tool = CHAT_TOOLS.get(name)
        if tool is None:
            return {"success": False, "error": words.unknown_tool.format(name=name)}
        try:
            req = tool.input.model_validate(params if isinstance(params, dict) else {})
            return tool.run(self.ctx, self.state, req)
        except ValidationError as exc:
            return {"success": False, "error": words.bad_params.format(problem=_problem(exc))}
        except BadInput as exc:
            return {"success": False, "error": str(exc)}
        except ToolError as exc:  # the booking rules' refusals, in the venue's language
            return {
                "success": False,
                "error": exc.message,
                "error_code": exc.code,
                **({"nearestSlots": exc.extra["nearest_slots"]} if exc.extra.get("nearest_slots") else {}),
            }
        except StoreBusy:
            return {
                "success": False,
                "error": words.bad_params.format(problem="busy, try again"),
                "error_code": "STORE_BUSY",
            }
