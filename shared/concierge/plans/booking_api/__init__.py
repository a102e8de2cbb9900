"""The project's own booking API as plan actions: its OpenAPI spec and the overlay that enables it.

openapi.json is generated from the tools' pydantic models; regenerate it after changing a tool with
`concierge openapi`.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
SPEC_PATH = HERE / "openapi.json"
OVERLAY_PATH = HERE / "overlay.yaml"
