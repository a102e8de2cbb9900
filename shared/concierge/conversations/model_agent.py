"""The model agent: the manual's turn loop over a chat model, at most five model turns per message.

Each model turn is one chat completion (the LLM port) asked for a JSON-schema answer whose content is
the manual's `{"response_to_client": ..., "tool_request": {"name", "params"}}`, validated with
pydantic; an invalid answer gets one repair turn. A tool request runs through the ToolRunner, its
result is appended, and the loop goes on. Past five model turns, or when the answer stays invalid, the
customer gets a safe localized reply and a person takes over. When the model cannot be reached at all,
the offline agent answers the turn instead.

The model owns the words; the `rdv` structure is built by the server from what the tools did this turn
(see `_Outcome`), reading the values the model wrote with `model_values`. The prompt is bounded: see
`model_context`.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from concierge.adapters.llm import ChatModel, ChatResult, LLMUnavailable
from concierge.conversations.customer_language import in_customer_language, remember_language
from concierge.conversations.agent import AgentAnswer, ToolCallRecord, ToolRunner, Turn
from concierge.conversations.model_context import TOOLS, context_messages
from concierge.conversations.model_values import booked_slot, dmy_date, e164_phone, integer
from concierge.conversations.offline_agent import OfflineAgent
from concierge.conversations.listed_bookings import event_start
from concierge.conversations.out_of_scope import hand_over
from concierge.conversations.rdv import (
    Details,
    Disposition,
    Patient,
    RdvBuilder,
    Session,
    Slot,
    button,
)
from concierge.speech import phrases_for
from concierge.speech.agent_prompts import PROMPTS
from concierge.speech.receptionist import agent_words

MAX_MODEL_TURNS = 5
TOOL_RESULT_CHARS = 3000
OWN_IDS_KEPT = 50


class ToolRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    params: dict[str, Any] = {}


class ModelReply(BaseModel):
    """The manual's answer shape for one model turn."""

    model_config = ConfigDict(extra="forbid")
    response_to_client: str | None = None
    tool_request: ToolRequest | None = None


ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "response_to_client": {"type": ["string", "null"]},
        "tool_request": {
            "anyOf": [
                {"type": "null"},
                {
                    "type": "object",
                    "properties": {"name": {"type": "string"}, "params": {"type": "object"}},
                    "required": ["name", "params"],
                },
            ]
        },
    },
    "required": ["response_to_client", "tool_request"],
    "additionalProperties": False,
}
RESPONSE_FORMAT = {"type": "json_schema", "json_schema": {"name": "receptionist_turn", "schema": ANSWER_SCHEMA}}


@dataclass
class _Outcome:
    """What the tools did this turn, from which the server builds the rdv."""

    created: dict[str, Any] | None = None  # schedule_appointment params, plus "eventId"
    cancelled: str | None = None
    replaced: str | None = None  # the booking schedule_appointment moved (replacesEventId)
    handed_over: str | None = None  # the reason
    free: tuple[dt.date, list[str]] | None = None
    bookings: list[dict[str, Any]] = field(default_factory=list)
    listed: bool = False


class ModelAgent:
    def __init__(self, llm: ChatModel, model_version: str = "model") -> None:
        self.llm = llm
        self.model_version = model_version

    def respond(self, turn: Turn, tools: ToolRunner) -> AgentAnswer:
        """The turn in the customer's language: the instructions, the days written out and the buttons
        (the model is also told to answer in the customer's language)."""
        spoken = in_customer_language(turn)
        answer = _Loop(self, spoken, tools).run()
        remember_language(answer.memory, turn, spoken)
        return answer


