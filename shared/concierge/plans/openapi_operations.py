"""Reading an OpenAPI document: its operations, the parameters each takes and the fields it returns.

Local $refs, circular ones included, resolve lazily; schema walks are bounded so a cycle ends.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonref
import yaml

from concierge.domain.plans import ActionParameter, ParameterType

METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")
MAX_PARAMETER_DESCRIPTION = 200
MAX_DEPTH = 16  # how far schema unwrapping goes: circular $refs end here at the latest
SENSITIVE = re.compile(r"pass(word|wd|phrase)|token|secret|api[_-]?key|authori[sz]ation|credential", re.IGNORECASE)
DATE_EXAMPLE = re.compile(r"\d{4}-\d{2}-\d{2}")
TIME_EXAMPLE = re.compile(r"\d{2}:\d{2}")


def load_document(path: str | Path) -> dict:
    """A YAML or JSON file (by extension) with its local $refs replaced by lazy proxies.

    Proxies resolve on access, so circular schemas load. References to other documents are refused:
    loading a spec must never fetch anything.
    """
    path = Path(path)
    with path.open(encoding="utf-8") as f:
        raw = yaml.safe_load(f) if path.suffix.lower() in (".yaml", ".yml") else json.load(f)
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: expected a mapping at the top level")
    return jsonref.replace_refs(raw, base_uri=path.resolve().as_uri(), loader=_refuse_remote, merge_props=True)


def _refuse_remote(uri: str) -> Any:
    raise ValueError(f"only local $refs are resolved, not {uri}")


@dataclass(frozen=True)
class Operation:
    """One operation of the spec: the method and path it answers, with its path item."""

    operation_id: str
    method: str
    path: str
    item: dict  # the path item: its parameters apply to every operation under it
    spec: dict


def operations(spec: dict) -> dict[str, Operation]:
    found: dict[str, Operation] = {}
    paths = spec.get("paths") if isinstance(spec, dict) else None
    for path, item in (paths or {}).items():
        if not isinstance(item, dict):
            continue
        for method in METHODS:
            op = item.get(method)
            if isinstance(op, dict) and isinstance(op.get("operationId"), str):
                found.setdefault(op["operationId"], Operation(op["operationId"], method, path, item, op))
    return found


def trim(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def parameters(op: Operation) -> list[tuple[ActionParameter, bool]]:
    """Every parameter the operation takes, each with whether it is sensitive; the first of a name wins."""
    declared: dict[tuple[str, str], dict] = {}
    for p in list(op.item.get("parameters") or []) + list(op.spec.get("parameters") or []):
        if isinstance(p, dict) and p.get("in") in ("path", "query") and isinstance(p.get("name"), str):
            declared[(p["name"], p["in"])] = p  # an operation's own declaration overrides its path item's
    found = [
        _parameter(name, where, p.get("schema"), where == "path" or p.get("required") is True, p.get("description"))
        for (name, where), p in declared.items()
    ]
    body = op.spec.get("requestBody")
    schema = _json_schema(body)
    if schema is not None:
        properties, required = _object_properties(schema)
        found += [_parameter(name, "body", sub, name in required) for name, sub in properties.items()]
    unique: dict[str, tuple[ActionParameter, bool]] = {}
    for parameter, sensitive in found:
        unique.setdefault(parameter.name, (parameter, sensitive))
    return list(unique.values())


def _parameter(
    name: str, location: str, schema: Any, required: bool, description: str | None = None
) -> tuple[ActionParameter, bool]:
    core = _core(schema if isinstance(schema, dict) else {})
    kind, values = _kind(core)
    text = description or core.get("description") or core.get("title") or name
    parameter = ActionParameter(
        name=name,
        type=kind,
        required=required,
        location=location,
        description=trim(str(text), MAX_PARAMETER_DESCRIPTION),
        enum_values=values,
        default=core.get("default"),
    )
    return parameter, bool(SENSITIVE.search(name)) or core.get("format") == "password"


def response_fields(op: Operation) -> list[str]:
    """Top-level property names of the first 2xx JSON response."""
    responses = op.spec.get("responses") or {}
    for code in sorted(responses, key=str):
        schema = _json_schema(responses[code]) if str(code).startswith("2") else None
        if schema is not None:
            return list(_object_properties(schema)[0])
    return []


def _json_schema(holder: Any) -> dict | None:
    content = holder.get("content") if isinstance(holder, dict) else None
    if not isinstance(content, dict):
        return None
    for media in sorted(content, key=lambda m: m != "application/json"):
        if (media == "application/json" or media.endswith("+json")) and isinstance(content[media], dict):
            schema = content[media].get("schema")
            return schema if isinstance(schema, dict) else None
    return None


def _object_properties(schema: dict) -> tuple[dict[str, Any], set[str]]:
    """Top-level properties and required names, through allOf and optional wrappers.

    Only one level is read, and allOf is followed at most MAX_DEPTH deep and never twice into the same
    schema, so a circular schema ends.
    """
    properties: dict[str, Any] = {}
    required: set[str] = set()
    seen: dict[int, Any] = {}  # holding the nodes keeps their ids from being reused

    def walk(node: Any, depth: int) -> None:
        if not isinstance(node, dict) or depth > MAX_DEPTH or _identity(node) in seen:
            return
        seen[_identity(node)] = node
        node = _core(node)
        own = node.get("properties")
        for name, sub in own.items() if isinstance(own, dict) else ():
            properties.setdefault(name, sub)
        required.update(r for r in node.get("required") or [] if isinstance(r, str))
        for member in node.get("allOf") or []:
            walk(member, depth + 1)

    walk(schema, 0)
    return properties, required


def _identity(node: Any) -> int:
    return id(node.__subject__ if isinstance(node, jsonref.JsonRef) else node)


def _core(schema: dict) -> dict:
    """The schema without optional wrappers: anyOf/oneOf [X, {type: null}] or a lone allOf [X] become X,
    under the outer keywords (the field's own description and default win)."""
    for _ in range(MAX_DEPTH):
        member, key = _wrapped(schema)
        if member is None:
            return schema
        schema = {**member, **{k: v for k, v in schema.items() if k != key}}
    return schema


def _wrapped(schema: dict) -> tuple[dict | None, str | None]:
    for key in ("anyOf", "oneOf"):
        members = schema.get(key)
        if isinstance(members, list):
            others = [m for m in members if not (isinstance(m, dict) and m.get("type") == "null")]
            if len(others) == 1 and len(members) > 1 and isinstance(others[0], dict):
                return others[0], key
    members = schema.get("allOf")
    if isinstance(members, list) and len(members) == 1 and isinstance(members[0], dict) and "properties" not in schema:
        return members[0], "allOf"
    return None, None


def _kind(schema: dict) -> tuple[ParameterType, list[str] | None]:
    enum = schema.get("enum")
    if isinstance(enum, list) and any(v is not None for v in enum):
        return "enum", [str(v) for v in enum if v is not None]
    kind = schema.get("type")
    if isinstance(kind, list):  # OpenAPI 3.1: ["string", "null"]
        kinds = [k for k in kind if k != "null"]
        kind = kinds[0] if len(kinds) == 1 else None
    if kind in ("integer", "number"):
        return "number", None
    if kind == "boolean":
        return "boolean", None
    if kind == "string":
        return _string_kind(schema), None
    return "string", None


def _string_kind(schema: dict) -> ParameterType:
    """date, datetime or time from the format or pattern; failing both, from examples that all look alike
    (pydantic's plain-string Day and Time fields carry only examples)."""
    fmt = schema.get("format")
    if fmt in ("date", "date-time", "time"):
        return {"date": "date", "date-time": "datetime", "time": "time"}[fmt]
    pattern = schema.get("pattern")
    if (
        isinstance(pattern, str)
        and _accepts(pattern, "20:30")
        and not _accepts(pattern, "2026-02-19")
        and not _accepts(pattern, "text")
    ):
        return "time"
    examples = schema.get("examples")
    examples = examples if isinstance(examples, list) else [schema["example"]] if "example" in schema else []
    if examples and all(isinstance(e, str) and DATE_EXAMPLE.fullmatch(e) for e in examples):
        return "date"
    if examples and all(isinstance(e, str) and TIME_EXAMPLE.fullmatch(e) for e in examples):
        return "time"
    return "string"


def _accepts(pattern: str, text: str) -> bool:
    try:
        return re.search(pattern, text) is not None
    except re.error:
        return False
