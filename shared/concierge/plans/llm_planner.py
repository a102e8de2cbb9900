"""The LLM planner: a request in natural language becomes a validated PlanProposal, or ONE question.

The model sees every registered action as a function. It may call read-only actions to look
things up while planning (they run at once through `lookup`); every other action only goes
into `submit_plan`, which is validated against the registry. Problems go back to the model as
tool results, so it can correct itself within `max_turns` completions. When the turns or the
clarifications run out, the answer is a question suggesting how to rephrase, in the venue's language.
LLMUnavailable propagates: the caller chooses its fallback.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass
from typing import Any, Callable, Collection

from pydantic import ValidationError

from concierge.adapters.llm import ChatModel, ToolCall
from concierge.domain.plans import (ActionParameter, ActionResult, AtomicAction, Clarification, PlanProposal,
                                    PlanStep)
from concierge.plans.registry import ActionRegistry
from concierge.plans.templates import strings

SUBMIT_PLAN = "submit_plan"
ASK_CLARIFICATION = "ask_clarification"
MAX_INTENT_SUMMARY = 200  # ExecutionPlan.intent_summary's limit

DATE_PATTERN = r"^\d{4}-\d{2}-\d{2}$"
TIME_PATTERN = r"^([01]\d|2[0-3]):[0-5]\d$"
PLACEHOLDER = re.compile(r"\{\{(.*?)\}\}")
PLACEHOLDER_BODY = re.compile(r"^\s*step_(\d+)\.([A-Za-z_]\w*)\s*$")

LANGUAGES = {"it": "Italian", "en": "English", "fr": "French", "pt": "Portuguese"}

REPHRASE = {
    "it": ("Non sono riuscito a preparare un piano sicuro per questa richiesta. Puoi riformularla in modo più "
           "semplice? Per esempio: «sposta la prenotazione di Rossi di sabato alle 21», «cancella la prenotazione "
           "di Bianchi di domani», «porta a 4 persone la prenotazione di Verdi»."),
    "en": ("I couldn't put together a safe plan for this request. Could you rephrase it more simply? For example: "
           "\"move Rossi's Saturday booking to 9pm\", \"cancel Bianchi's booking tomorrow\", "
           "\"change Verdi's booking to 4 people\"."),
    "fr": ("Je n'ai pas réussi à préparer un plan sûr pour cette demande. Pouvez-vous la reformuler plus "
           "simplement ? Par exemple : « déplacer la réservation de Rossi de samedi à 21h », « annuler la "
           "réservation de Bianchi demain », « passer la réservation de Verdi à 4 personnes »."),
    "pt": ("Não consegui preparar um plano seguro para este pedido. Pode reformulá-lo de forma mais simples? "
           "Por exemplo: «mudar a reserva do Rossi de sábado para as 21h», «cancelar a reserva do Bianchi "
           "amanhã», «alterar a reserva do Verdi para 4 pessoas»."),
}


@dataclass
class PlanningRequest:
    message: str
    history: list[dict]  # prior turns: {"role": "user" | "assistant", "content": str}
    venue_id: str
    venue_locale: str
    today: dt.date
    registry: ActionRegistry
    lookup: Callable[[str, dict], ActionResult]  # runs a read-only action now
    read_only_actions: set[str]
    clarifications_so_far: int
    max_clarifications: int


def language_of(locale: str) -> str:
    """'it', 'it-IT', 'it_IT' -> 'it'; anything unknown -> 'en'."""
    code = (locale or "").replace("_", "-").split("-")[0].lower()
    return code if code in REPHRASE else "en"


def rephrase_clarification(locale: str) -> Clarification:
    return Clarification(question=REPHRASE[language_of(locale)])


class LLMPlanner:
    def __init__(self, client: ChatModel, max_turns: int = 4) -> None:
        self.client = client
        self.max_turns = max_turns

    def plan(self, request: PlanningRequest) -> PlanProposal | Clarification:
        messages = [{"role": "system", "content": system_prompt(request)}, *_history(request.history),
                    {"role": "user", "content": request.message}]
        tools = planning_tools(request.registry, request.read_only_actions)
        for _ in range(self.max_turns):
            result = self.client.complete(messages, tools=tools, tool_choice="auto")
            messages.append(result.assistant_message())
            if not result.tool_calls:
                messages.append({"role": "user", "content": f"Answer by calling {SUBMIT_PLAN} or "
                                                            f"{ASK_CLARIFICATION} (or a read-only lookup)."})
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
            return (f"Refused: {call.name} changes data, so it is never run during planning. Put it in a step "
                    f"of {SUBMIT_PLAN}; the person confirms the plan before anything runs."), None
        problems = parameter_problems(action, call.arguments, [], registry)
        if problems:
            return "Error: " + "; ".join(problems) + ".", None
        outcome = request.lookup(call.name, call.arguments)
        return json.dumps(outcome.model_dump(exclude_none=True), ensure_ascii=False, default=str), None


def _submitted(arguments: dict, registry: ActionRegistry,
               read_only_actions: Collection[str]) -> tuple[str, PlanProposal | None]:
    try:
        proposal = PlanProposal.model_validate(arguments)
    except ValidationError as exc:
        details = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        return f"The plan was rejected: {details}. Fix it and call {SUBMIT_PLAN} again.", None
    proposal = PlanProposal(intent_summary=proposal.intent_summary.strip(), steps=[
        PlanStep(action_id=s.action_id, parameters={k: v for k, v in s.parameters.items() if v is not None})
        for s in proposal.steps])
    problems = validate_proposal(proposal, registry, read_only_actions)
    if problems:
        listed = "\n".join(f"- {p}" for p in problems)
        return f"The plan was rejected:\n{listed}\nFix it and call {SUBMIT_PLAN} again.", None
    return "", proposal


# -- validation (no I/O; other planners reuse it)

def validate_proposal(proposal: PlanProposal, registry: ActionRegistry,
                      read_only_actions: Collection[str] = ()) -> list[str]:
    """What is wrong with the proposal against the registry: [] when it can be shown for confirmation.

    Checks: at least one step; a short intent summary; every action registered; required
    parameters present and no unknown ones; formats (YYYY-MM-DD, HH:MM, numbers, enums);
    {{step_N.field}} placeholders only to earlier steps and to fields those actions return.
    With `read_only_actions`, a plan that only reads is refused: there is nothing to confirm.
    """
    problems = []
    if not proposal.intent_summary.strip():
        problems.append("the intent_summary is empty")
    elif len(proposal.intent_summary) > MAX_INTENT_SUMMARY:
        problems.append(f"the intent_summary is longer than {MAX_INTENT_SUMMARY} characters")
    if not proposal.steps:
        problems.append("the plan has no steps")
    for number, step in enumerate(proposal.steps, start=1):
        action = registry.get(step.action_id)
        if action is None:
            known = ", ".join(a.action_id for a in registry.actions())
            problems.append(f"step {number}: there is no action {step.action_id!r} (actions: {known})")
            continue
        problems += [f"step {number}: {p}"
                     for p in parameter_problems(action, step.parameters, proposal.steps[:number - 1], registry)]
    if read_only_actions and proposal.steps and all(s.action_id in read_only_actions for s in proposal.steps):
        problems.append("the plan only reads data: call read-only actions directly, and plan only changes")
    return problems


def parameter_problems(action: AtomicAction, parameters: dict, earlier: list[PlanStep],
                       registry: ActionRegistry) -> list[str]:
    """The problems of one call's parameters; `earlier` are the steps its placeholders may refer to."""
    declared = {p.name: p for p in action.parameters}
    problems = [f"{action.action_id} has no parameter {name!r} (its parameters: {', '.join(declared) or 'none'})"
                for name in parameters if name not in declared]
    problems += [f"missing required parameter {p.name!r} of {action.action_id}" for p in action.parameters
                 if p.required and p.default is None and parameters.get(p.name) is None]
    for name, value in parameters.items():
        if name not in declared or value is None:
            continue
        placeholders = list(_placeholders(value))
        if placeholders:
            problems += [f"{name}: {p}" for p in (_placeholder_problem(text, earlier, registry)
                                                  for text in placeholders) if p]
        else:
            problem = _format_problem(declared[name], value)
            if problem:
                problems.append(f"{name}: {problem}")
    return problems


