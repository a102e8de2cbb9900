"""OpenAPI spec + metadata overlay -> atomic actions, with no code per action.

Only iq_enabled operations become actions. Their parameters are the path and query parameters and the
properties of a JSON request body: required ones always, optional ones only when allowlisted, sensitive
ones (passwords, tokens, secrets, API keys, authorization) never. Blocked actions never register.
Each invalid overlay entry is reported and skipped; the valid ones still register.

Overlay extension: `read_only: true` (a lookup the planner may run while planning) and `compensation:`
(`prior_operation_id`, `prior_parameters`, `parameters`), templates over {{params.X}}, {{prior.X}} and
{{result.X}}, because undoing a change needs the values from before it.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from pathlib import Path

import jsonref

from concierge.plans import openapi_operations as spec_reading
from concierge.domain.plans import AtomicAction, Compensation
from concierge.plans.openapi_operations import Operation, load_document, trim  # noqa: F401  (load_document: API)
from concierge.plans.registry import ActionRegistry
from concierge.plans.templates import placeholders

log = logging.getLogger(__name__)

TIERS = ("normal", "high_risk", "blocked")
REQUIRED_FIELDS = ("operation_id", "iq_enabled", "safety_tier", "reversible")
KNOWN_FIELDS = frozenset(
    REQUIRED_FIELDS
    + ("llm_description", "parameter_allowlist", "compensation_operation_id", "examples", "read_only", "compensation")
)
COMPENSATION_FIELDS = frozenset({"prior_operation_id", "prior_parameters", "parameters"})
MAX_EXAMPLES = 3
MAX_DESCRIPTION = 500
MAX_NAME = 50


def build_registry(spec_path: str | Path, overlay_path: str | Path) -> ActionRegistry:
    actions, problems = transform(load_document(spec_path), load_document(overlay_path))
    for problem in problems:
        log.warning("%s: %s", overlay_path, problem)
    return ActionRegistry(actions, problems)


def read_only_actions(overlay: dict, registry: ActionRegistry | None = None) -> frozenset[str]:
    """The operation ids the overlay marks `read_only: true`; with a registry, only the registered ones."""
    entries = overlay.get("actions") if isinstance(overlay, dict) else None
    marked = [e.get("operation_id") for e in entries or [] if isinstance(e, dict) and e.get("read_only") is True]
    return frozenset(i for i in marked if isinstance(i, str) and (registry is None or i in registry))


# -- the transformation


@dataclass(frozen=True)
class _Draft:
    """An entry that passed its own checks; its compensation is checked against the others."""

    label: str
    entry: dict
    action: AtomicAction


def transform(spec: dict, overlay: dict) -> tuple[list[AtomicAction], list[str]]:
    """The actions the overlay enables, and a line for every problem of an entry that was skipped."""
    entries = overlay.get("actions") if isinstance(overlay, dict) else None
    if not isinstance(entries, list):
        return [], ["overlay: expected a mapping with a list of entries under 'actions'"]
    operations = spec_reading.operations(spec)
    problems: list[str] = []
    drafts: dict[str, _Draft] = {}
    unavailable: dict[str, str] = {}  # operation id -> why it is not registered
    for index, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            problems.append(f"overlay entry #{index}: expected a mapping, got {type(entry).__name__}")
            continue
        op_id = entry.get("operation_id")
        label = f"overlay entry {op_id!r}" if isinstance(op_id, str) and op_id else f"overlay entry #{index}"
        if isinstance(op_id, str) and (op_id in drafts or op_id in unavailable):
            problems.append(f"{label}: entry #{index} repeats it; only the first entry counts")
            continue
        found = _field_problems(entry, operations)
        if not found and entry["iq_enabled"] and entry["safety_tier"] != "blocked":
            try:
                action, found = _action(entry, operations[op_id])
            except jsonref.JsonRefError as exc:
                action, found = None, [f"cannot resolve a $ref of operation {op_id!r}: {exc}"]
            if action is not None and not found:
                drafts[op_id] = _Draft(label, entry, action)
                continue
        problems += [f"{label}: {p}" for p in found]
        if isinstance(op_id, str):
            unavailable[op_id] = (
                "has an invalid overlay entry"
                if found
                else "is blocked"
                if entry["safety_tier"] == "blocked"
                else "is not an enabled operation"
            )
    problems += _drop_bad_compensations(drafts, unavailable)
    return [d.action for d in drafts.values()], problems


def _drop_bad_compensations(drafts: dict[str, _Draft], unavailable: dict[str, str]) -> list[str]:
    """Skip entries whose compensation cannot run, until none is left: a skip may strand another entry."""
    problems: list[str] = []
    changed = True
    while changed:
        changed = False
        for op_id, draft in list(drafts.items()):
            found = _compensation_problems(draft, drafts, unavailable)
            if found:
                problems += [f"{draft.label}: {p}" for p in found]
                del drafts[op_id]
                unavailable[op_id] = "has an invalid overlay entry"
                changed = True
    return problems


def _action(entry: dict, op: Operation) -> tuple[AtomicAction | None, list[str]]:
    offered = spec_reading.parameters(op)
    by_name = {p.name: p for p, _ in offered}
    allowlist = entry.get("parameter_allowlist") or []
    problems = [
        f"parameter_allowlist names {name!r}, which is not a parameter of {op.operation_id!r}"
        for name in allowlist
        if name not in by_name
    ]
    problems += [
        f"parameter_allowlist names {name!r}, which is required (required parameters are always included)"
        for name in allowlist
        if name in by_name and by_name[name].required
    ]
    if problems:
        return None, problems
    exposed = [p for p, sensitive in offered if not sensitive and (p.required or p.name in allowlist)]
    reversible = entry["reversible"]
    compensation = entry.get("compensation")
    return AtomicAction(
        action_id=op.operation_id,
        name=_name(op),
        description=_description(entry, op),
        parameters=exposed,
        safety_tier=entry["safety_tier"],
        reversible=reversible,
        compensation_action_id=entry.get("compensation_operation_id") if reversible else None,
        compensation=Compensation(**compensation) if reversible and compensation else None,
        examples=list(entry.get("examples") or []),
        method=op.method.upper(),
        path=op.path,
        response_fields=spec_reading.response_fields(op),
    ), []


def _name(op: Operation) -> str:
    summary = " ".join(str(op.spec.get("summary") or "").split()).rstrip(".")
    if summary and len(summary) <= MAX_NAME:
        return summary
    words = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", op.operation_id).replace("_", " ").replace("-", " ").split()
    return " ".join(words).capitalize()[:MAX_NAME]


def _description(entry: dict, op: Operation) -> str:
    text = entry.get("llm_description") or op.spec.get("description") or op.spec.get("summary") or _name(op)
    return trim(str(text), MAX_DESCRIPTION)


# -- overlay checks


def _field_problems(entry: dict, operations: dict[str, Operation]) -> list[str]:
    """What is wrong with an entry on its own, before its operation is looked at."""
    problems = []
    missing = [f for f in REQUIRED_FIELDS if f not in entry]
    if missing:
        problems.append(f"missing required field{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
    unknown = sorted(str(f) for f in entry if f not in KNOWN_FIELDS)
    if unknown:
        problems.append(f"unknown field{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}")
    op_id = entry.get("operation_id")
    if "operation_id" in entry and not (isinstance(op_id, str) and op_id):
        problems.append(f"operation_id must be a non-empty string, got {op_id!r}")
    elif isinstance(op_id, str) and op_id not in operations:
        problems.append(f"operation_id {op_id!r} matches no OpenAPI operation")
    for flag in ("iq_enabled", "reversible", "read_only"):
        if flag in entry and not isinstance(entry[flag], bool):
            problems.append(f"{flag} must be true or false, got {entry[flag]!r}")
    tier = entry.get("safety_tier")
    if "safety_tier" in entry and tier not in TIERS:
        problems.append(f"safety_tier {tier!r} is not one of {', '.join(TIERS)}")
    description = entry.get("llm_description")
    if description is not None and not isinstance(description, str):
        problems.append("llm_description must be a string")
    elif description is not None and len(description) > MAX_DESCRIPTION:
        problems.append(f"llm_description has {len(description)} characters; at most {MAX_DESCRIPTION}")
    problems += _list_problems(entry, "parameter_allowlist")
    problems += _list_problems(entry, "examples")
    examples = entry.get("examples")
    if isinstance(examples, list) and len(examples) > MAX_EXAMPLES:
        problems.append(f"has {len(examples)} examples; at most {MAX_EXAMPLES}")
    return problems + _reversal_problems(entry)


def _list_problems(entry: dict, key: str) -> list[str]:
    value = entry.get(key)
    if value is None or (isinstance(value, list) and all(isinstance(v, str) for v in value)):
        return []
    return [f"{key} must be a list of strings"]


def _reversal_problems(entry: dict) -> list[str]:
    target, compensation = entry.get("compensation_operation_id"), entry.get("compensation")
    if entry.get("reversible") is not True:
        if target is not None or compensation is not None:
            return ["compensation is given but reversible is not true"]
        return []
    if not (isinstance(target, str) and target):
        return ["reversible is true but compensation_operation_id is missing"]
    if compensation is None:
        return []
    if not isinstance(compensation, dict):
        return ["compensation must be a mapping"]
    problems = [
        f"compensation has unknown field {f!r} (known: {', '.join(sorted(COMPENSATION_FIELDS))})"
        for f in compensation
        if f not in COMPENSATION_FIELDS
    ]
    problems += [
        f"compensation.{f} must be a mapping"
        for f in ("prior_parameters", "parameters")
        if not isinstance(compensation.get(f, {}), dict)
    ]
    prior = compensation.get("prior_operation_id")
    if prior is not None and not (isinstance(prior, str) and prior):
        problems.append("compensation.prior_operation_id must be a non-empty string")
    if compensation.get("prior_parameters") and prior is None:
        problems.append("compensation.prior_parameters is given without compensation.prior_operation_id")
    return problems


def _compensation_problems(draft: _Draft, drafts: dict[str, _Draft], unavailable: dict[str, str]) -> list[str]:
    """The compensation (and its prior read) must be registered actions, and its templates must fit them."""
    action = draft.action
    if not action.reversible:
        return []
    target = drafts.get(action.compensation_action_id)
    problems = (
        []
        if target
        else [
            f"compensation_operation_id {action.compensation_action_id!r} "
            f"{unavailable.get(action.compensation_action_id, 'is not an enabled operation')}"
        ]
    )
    compensation = action.compensation or Compensation()
    prior_id = compensation.prior_operation_id
    prior = drafts.get(prior_id) if prior_id else None
    if prior_id and not prior:
        problems.append(
            f"compensation.prior_operation_id {prior_id!r} {unavailable.get(prior_id, 'is not an enabled operation')}"
        )
    if problems or action.compensation is None:
        return problems
    own = {"params": ([p.name for p in action.parameters], f"a parameter of {action.action_id!r}")}
    if prior:
        problems += _template_problems(
            "compensation.prior_parameters", compensation.prior_parameters, prior.action, own
        )
    scopes = {**own, "result": (action.response_fields, f"a response field of {action.action_id!r}")}
    if prior:
        scopes["prior"] = (prior.action.response_fields, f"a response field of {prior_id!r}")
    return problems + _template_problems("compensation.parameters", compensation.parameters, target.action, scopes)


def _template_problems(
    where: str, template: dict, called: AtomicAction, scopes: dict[str, tuple[list[str], str]]
) -> list[str]:
    """A template's keys must be parameters of the action it calls; its placeholders must exist in their scope."""
    declared = {p.name for p in called.parameters}
    problems = [
        f"{where} names {key!r}, which is not a parameter of {called.action_id!r}"
        for key in template
        if key not in declared
    ]
    problems += [
        f"{where} lacks {p.name!r}, a required parameter of {called.action_id!r}"
        for p in called.parameters
        if p.required and p.default is None and p.name not in template
    ]
    for scope, name in placeholders(template):
        if scope not in scopes:
            problems.append(
                f"{where}: {{{{{scope}.{name}}}}} uses scope {scope!r}, "
                f"not available here (available: {', '.join(scopes)})"
            )
        elif name not in scopes[scope][0]:
            problems.append(f"{where}: {{{{{scope}.{name}}}}} refers to {name!r}, which is not {scopes[scope][1]}")
    return problems
