"""One registry of providers keyed by kind: the venue schema, the wiring and the HTTP statuses all read it."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest
from pydantic import ValidationError

from concierge.adapters.providers import BookingProvider
from concierge.domain.errors import kind_of, worth_keeping
from concierge.domain.providers import PROVIDERS, provider_codes
from concierge.domain.venue import ProviderConfig
from concierge.http.status import STATUS, status_for

PROVIDER_MODULES = Path(importlib.import_module("concierge.adapters.providers").__file__).parent


@pytest.mark.parametrize("kind", sorted(PROVIDERS))
def test_every_registered_kind_names_a_provider_class_with_the_one_constructor_shape(kind):
    entry = PROVIDERS[kind]
    cls = getattr(importlib.import_module(entry.module), entry.class_name)
    assert issubclass(cls, BookingProvider)
    assert set(cls.needs) <= {"lease", "store", "snapshots"}
    parameters = list(inspect.signature(cls.__init__).parameters.values())
    assert [p.name for p in parameters[1:3]] == ["config", "env"]
    assert {p.name for p in parameters[3:] if p.kind is p.KEYWORD_ONLY} == set(cls.needs)


def test_the_venue_schema_accepts_the_registered_kinds_and_names_them_when_refusing_another():
    for kind in PROVIDERS:
        assert ProviderConfig.model_validate({"kind": kind}).kind == kind
    with pytest.raises(ValidationError) as refused:
        ProviderConfig.model_validate({"kind": "opentable"})
    assert all(f"'{kind}'" in str(refused.value) for kind in PROVIDERS)


def test_each_providers_own_codes_are_of_the_kind_it_declares_and_answer_plain_http_by_it():
    for entry in PROVIDERS.values():
        for code, kind in entry.codes.items():
            assert kind_of(code) == kind == provider_codes()[code]
            assert status_for(code) == STATUS[kind]
    assert status_for("RESOS_NOT_CONFIGURED") == 500 and status_for("NO_TABLE_AVAILABLE") == 422
    assert not worth_keeping("GCAL_NOT_CONFIGURED") and worth_keeping("NO_TABLE_AVAILABLE")


def test_two_providers_declaring_one_code_agree_on_its_kind_and_none_redeclares_a_core_code():
    declared: dict[str, set[str]] = {}
    for entry in PROVIDERS.values():
        for code, kind in entry.codes.items():
            declared.setdefault(code, set()).add(kind)
    assert all(len(kinds) == 1 for kinds in declared.values())
    assert not set(declared) & {"BOOKING_NOT_FOUND", "PROVIDER_ERROR", "PROVIDER_UNAVAILABLE", "CONFIG_ERROR"}


@pytest.mark.parametrize("module", sorted(p.name for p in PROVIDER_MODULES.glob("*.py")))
def test_no_provider_words_its_failures(module):
    """Providers raise the port's exceptions; the words a person reads are the tools' translator's."""
    tree = ast.parse((PROVIDER_MODULES / module).read_text())
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)} | {
        alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names
    }
    assert not {name for name in imported if name and name.startswith("concierge.speech")}
