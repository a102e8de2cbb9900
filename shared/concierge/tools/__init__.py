"""The booking tools: each a module with Request, Response and handle(ctx, request).

The nine of the tool contract, plus get_booking and search_bookings, which plans use to read a
booking before changing it and to find one from a guest's name.

`TOOLS` knows every tool's name without importing it: a tool's module (and what it needs:
phonenumbers, rapidfuzz, text2num...) is imported the first time that tool is looked up, so a
deployed function serving one tool loads that tool alone.
"""

from __future__ import annotations

import importlib
import threading
from dataclasses import dataclass
from types import ModuleType
from typing import Callable, Iterator, Mapping

from concierge.tools.fields import ToolRequest, ToolResponse


@dataclass(frozen=True)
class Tool:
    name: str
    request: type[ToolRequest]
    response: type[ToolResponse]
    handle: Callable
    catch_all_code: str  # answered for an unexpected failure, as the contract names it
    writes: bool = False  # changes bookings: replays are answered from the idempotency record
    omit_when_none: frozenset[str] = frozenset()
    summary: str = ""
    caller_phone: str | None = None  # the request field an agent platform's caller number fills when absent


def _tool(module: ModuleType, catch_all: str, writes: bool = False) -> Tool:
    name = module.__name__.rsplit(".", 1)[1]
    return Tool(
        name=name,
        request=module.Request,
        response=module.Response,
        handle=module.handle,
        catch_all_code=catch_all,
        writes=writes,
        omit_when_none=frozenset(getattr(module, "OMIT_WHEN_NONE", ())),
        summary=(module.__doc__ or "").strip().split("\n")[0],
        caller_phone=getattr(module, "CALLER_PHONE_FIELD", None),
    )


# name: (the code answered for an unexpected failure, whether it changes bookings), in the contract's order
_CATALOG: dict[str, tuple[str, bool]] = {
    "check_openings": ("CHECK_OPENINGS_ERROR", False),
    "create_booking": ("CREATE_BOOKING_ERROR", True),
    "list_bookings": ("LIST_BOOKINGS_ERROR", False),
    "modify_booking": ("MODIFY_BOOKING_ERROR", True),
    "cancel_booking": ("CANCEL_BOOKING_ERROR", True),
    "faq": ("FAQ_ERROR", False),
    "is_open_now": ("INTERNAL_ERROR", False),
    "resolve_relative_day": ("INTERNAL_ERROR", False),
    "resolve_relative_time": ("INTERNAL_ERROR", False),
    "get_booking": ("INTERNAL_ERROR", False),
    "search_bookings": ("INTERNAL_ERROR", False),
}


class ToolCatalog(Mapping[str, Tool]):
    """Every tool by name; a tool's module is imported on its first lookup, then kept."""

    def __init__(self, catalog: Mapping[str, tuple[str, bool]]) -> None:
        self._catalog = dict(catalog)
        self._loaded: dict[str, Tool] = {}
        self._lock = threading.Lock()

    def __getitem__(self, name: str) -> Tool:
        tool = self._loaded.get(name)
        if tool is not None:
            return tool
        catch_all, writes = self._catalog[name]  # KeyError for a name that is no tool
        with self._lock:
            if name not in self._loaded:
                module = importlib.import_module(f"{__name__}.{name}")
                self._loaded[name] = _tool(module, catch_all, writes=writes)
            return self._loaded[name]

    def __contains__(self, name: object) -> bool:
        return name in self._catalog

    def __iter__(self) -> Iterator[str]:
        return iter(self._catalog)

    def __len__(self) -> int:
        return len(self._catalog)


TOOLS: Mapping[str, Tool] = ToolCatalog(_CATALOG)
