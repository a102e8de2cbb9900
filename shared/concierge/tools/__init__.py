"""The booking tools: each a module with Request, Response and handle(ctx, request).

The nine of the tool contract, plus get_booking and search_bookings, which plans use to read a
booking before changing it and to find one from a guest's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Callable

from concierge.tools import (
    cancel_booking,
    check_openings,
    create_booking,
    faq,
    get_booking,
    is_open_now,
    list_bookings,
    modify_booking,
    resolve_relative_day,
    resolve_relative_time,
    search_bookings,
)
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


TOOLS: dict[str, Tool] = {
    t.name: t
    for t in (
        _tool(check_openings, "CHECK_OPENINGS_ERROR"),
        _tool(create_booking, "CREATE_BOOKING_ERROR", writes=True),
        _tool(list_bookings, "LIST_BOOKINGS_ERROR"),
        _tool(modify_booking, "MODIFY_BOOKING_ERROR", writes=True),
        _tool(cancel_booking, "CANCEL_BOOKING_ERROR", writes=True),
        _tool(faq, "FAQ_ERROR"),
        _tool(is_open_now, "INTERNAL_ERROR"),
        _tool(resolve_relative_day, "INTERNAL_ERROR"),
        _tool(resolve_relative_time, "INTERNAL_ERROR"),
        _tool(get_booking, "INTERNAL_ERROR"),
        _tool(search_bookings, "INTERNAL_ERROR"),
    )
}
