"""The venues' knowledge base into the store: a YAML file, or the demo venues shipped with the package."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from concierge.bootstrap import build_store
from concierge.domain.knowledge_base import load_knowledge_base, parse_knowledge_base
from concierge.settings import Settings

DEMO_VENUES = "demo/venues.yaml"


def import_venues(settings: Settings, path: Path | None) -> list[str]:
    """Validate a whole knowledge-base file, then write it to the store in one step."""
    if path is None:
        venues = parse_knowledge_base(
            resources.files("concierge").joinpath(DEMO_VENUES).read_text("utf-8"), source="demo knowledge base"
        )
    else:
        venues = load_knowledge_base(path)
    store = build_store(settings)
    store.put_venues({vid: v.model_dump(mode="json") for vid, v in venues.items()})
    return sorted(venues)
