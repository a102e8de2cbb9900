"""The tools an MCP client sees: one entry per tool, each with a description written for a model.

An entry names the tool, says what it is for and when to call it, gives the JSON Schema of its
arguments and runs it. The booking tools come from `concierge.tools` (same request models, same
`handle()`); another family of tools (the chat receptionist's, for one) joins by adding one entry
to `MCP_TOOLS` built the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from concierge.tools import TOOLS, Tool
from concierge.tools.context import ToolContext

# Runs one call: (context, arguments, idempotency key or None) -> the answer payload, never raising
# for a refusal: a refused call is {"ok": false, "error_code": ..., "message": ...}.
Runner = Callable[[ToolContext, object, "str | None"], dict]


@dataclass(frozen=True)
class McpTool:
    name: str
    title: str
    description: str
    input_schema: dict
    run: Runner
    writes: bool = False  # changes bookings: an idempotency key makes a retried call safe


def input_schema(tool: Tool) -> dict:
    """The JSON Schema of the tool's request model, as the HTTP tools' OpenAPI shows it, self-contained."""
    schema = tool.request.model_json_schema(mode="validation")
    schema.pop("title", None)
    return schema


def booking_tool(name: str, title: str, description: str) -> McpTool:
    """An MCP entry for one of the booking tools: the HTTP tool's model, handle() and idempotency."""
    tool = TOOLS[name]

    def run(ctx: ToolContext, arguments: object, key: str | None) -> dict:
        from concierge.http.envelopes import run_once

        return run_once(ctx, tool, arguments, f"mcp:{tool.name}:{key}" if key else None, "mcp")

    return McpTool(name=name, title=title, description=description, input_schema=input_schema(tool), run=run,
                   writes=tool.writes)


_DATES = ("Dates are YYYY-MM-DD and times HH:MM (24-hour) in the venue's local time; resolve words like "
          '"tomorrow" or "8 pm" with resolve_relative_day / resolve_relative_time first. ')
_SPEAK = "The result's `message` is a ready sentence in the venue's language: say it, don't rephrase dates."

MCP_TOOLS: list[McpTool] = [
    booking_tool(
        "check_openings", "Check opening hours and availability",
        "Whether the venue is open on a day and, with `time`, whether that time can still be booked. "
        "Call it before create_booking or modify_booking. Without `time` it returns the day's opening slots. "
        "When the time is not free, `nearest_slots_human` lists the closest bookable times to offer. "
        "Pass `expected_weekday` with the weekday the customer said (e.g. \"giovedì\"): on WEEKDAY_MISMATCH call "
        "again with `corrected_day` without mentioning the error. " + _DATES + _SPEAK),
    booking_tool(
        "create_booking", "Book a table or appointment",
        "Writes a booking once the customer has confirmed day, time, party size, name and phone. "
        "Hours, party size, duplicates and capacity are re-checked atomically: SLOT_FULL and OUTSIDE_HOURS come "
        "with `nearest_slots_human` to offer instead; DUPLICATE_BOOKING means that phone already holds that slot. "
        "`phone` in international form (+39...) or local to the venue's country. Keep `booking_id`. "
        + _DATES + _SPEAK),
    booking_tool(
        "list_bookings", "Find a caller's bookings",
        "The caller's bookings from today on, found by phone number, in time order, each with its "
        "`booking_id`, `day_label` and `time_human`. Use it to find the booking to change or cancel. " + _SPEAK),
    booking_tool(
        "modify_booking", "Change a booking",
        "Moves a booking (`new_day`, `new_time`), changes its party size (`new_people`) or its name, phone or "
        "notes; give at least one change. Every booking rule is checked again for the new slot. Take "
        "`booking_id` from list_bookings; BOOKING_NOT_FOUND means it does not exist or was cancelled. "
        "Confirm the change with the customer before calling. " + _DATES + _SPEAK),
    booking_tool(
        "cancel_booking", "Cancel a booking",
        "Cancels a booking by `booking_id` (from list_bookings) after the customer has confirmed which one. "
        "A second cancel of the same booking is BOOKING_NOT_FOUND. " + _SPEAK),
    booking_tool(
        "faq", "Answer a question from the venue's FAQ",
        "The venue's own answer to the closest question in its FAQ (parking, pets, allergies...), or "
        "`answer: null` when nothing matches well enough: then say you don't know rather than guessing. "
        "The whole knowledge base is also readable as the resource concierge://venues/{restaurant_id}."),
    booking_tool(
        "is_open_now", "Is the venue open right now",
        "Whether the venue is open at this minute (`open_now`) and, if not, when it opens next today "
        "(`next_opening_time`, HH:MM, or null). Use it before offering to transfer a call to the staff."),
    booking_tool(
        "resolve_relative_day", "Turn a spoken day into a date",
        'Turns what the customer said ("domani", "next Friday", "dans 3 jours") into `date` (YYYY-MM-DD) and '
        "`day_label`, counted from today in the venue's time zone. Always use `day_label` to say the date back. "
        "`ambiguous: true` (a weekday that is today, taken as a week ahead): confirm which one was meant. "
        "UNSUPPORTED_RELATIVE_DAY: ask the customer for the date."),
    booking_tool(
        "resolve_relative_time", "Turn a spoken time into HH:MM",
        'Turns a spoken time ("tra mezz\'ora", "8 pm", "20h30", "20 e 30") into `time` (HH:MM) and '
        "`day_offset` (1 when it falls after midnight), from the venue's current time. "
        "`ambiguous: true`: morning or evening was a guess, confirm it. VAGUE_TIME (\"stasera\"): ask for an exact "
        "time. UNSUPPORTED_RELATIVE_TIME: ask again."),
]
