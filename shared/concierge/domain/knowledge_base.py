"""Reading a knowledge-base file into venues, with errors a venue owner can act on."""

from __future__ import annotations

from pathlib import Path

import yaml
from pydantic import ValidationError

from concierge.domain.venue import Venue


class KnowledgeBaseError(ValueError):
    """A knowledge-base file that cannot be loaded; the message names venue, key and problem."""


def parse_knowledge_base(text: str, source: str = "knowledge base") -> dict[str, Venue]:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise KnowledgeBaseError(f"{source}: not valid YAML: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("venues"), dict) or not data["venues"]:
        raise KnowledgeBaseError(f'{source}: expected a top-level "venues:" mapping of venue id to venue')
    venues: dict[str, Venue] = {}
    problems: list[str] = []
    for venue_id, body in data["venues"].items():
        venue_id = str(venue_id)
        if not isinstance(body, dict):
            problems.append(f'venue "{venue_id}": expected a mapping of keys, got {type(body).__name__}')
            continue
        try:
            venues[venue_id] = Venue.model_validate({**body, "id": venue_id})
        except ValidationError as exc:
            for err in exc.errors():
                key = ".".join(str(part) for part in err["loc"]) or "(venue)"
                problems.append(f'venue "{venue_id}", key "{key}": {_plain(err)}')
    if problems:
        raise KnowledgeBaseError(f"{source}: " + "; ".join(problems))
    return venues


def _plain(err: dict) -> str:
    message = err["msg"]
    for prefix in ("Value error, ",):
        message = message.removeprefix(prefix)
    if err["type"] == "missing":
        return "is required but missing"
    return message


def load_knowledge_base(path: str | Path) -> dict[str, Venue]:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise KnowledgeBaseError(f"{path}: cannot be read: {exc.strerror}") from None
    return parse_knowledge_base(text, source=str(path))