def _placeholders(value: Any):
    """The text inside every {{...}}, well-formed or not, so a malformed one can be reported."""
    return (body for text in strings(value) for body in PLACEHOLDER.findall(text))


def _placeholder_problem(text: str, earlier: list[PlanStep], registry: ActionRegistry) -> str | None:
    match = PLACEHOLDER_BODY.match(text)
    if not match:
        return f"{{{{{text}}}}} is not a placeholder of the form {{{{step_N.field}}}}"
    number, field = int(match.group(1)), match.group(2)
    if not 1 <= number <= len(earlier):
        return f"{{{{{text.strip()}}}}} refers to step {number}, which does not come before this step"
    action = registry.get(earlier[number - 1].action_id)
    if action is None:
        return None  # the unknown action is reported on its own step
    if field not in action.response_fields:
        returned = ", ".join(action.response_fields) or "nothing"
        return f"step {number} ({action.action_id}) returns no field {field!r} (it returns: {returned})"
    return None


def _format_problem(parameter: ActionParameter, value: Any) -> str | None:
    kind = parameter.type
    if kind == "number":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return None if ok else f"expected a number, got {value!r}"
    if kind == "boolean":
        return None if isinstance(value, bool) else f"expected true or false, got {value!r}"
    if not isinstance(value, str):
        return f"expected a string, got {value!r}"
    if kind == "date" and not (re.match(DATE_PATTERN, value) and _parses(dt.date.fromisoformat, value)):
        return f"expected a date as YYYY-MM-DD, got {value!r}"
    if kind == "time" and not re.match(TIME_PATTERN, value):
        return f"expected a time as HH:MM (24h), got {value!r}"
    if kind == "datetime" and not _parses(dt.datetime.fromisoformat, value):
        return f"expected an ISO 8601 date-time, got {value!r}"
    if kind == "enum" and parameter.enum_values and value not in parameter.enum_values:
        return f"expected one of {', '.join(parameter.enum_values)}, got {value!r}"
    return None


