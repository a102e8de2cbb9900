"""The LLM planner: a request in natural language becomes a validated PlanProposal, or ONE question.

The model sees every registered action as a function (`action_schemas`). It may call read-only
actions to look things up while planning (they run at once through `lookup`); every other action only
goes into `submit_plan`, which is validated against the registry (`proposal_validation`). Problems go
back to the model as tool results, so it can correct itself within `max_turns` completions. When the
turns or the clarifications run out, the answer is a question suggesting how to rephrase, in the
venue's language. LLMUnavailable propagates: the caller chooses its fallback.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Collection

from pydantic import ValidationError

from concierge.adapters.llm import ChatModel, ToolCall
from concierge.domain.plans import Clarification, PlanProposal, PlanStep
from concierge.plans.action_schemas import ASK_CLARIFICATION, SUBMIT_PLAN, examples_section, planning_tools
from concierge.plans.planning import PlanningRequest, rephrase_clarification
from concierge.plans.proposal_validation import parameter_problems, validate_proposal
from concierge.plans.registry import ActionRegistry
from concierge.speech.plans import language_of

# The venue's language as the model is told to write in it.
LANGUAGES = {"it": "Italian", "en": "English", "fr": "French", "pt": "Portuguese"}


class LLMPlanner:
    def __init__(self, client: ChatModel, max_turns: int = 4) -> None:
        self.client = client
        self.max_turns = max_turns

    def plan(self, request: PlanningRequest) -> PlanProposal | Clarification:
        messages = [
            {"role": "system", "content": system_prompt(request)},
            *_history(request.history),
            {"role": "user", "content": request.message},
        ]
        tools = planning_tools(request.registry, request.read_only_actions)
        for _ in range(self.max_turns):
            result = self.client.complete(messages, tools=tools, tool_choice="auto")
            messages.append(result.assistant_message())
            if not result.tool_calls:
                messages.append(
                    {
                        "role": "user",
                        "content": f"Answer by calling {SUBMIT_PLAN} or {ASK_CLARIFICATION} (or a read-only lookup).",
                    }
                )
                continue
            for call in result.tool_calls:
                reply, outcome = self._handle(call, request)
                if outcome is not None:
                    return outcome
                messages.append({"role": "tool", "tool_call_id": call.id, "content": reply})
        return rephrase_clarification(request.venue_locale)

    def _handle(self, call: ToolCall, request: PlanningRequest) -> tuple[str, PlanProposal | Clarification | None]:
        """The tool message for one call, or the planning outcome when the call ends planning."""
        registry = request.registry
        if call.arguments is None:
            return f"Error: {call.error}. Call {call.name} again with a JSON object as arguments.", None
        if call.name == SUBMIT_PLAN:
            return _submitted(call.arguments, registry, request.read_only_actions)
        if call.name == ASK_CLARIFICATION:
            question = call.arguments.get("question")
            if not isinstance(question, str) or not question.strip():
                return "Error: ask_clarification needs a non-empty `question`.", None
            if request.clarifications_so_far >= request.max_clarifications:
                return "", rephrase_clarification(request.venue_locale)
            return "", Clarification(question=question.strip())
        action = registry.get(call.name)
        if action is None:
            available = ", ".join([a.action_id for a in registry.actions()] + [SUBMIT_PLAN, ASK_CLARIFICATION])
            return f"Error: there is no tool named {call.name!r}. Available tools: {available}.", None
        if call.name not in request.read_only_actions:
            return (
                f"Refused: {call.name} changes data, so it is never run during planning. Put it in a step "
                f"of {SUBMIT_PLAN}; the person confirms the plan before anything runs."
            ), None
        problems = parameter_problems(action, call.arguments, [], registry)
        if problems:
            return "Error: " + "; ".join(problems) + ".", None
        outcome = request.lookup(call.name, call.arguments)
        return json.dumps(outcome.model_dump(exclude_none=True), ensure_ascii=False, default=str), None


def _submitted(
    arguments: dict, registry: ActionRegistry, read_only_actions: Collection[str]
) -> tuple[str, PlanProposal | None]:
    try:
        proposal = PlanProposal.model_validate(arguments)
    except ValidationError as exc:
        details = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        return f"The plan was rejected: {details}. Fix it and call {SUBMIT_PLAN} again.", None
    proposal = PlanProposal(
        intent_summary=proposal.intent_summary.strip(),
        steps=[
            PlanStep(action_id=s.action_id, parameters={k: v for k, v in s.parameters.items() if v is not None})
            for s in proposal.steps
        ],
    )
    problems = validate_proposal(proposal, registry, read_only_actions)
    if problems:
        listed = "\n".join(f"- {p}" for p in problems)
        return f"The plan was rejected:\n{listed}\nFix it and call {SUBMIT_PLAN} again.", None
    return "", proposal


def system_prompt(request: PlanningRequest) -> str:
    code = language_of(request.venue_locale)
    language = LANGUAGES[code]
    days = ", ".join(f"{d:%A} {d.isoformat()}" for d in (request.today + dt.timedelta(days=n) for n in range(8)))
    read_only = ", ".join(sorted(request.read_only_actions)) or "none"
    left = max(request.max_clarifications - request.clarifications_so_far, 0)
    return f"""You plan changes to the bookings of the venue {request.venue_id!r} for the venue's operator.
Turn the operator's request into a plan of registered actions with {SUBMIT_PLAN}, or ask ONE question with \
{ASK_CLARIFICATION}. Nothing runs until the operator confirms the plan.

Today is {request.today:%A} {request.today.isoformat()}. The next days: {days}.
The venue's id (restaurant_id) is {request.venue_id!r}. The venue's language is {language}.

Rules:
- Find the booking from a booking reference in the conversation history first; otherwise search with the \
read-only actions ({read_only}) before planning.
- Never assume which booking is meant: if a search finds none or several, ask. Never invent guest counts, \
names, phone numbers or e-mail addresses: ask.
- Smart defaults are fine for dates and times: "Saturday" is the next Saturday, "tonight" is today, \
"9pm" is 21:00.
- Dates are YYYY-MM-DD, times HH:MM (24h).
- A value an earlier step produces is written {{{{step_N.field}}}} (N = that step's number from 1; field = one \
of the fields its action returns).
- A value the operator says will only be known when the plan runs (the guest will call back with the new \
number) is written {{"ask": "the question to ask then"}}: the plan pauses at that step and asks. Never ask \
this way for the booking or the venue a step acts on.
- Ask at most ONE question per turn, short, in {language}. Questions you may still ask: {left}.
- Read-only actions may be called directly; every other action goes only into {SUBMIT_PLAN}.
- Write the intent_summary as one short sentence in {language}.""" + _with_examples(request.registry)


def _with_examples(registry: ActionRegistry) -> str:
    examples = examples_section(registry)
    return f"\n\n{examples}" if examples else ""


def _history(history: list[dict]) -> list[dict]:
    return [
        {"role": turn["role"], "content": turn["content"]}
        for turn in history
        if turn.get("role") in ("user", "assistant") and isinstance(turn.get("content"), str)
    ]