class _Loop:
    def __init__(self, agent: ModelAgent, turn: Turn, tools: ToolRunner) -> None:
        self.agent, self.turn, self.venue = agent, turn, turn.venue
        self._tools = tools
        self.calls: list[ToolCallRecord] = []
        self.outcome = _Outcome()
        self.usage = {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}
        self.memory = dict(turn.conversation.memory)
        self.own_ids: list[str] = list(self.memory.get("own_ids") or [])
        self.words = agent_words(self.venue.locale, self.venue.kind)
        self.prompt = PROMPTS[self.words.locale]

    # --- the loop

    def run(self) -> AgentAnswer:
        messages = context_messages(self.turn)
        repaired = False
        reply: str | None = None
        turns = 0
        while turns < MAX_MODEL_TURNS:
            turns += 1
            try:
                result = self.agent.llm.complete(messages, response_format=RESPONSE_FORMAT)
            except LLMUnavailable:
                if turns == 1:  # no model at all this turn: the offline agent answers
                    return OfflineAgent().respond(self.turn, self._tools)
                return self.give_up(turns, self.words.say("model_down"), "The model could not be reached")
            self._count(result)
            parsed, error = parse_reply(result.content)
            if parsed is None:
                if repaired:
                    return self.give_up(turns, self.words.say("model_down"), "The model's answers were not valid")
                repaired = True
                messages += [
                    {"role": "assistant", "content": result.content or ""},
                    {"role": "user", "content": self.prompt["repair"].format(error=error)},
                ]
                continue
            if parsed.tool_request is None:
                reply = parsed.response_to_client
                break
            output = self.run_tool(parsed.tool_request)
            if self.outcome.handed_over:
                reply = parsed.response_to_client or self.words.say("handover")
                break
            messages += [
                {"role": "assistant", "content": result.content or ""},
                {
                    "role": "user",
                    "content": self.prompt["tool_result"].format(name=parsed.tool_request.name)
                    + "\n"
                    + json.dumps(output, ensure_ascii=False, default=str)[:TOOL_RESULT_CHARS],
                },
            ]
        else:
            return self.give_up(turns, self.words.say("turn_cap"), "The model did not finish within five turns")
        return self.finish(turns, (reply or "").strip() or self.words.say("not_understood"))

    def _count(self, result: ChatResult) -> None:
        if result.usage is None:
            return
        for key in self.usage:
            value = getattr(result.usage, key)
            if isinstance(value, int):
                self.usage[key] += value

    # --- tools

    def run_tool(self, request: ToolRequest) -> dict[str, Any]:
        name, params = request.name, dict(request.params)
        refusal = self.refusal(name, params)
        if refusal is not None:
            self.calls.append(ToolCallRecord(name=name, ok=False))
            return {"success": False, "error": refusal}
        if name == "schedule_appointment" and self.phone:
            params["clientPhone"] = self.phone  # the conversation's customer, whatever the model wrote
        try:
            output = self._tools(name, params)
        except Exception as exc:  # noqa: BLE001 - a tool must not break the conversation; the model hears why
            output = {"success": False, "error": f"{type(exc).__name__}"}
        ok = bool(output.get("success"))
        self.calls.append(ToolCallRecord(name=name, ok=ok))
        if ok:
            self.observe(name, params, output)
        elif name == "schedule_appointment" and isinstance(output.get("nearestSlots"), list):
            day = dmy_date(output.get("appointmentDate") or params.get("appointmentDate"))
            nearest = [t for t in output["nearestSlots"] if isinstance(t, str)]
            if day is not None and nearest:  # refused (full, outside hours): the free times near it are offered
                self.outcome.free = (day, nearest)
        return output

    def refusal(self, name: str, params: dict[str, Any]) -> str | None:
        if name not in TOOLS:
            return f"unknown tool {name!r}; the tools are: {', '.join(TOOLS)}"
        if name == "cancel_appointment" and params.get("eventId") not in self.own_ids:
            return "eventId is not one of this customer's bookings: call list_events and use an id it returns"
        replaced = params.get("replacesEventId")
        if name == "schedule_appointment" and replaced is not None and replaced not in self.own_ids:
            return "replacesEventId is not one of this customer's bookings: call list_events and use an id it returns"
        return None

    def observe(self, name: str, params: dict[str, Any], output: dict[str, Any]) -> None:
        outcome = self.outcome
        if name == "list_events":
            outcome.listed = True
            events = [e for e in output.get("events") or [] if isinstance(e, dict) and isinstance(e.get("id"), str)]
            outcome.bookings = events
            self.own_ids = list(dict.fromkeys(self.own_ids + [e["id"] for e in events]))[-OWN_IDS_KEPT:]
        elif name == "cancel_appointment":
            outcome.cancelled = params["eventId"]
            self.own_ids = [i for i in self.own_ids if i != params["eventId"]]
        elif name == "schedule_appointment":
            outcome.created = {**params, "eventId": output.get("eventId") or output.get("id")}
            if isinstance(params.get("replacesEventId"), str):
                outcome.replaced = params["replacesEventId"]  # moved in one change: it keeps its id
            elif isinstance(outcome.created["eventId"], str):
                self.own_ids.append(outcome.created["eventId"])
        elif name == "request_human_support":
            outcome.handed_over = str(params.get("reason") or "")
        elif name == "get_available_slots":
            for day in output.get("days") or []:
                free = [t for t in day.get("freeSlots") or [] if isinstance(t, str)]
                parsed = dmy_date(day.get("date"))
                if free and parsed is not None:
                    outcome.free = (parsed, free)
                    break

    # --- the answer

    @property
    def phone(self) -> str | None:
        conversation = self.turn.conversation
        if conversation.phone_verified and conversation.customer_phone:
            return conversation.customer_phone
        return self.turn.profile.phone if self.turn.profile else None

    @property
    def name(self) -> str | None:
        created = self.outcome.created or {}
        profile = self.turn.profile
        return (
            created.get("clientFullName")
            or self.turn.conversation.customer_name
            or (profile.preferred_name if profile else None)
        )

    def builder(self) -> RdvBuilder:
        return RdvBuilder(
            self.venue,
            self.turn.now,
            Session(
                attempt_count=len(self.turn.history) // 2 + 1,
                last_bot_message=_last_assistant(self.turn),
                has_name=bool(self.name),
                has_phone=bool(self.phone),
            ),
            self.agent.model_version,
        )

    def finish(self, turns: int, reply: str) -> AgentAnswer:
        rdv = self.rdv(reply[:1000])
        self.memory["own_ids"] = self.own_ids
        return AgentAnswer(
            reply=reply, rdv=rdv, tool_calls=self.calls, turns=turns, memory=self.memory, usage=self.usage
        )

    def give_up(self, turns: int, message: str, reason: str) -> AgentAnswer:
        """A safe reply and a person: the manual's escape, when the model cannot finish."""
        answer = hand_over(
            self.turn,
            self._tools,
            Disposition("IN_SCOPE", reason),
            message,
            self.builder().session,
            self.agent.model_version,
        )
        self.memory["own_ids"] = self.own_ids
        return AgentAnswer(
            reply=answer.reply,
            rdv=answer.rdv,
            tool_calls=self.calls + answer.tool_calls,
            turns=turns,
            memory=self.memory,
            usage=self.usage,
        )

    def rdv(self, message: str) -> dict[str, Any]:
        """The turn's structure, from what the tools did (the model's words go in `message`)."""
        b, outcome, venue = self.builder(), self.outcome, self.venue
        patient = Patient(self.name, self.phone or e164_phone((outcome.created or {}).get("clientPhone"), venue))
        if outcome.handed_over is not None:
            return b.route_to_human(message, Disposition("IN_SCOPE", outcome.handed_over or None))
        if outcome.created:
            slot = booked_slot(venue, outcome.created)
            new_id = outcome.created["eventId"] if isinstance(outcome.created["eventId"], str) else None
            old_id = outcome.replaced or outcome.cancelled
            if slot is not None and old_id:
                return b.reschedule(message, new_id or old_id, slot, patient, done=True)
            if slot is not None and patient.as_rdv(venue).keys() == {"name", "phone_e164"}:
                details = Details(
                    reason=outcome.created.get("reason"),
                    care_type=outcome.created.get("careType"),
                    party_size=integer(outcome.created.get("people")),
                )
                return b.create(message, patient, slot, new_id, details)
        if outcome.cancelled:
            return b.cancel(message, outcome.cancelled, done=True)
        if outcome.free is not None:
            day, free = outcome.free
            options = [Slot.at(venue, day, t) for t in free[:8]]
            if patient.as_rdv(venue).keys() == {"name", "phone_e164"}:
                return b.find_slots(message, patient, options)
            missing = [
                f
                for f, ok in (
                    ("patient.name", "name" in patient.as_rdv(venue)),
                    ("patient.phone_e164", "phone_e164" in patient.as_rdv(venue)),
                )
                if not ok
            ]
            return b.need_info(message, missing, patient, options=b.slot_buttons(options))
        if outcome.bookings:
            phrases = phrases_for(venue.locale, venue.kind)
            buttons = []
            for event in outcome.bookings[:10]:
                start = event_start(event.get("start"), venue)
                label = (
                    self.words.say("booking_item", day=phrases.day_label(start[0]), time=phrases.time_human(start[1]))
                    if start
                    else event["id"]
                )
                buttons.append(button(label, "choose_booking", label, "secondary", {"appointment_id": event["id"]}))
            return b.need_info(message, ["appointment_id"], patient, options=buttons)
        return b.welcome(message)


def parse_reply(content: str | None) -> tuple[ModelReply | None, str | None]:
    """The model's answer as the manual's JSON, or the reason it is not."""
    if not content:
        return None, "empty answer"
    text = content.strip()
    if text.startswith("```"):  # a fenced block despite the response format
        text = text.strip("`")
        text = text[text.find("{") :] if "{" in text else text
    try:
        return ModelReply.model_validate_json(text), None
    except ValidationError as exc:
        return None, exc.errors()[0]["msg"] if exc.errors() else "invalid"


def _last_assistant(turn: Turn) -> str | None:
    return next((m.text for m in reversed(turn.history) if m.role == "assistant"), None)
