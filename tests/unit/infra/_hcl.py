"""Shared helpers of the infra tests: infra/*.tf parsed with python-hcl2, normalized."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
INFRA = ROOT / "infra"


def _clean(value):
    """Drop python-hcl2's markers and the quotes it keeps around literal strings and keys."""
    if isinstance(value, dict):
        return {
            _unquote(k): _clean(v)
            for k, v in value.items()
            if k not in ("__is_block__", "__comments__", "__inline_comments__")
        }
    if isinstance(value, list):
        return [_clean(v) for v in value]
    if isinstance(value, str):
        return _unquote(value)
    return value


def _unquote(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] == '"' and '"' not in text[1:-1].replace('\\"', ""):
        return text[1:-1]
    return text


class Terraform:
    def __init__(self, folder: Path):
        import hcl2

        self.files = {path.name: _clean(hcl2.loads(path.read_text())) for path in sorted(folder.glob("*.tf"))}
        self.text = "\n".join(path.read_text() for path in sorted(folder.glob("*.tf")))
        self.locals: dict = {}
        self.variables: dict = {}
        self.outputs: dict = {}
        self.resources: dict[str, dict[str, dict]] = {}
        for parsed in self.files.values():
            for block in parsed.get("locals", []):
                for key, value in block.items():
                    assert key not in self.locals, f"local.{key} is defined twice"
                    self.locals[key] = value
            for block in parsed.get("variable", []):
                self.variables.update(block)
            for block in parsed.get("output", []):
                self.outputs.update(block)
            for block in parsed.get("resource", []):
                for rtype, named in block.items():
                    for name, body in named.items():
                        assert name not in self.resources.get(rtype, {}), f"{rtype}.{name} is defined twice"
                        self.resources.setdefault(rtype, {})[name] = body

    def resource(self, rtype: str, name: str) -> dict:
        assert name in self.resources.get(rtype, {}), f"no resource {rtype}.{name}"
        return self.resources[rtype][name]

    def default(self, variable: str):
        return self.variables[variable].get("default")


def block(body: dict, name: str) -> dict:
    """The one nested block NAME of a resource body."""
    blocks = body.get(name)
    assert isinstance(blocks, list) and len(blocks) == 1, f"expected one {name} block, got {blocks!r}"
    return blocks[0]


def dynamic(body: dict, name: str) -> dict:
    for entry in body.get("dynamic", []):
        if name in entry:
            return entry[name]
    raise AssertionError(f"no dynamic {name} block")


def ref(expression: str) -> str:
    """'${local.x}' -> 'local.x'."""
    match = re.fullmatch(r"\$\{(.*)\}", expression, re.S)
    assert match, f"not a single reference: {expression!r}"
    return match.group(1)
