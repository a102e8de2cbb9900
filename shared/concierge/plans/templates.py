"""Placeholders in plan parameters and compensation templates: finding them and filling them in.

Plans refer to earlier answers as {{step_N.field}}; compensation templates use {{params.X}} (the step's
own parameters), {{prior.X}} (the prior-state read) and {{result.X}} (the step's answer). Each is a
`scope` ("step_2", "params", ...) and a `name` looked up in that scope's answer.
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterator

PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_]\w*)\.([A-Za-z_][\w-]*)\s*\}\}")


class UnresolvedPlaceholder(LookupError):
    def __init__(self, scope: str, name: str) -> None:
        super().__init__(f"{{{{{scope}.{name}}}}} cannot be resolved: no {name!r} in {scope}")
        self.scope = scope
        self.name = name


def strings(value: Any) -> Iterator[str]:
    """Every string in `value`, however deeply nested in dicts and lists, in order."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def placeholders(value: Any) -> list[tuple[str, str]]:
    """Every (scope, name) referred to in strings of `value`, however deeply nested, in order."""
    return [found for text in strings(value) for found in PLACEHOLDER.findall(text)]


def fill(value: Any, scopes: dict[str, dict]) -> Any:
    """`value` with every placeholder replaced; the input is left unchanged.

    A string that is exactly one placeholder becomes the referenced value with its type (an int stays
    an int, None stays None); a placeholder inside longer text is written into it: strings as they
    are, anything else as JSON ("4", "true", "null").
    """
    if isinstance(value, str):
        whole = PLACEHOLDER.fullmatch(value)
        if whole:
            return _lookup(scopes, *whole.groups())
        return PLACEHOLDER.sub(lambda m: _as_text(_lookup(scopes, *m.groups())), value)
    if isinstance(value, dict):
        return {key: fill(item, scopes) for key, item in value.items()}
    if isinstance(value, list):
        return [fill(item, scopes) for item in value]
    return value


def _lookup(scopes: dict[str, dict], scope: str, name: str) -> Any:
    answer = scopes.get(scope)
    if not isinstance(answer, dict) or name not in answer:
        raise UnresolvedPlaceholder(scope, name)
    return answer[name]


def _as_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
