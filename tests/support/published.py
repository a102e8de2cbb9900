"""The published examples kept under tests/fixtures/ (see its README), and how an answer is held against one."""

from __future__ import annotations

import json
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
JSON_TYPES = {"string": str, "integer": int, "number": (int, float), "boolean": bool, "array": list, "object": dict}


def example(path: str) -> dict:
    return json.loads((FIXTURES / path).read_text())


def same_shape(ours: object, published: object) -> bool:
    """Every key of the published example is in ours, with a value of the same JSON type (recursively; every
    item of a list against the published list's first item)."""
    if isinstance(published, dict):
        return isinstance(ours, dict) and all(k in ours and same_shape(ours[k], v) for k, v in published.items())
    if isinstance(published, list):
        return isinstance(ours, list) and (not published or all(same_shape(o, published[0]) for o in ours))
    if isinstance(published, bool) or published is None:
        return type(ours) is type(published)
    if isinstance(published, (int, float)):
        return isinstance(ours, (int, float)) and not isinstance(ours, bool)
    return isinstance(ours, type(published))


def undocumented(value: object, schema: dict, schemas: dict[str, dict], where: str = "") -> list[str]:
    """Where `value` says what a discovery-document schema does not: keys it does not define, values of
    another JSON type. Empty when the value keeps to the schema."""
    if "$ref" in schema:
        return undocumented(value, schemas[schema["$ref"]], schemas, where)
    kind = schema.get("type")
    if kind == "object":
        if not isinstance(value, dict):
            return [f"{where or '.'}: not an object"]
        properties, extra = schema.get("properties", {}), schema.get("additionalProperties")
        problems = []
        for key, item in value.items():
            if key in properties:
                problems += undocumented(item, properties[key], schemas, f"{where}.{key}")
            elif extra is not None:
                problems += undocumented(item, extra, schemas, f"{where}.{key}")
            else:
                problems.append(f"{where}.{key}: not in the schema")
        return problems
    if kind == "array":
        if not isinstance(value, list):
            return [f"{where}: not an array"]
        return [
            p for n, item in enumerate(value) for p in undocumented(item, schema["items"], schemas, f"{where}[{n}]")
        ]
    expected = JSON_TYPES.get(str(kind))
    if expected is None or isinstance(value, bool) and kind != "boolean":
        return [] if expected is None else [f"{where}: a boolean where the schema says {kind}"]
    return [] if isinstance(value, expected) else [f"{where}: {type(value).__name__} where the schema says {kind}"]
