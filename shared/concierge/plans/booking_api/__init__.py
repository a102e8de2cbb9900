"""The project's own booking API as plan actions: its OpenAPI spec and the overlay that enables it.

openapi.json is generated from the tools' pydantic models; regenerate it after changing a tool with
`.venv/bin/python shared/concierge/plans/booking_api/__init__.py`.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
SPEC_PATH = HERE / "openapi.json"
OVERLAY_PATH = HERE / "overlay.yaml"


def write_spec(path: Path = SPEC_PATH) -> Path:
    from concierge.http.openapi import openapi_document  # here: reading the paths must not load every tool

    path.write_text(json.dumps(openapi_document(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


if __name__ == "__main__":
    print(f"wrote {write_spec()}")