def _parses(parse: Callable[[str], Any], value: str) -> bool:
    try:
        parse(value)
    except ValueError:
        return False
    return True


# -- what the model sees

def parameter_schema(parameter: ActionParameter) -> dict:
    """JSON schema of one parameter. Dates use a pattern, not format "date": Gemini rejects that format."""
    description = parameter.description
    schema: dict[str, Any]
    if parameter.type in ("number", "boolean"):
        schema = {"type": parameter.type}
    elif parameter.type == "date":
        schema, description = {"type": "string", "pattern": DATE_PATTERN}, f"{description} (YYYY-MM-DD)"
    elif parameter.type == "time":
        schema, description = {"type": "string", "pattern": TIME_PATTERN}, f"{description} (HH:MM, 24h)"
    elif parameter.type == "datetime":
        schema = {"type": "string", "format": "date-time"}
    elif parameter.type == "enum" and parameter.enum_values:
        schema = {"type": "string", "enum": list(parameter.enum_values)}
    else:
        schema = {"type": "string"}
    if parameter.default is not None:
        description = f"{description} Default: {parameter.default}."
    return {**schema, "description": description}


def action_schema(action: AtomicAction) -> dict:
    """The JSON schema of an action's parameters, as a function's `parameters`."""
    return {"type": "object", "properties": {p.name: parameter_schema(p) for p in action.parameters},
            "required": [p.name for p in action.parameters if p.required]}


def action_tool(action: AtomicAction, read_only: bool) -> dict:
    how = ("Read-only: call it directly to look things up." if read_only
           else f"Changes data: never call it directly, put it in a step of {SUBMIT_PLAN}.")
    returns = f" Returns: {', '.join(action.response_fields)}." if action.response_fields else ""
    return {"type": "function", "function": {"name": action.action_id,
                                             "description": f"{action.description} {how}{returns}",
                                             "parameters": action_schema(action)}}


def planning_tools(registry: ActionRegistry, read_only_actions: Collection[str]) -> list[dict]:
    actions = registry.actions()
    return [action_tool(a, a.action_id in read_only_actions) for a in actions] + [
        _submit_plan_tool(actions), _ask_clarification_tool()]


def _submit_plan_tool(actions: list[AtomicAction]) -> dict:
    """`parameters` lists every parameter name of every action so strict providers see a concrete object.

    A name declared with different schemas by different actions becomes a plain string.
    """
    union: dict[str, dict] = {}
    for action in actions:
        for parameter in action.parameters:
            schema = parameter_schema(parameter)
            if parameter.name in union and union[parameter.name] != schema:
                schema = {"type": "string", "description": parameter.name}
            union[parameter.name] = schema
    step = {"type": "object", "required": ["action_id", "parameters"], "properties": {
        "action_id": {"type": "string", "description": "The action to run, e.g. modify_booking."},
        "parameters": {"type": "object", "properties": union,
                       "description": "The action's parameters by name; a value an earlier step produces is "
                                      "written {{step_N.field}}."}}}
    return {"type": "function", "function": {
        "name": SUBMIT_PLAN,
        "description": "Submit the plan the person will confirm before anything runs.",
        "parameters": {"type": "object", "required": ["intent_summary", "steps"], "properties": {
            "intent_summary": {"type": "string", "description": "One short sentence in the venue's language."},
            "steps": {"type": "array", "items": step, "description": "The steps, in order (step 1 first)."}}}}}


def _ask_clarification_tool() -> dict:
    return {"type": "function", "function": {
        "name": ASK_CLARIFICATION,
        "description": "Ask the person ONE short question, in the venue's language, when the plan needs it.",
        "parameters": {"type": "object", "required": ["question"],
                       "properties": {"question": {"type": "string"}}}}}


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
- Ask at most ONE question per turn, short, in {language}. Questions you may still ask: {left}.
- Read-only actions may be called directly; every other action goes only into {SUBMIT_PLAN}.
- Write the intent_summary as one short sentence in {language}."""


def _history(history: list[dict]) -> list[dict]:
    return [{"role": turn["role"], "content": turn["content"]} for turn in history
            if turn.get("role") in ("user", "assistant") and isinstance(turn.get("content"), str)]
