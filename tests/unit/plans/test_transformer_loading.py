"""load_document: YAML or JSON by extension, local $refs resolved (circular ones too), nothing fetched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from concierge.plans.transformer import build_registry, load_document, transform

OPENAPI = Path(__file__).parents[2] / "fixtures" / "openapi"


def test_yaml_and_json_load_by_extension_with_refs_resolved():
    venue = load_document(OPENAPI / "venue_api.yaml")
    body = venue["paths"]["/venues/{venue_id}/tables/{table_id}/holds"]["post"]["requestBody"]
    assert body["content"]["application/json"]["schema"]["required"] == ["guest_name", "minutes"]
    tree = load_document(OPENAPI / "tree_api.json")
    assert tree["paths"]["/categories"]["post"]["operationId"] == "createCategory"


def test_a_circular_ref_loads_and_can_be_followed_round_the_cycle():
    category = load_document(OPENAPI / "tree_api.json")["components"]["schemas"]["Category"]
    assert category["properties"]["children"]["items"]["properties"]["children"]["items"]["required"] == ["name"]


def test_a_circular_schema_transforms_without_looping():
    registry = build_registry(OPENAPI / "tree_api.json", OPENAPI / "tree_overlay.json")
    assert registry.problems == []
    create = registry.get("createCategory")
    assert [(p.name, p.required) for p in create.parameters] == [("name", True), ("parent", False), ("children", False)]
    assert registry.get("getCategory").response_fields == ["name", "parent", "children"]


def test_a_ref_to_another_document_is_refused_not_fetched(tmp_path):
    spec = {
        "openapi": "3.1.0",
        "paths": {
            "/x": {
                "post": {
                    "operationId": "remote",
                    "requestBody": {
                        "content": {"application/json": {"schema": {"$ref": "https://example.com/s.json#/S"}}}
                    },
                }
            }
        },
    }
    (tmp_path / "spec.json").write_text(json.dumps(spec))
    overlay = {
        "actions": [{"operation_id": "remote", "iq_enabled": True, "safety_tier": "normal", "reversible": False}]
    }
    actions, problems = transform(load_document(tmp_path / "spec.json"), overlay)
    assert actions == []
    assert problems[0].startswith("overlay entry 'remote': cannot resolve a $ref of operation 'remote'")
    assert "only local $refs are resolved" in problems[0]


def test_a_document_that_is_not_a_mapping_is_refused(tmp_path):
    (tmp_path / "list.yaml").write_text("- a\n- b\n")
    with pytest.raises(ValueError, match="expected a mapping"):
        load_document(tmp_path / "list.yaml")
