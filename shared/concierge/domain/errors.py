"""Refusals the tools answer with: an error code from the contract, a message, extra fields."""

from __future__ import annotations

from typing import Any


class ToolError(Exception):
    def __init__(self, code: str, message: str, **extra: Any) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.extra = extra

    def payload(self) -> dict[str, Any]:
        return {"ok": False, "error_code": self.code, "message": self.message, **self.extra}


def validation_error(field: str, problem: str) -> ToolError:
    return ToolError("VALIDATION_ERROR", f"{field}: {problem}", field=field)


def restaurant_not_found(venue_id: str) -> ToolError:
    return ToolError("RESTAURANT_NOT_FOUND", f'No venue with restaurant_id "{venue_id}".')
