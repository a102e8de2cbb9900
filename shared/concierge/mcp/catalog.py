"""The tools an MCP client sees: one entry per tool, each with a description written for a model.

An entry names the tool, says what it is for and when to call it, gives the JSON Schema of its
arguments and runs it against the services it is given. The booking tools come from
`concierge.tools` (same request models, same `handle()`, same idempotency); the chat receptionist's
tools come from `concierge.conversations` (same input models, same HTTP function). A tool joins MCP
by one entry in `MCP_TOOLS`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from concierge.tools import TOOLS, Tool
from concierge.tools.context import ToolContext

if TYPE_CHECKING:
    from concierge.adapters.store import Store
    from concierge.settings import Settings
    from concierge.domain.venue import Venue
    from concierge.http.conversations import ConversationFunctions


@dataclass(frozen=True)
class McpServices:
    """What the tools run against: the booking tools' context and, when served, the chat receptionist."""

    tools: ToolContext
    conversations: ConversationFunctions | None = None


def _no_turns(venue: Venue) -> Any:
    raise LookupError("the MCP server runs the chat receptionist's tools, not its conversation turns")


def chat_services(settings: Settings, ctx: ToolContext, store: Store) -> ConversationFunctions:
    """The chat receptionist as the MCP server needs it: its tools on the store's conversations, no agent."""
    from concierge.bootstrap import build_conversations

    return build_conversations(settings, ctx, store, _no_turns)


# Runs one call: (services, arguments, idempotency key or None) -> the answer payload, never raising
# for a refusal: a refused call is {"ok": false, "error_code": ..., "message": ...} (or, for the chat
# tools, the manual's {"success": false, "error": ...}).
Runner = Callable[[McpServices, dict[str, Any], "str | None"], dict]


@dataclass(frozen=True)
class McpTool:
    name: str
    title: str
    description: str
    input_schema: dict
    run: Runner
    writes: bool = False  # changes bookings or a conversation
    family: Literal["booking", "chat"] = "booking"  # chat tools are listed where the chat receptionist runs
    replayable: bool = False  # an idempotency key makes a retried call safe


def input_schema(tool: Tool) -> dict:
    """The JSON Schema of the tool's request model, as the HTTP tools' OpenAPI shows it, self-contained."""
    schema = tool.request.model_json_schema(mode="validation")
    schema.pop("title", None)
    return schema


def booking_tool(name: str, title: str, description: str) -> McpTool:
    """An MCP entry for one of the booking tools: the HTTP tool's model, handle() and idempotency."""
    tool = TOOLS[name]

    def run(services: McpServices, arguments: dict[str, Any], key: str | None) -> dict:
        from concierge.http.envelopes import run_once

        return run_once(services.tools, tool, arguments, f"mcp:{tool.name}:{key}" if key else None, "mcp")

    return McpTool(
        name=name,
        title=title,
        description=description,
        input_schema=input_schema(tool),
        run=run,
        writes=tool.writes,
        replayable=tool.writes,
    )


def chat_input_schema(name: str) -> dict:
    """The chat tool's input model (the manual's field names) beside the conversation it acts for."""
    from concierge.conversations.toolbox import CHAT_TOOLS

    schema = CHAT_TOOLS[name].input.model_json_schema(mode="validation")
    schema.pop("title", None)
    conversation = {
        "venue_id": {"type": "string", "description": 'Venue id from the knowledge base, e.g. "roma"'},
        "conversation_id": {"type": "string", "description": "The channel's id of the conversation (a chat thread)"},
    }
    schema["properties"] = {**conversation, **schema.get("properties", {})}
    schema["required"] = ["venue_id", "conversation_id", *schema.get("required", [])]
    return schema


def chat_tool(name: str, title: str, description: str) -> McpTool:
    """An MCP entry for one of the chat receptionist's tools: the same function as /api/<name>."""
    from concierge.conversations.toolbox import CHAT_TOOLS

    def run(services: McpServices, arguments: dict[str, Any], key: str | None) -> dict:
        from concierge.settings import Access
        from concierge.http.conversations import handle

        if services.conversations is None:
            return {"ok": False, "error_code": "NOT_FOUND", "message": f'No tool "{name}" on this server.'}
        # Access() checks nothing: whoever reached this MCP server has passed its own credentials check.
        _status, body = handle(services.conversations, name, json.dumps(arguments).encode(), {}, Access())
        return body

    return McpTool(
        name=name,
        title=title,
        description=description,
        input_schema=chat_input_schema(name),
        run=run,
        writes=CHAT_TOOLS[name].writes,
        family="chat",
    )


_DATES = (
    "Dates are YYYY-MM-DD and times HH:MM (24-hour) in the venue's local time; resolve words like "
    '"tomorrow" or "8 pm" with resolve_relative_day / resolve_relative_time first. '
)
_SPEAK = "The result's `message` is a ready sentence in the venue's language: say it, don't rephrase dates."

_CHAT = (
    "Acts for the conversation `conversation_id` of venue `venue_id` and its customer (the phone its chat "
    "channel gave; schedule_appointment takes clientPhone for a conversation without one). Dates are "
    'DD/MM/YYYY (YYYY-MM-DD and words such as "amanhã" are read too), '
    "times HH:mm. The answer is `success` with `message`, or `success: false` with `error` to act on. "
)

CHAT_TOOLS: list[McpTool] = [
    chat_tool(
        "schedule_appointment",
        "Book for the chat's customer",
        _CHAT + "Books `serviceName` on `appointmentDate` at `appointmentTime` for `people` once the customer "
        "has confirmed; hours, capacity and duplicates are checked. Keep the `eventId` it returns. A refusal "
        "may carry `nearestSlots` to offer. With `replacesEventId` (one of the customer's bookings) it moves "
        "that booking, or changes its `people`, in one change: refused, the booking stays as it was.",
    ),
    chat_tool(
        "get_available_slots",
        "Free times over a few days",
        _CHAT + "For each day from `startDate` to `endDate` (at most 31 days): `businessHours`, the full times "
        "(`busySlots`) and the bookable start times (`freeSlots`) for `people`. Check it before booking.",
    ),
    chat_tool(
        "list_events",
        "The chat customer's bookings",
        _CHAT + "The customer's own bookings between `startDate` and `endDate`, each with the `id` needed to "
        "cancel it. Other customers' bookings are never shown.",
    ),
    chat_tool(
        "cancel_appointment",
        "Cancel one of the chat customer's bookings",
        _CHAT + "Cancels the booking `eventId` (from list_events) once the customer has confirmed which one; "
        "only the customer's own bookings can be cancelled.",
    ),
    chat_tool(
        "request_human_support",
        "Hand the conversation to a person",
        _CHAT + "Hands the conversation to the venue's staff and stops the assistant, with the `reason`. Use it "
        "when the customer asks for a person, is upset, or you could not help after two tries.",
    ),
    chat_tool(
        "update_client_info",
        "Save the customer's details",
        _CHAT + "Saves the customer's `preferredName`, `addressText` or `notes` in the client profile.",
    ),
    chat_tool(
        "update_conversation_tags",
        "Tag the conversation",
        _CHAT + 'Sets the conversation\'s `tags` (e.g. "booking", "allergy") for the staff.',
    ),
    chat_tool(
        "end_conversation",
        "Close the conversation",
        _CHAT + "Ends and archives the conversation once the customer's request is fully settled (`reason`).",
    ),
    chat_tool(
        "summarize_conversation",
        "Summarize the conversation",
        _CHAT + "Saves a summary of the conversation in the client profile (`summary`, or one built from the "
        "transcript). Meant for hand-overs, not for the flow of a chat.",
    ),
]


MCP_TOOLS: list[McpTool] = [
    booking_tool(
        "check_openings",
        "Check opening hours and availability",
        "Whether the venue is open on a day and, with `time`, whether that time can still be booked. "
        "Call it before create_booking or modify_booking. Without `time` it returns the day's opening slots. "
        "When the time is not free, `nearest_slots_human` lists the closest bookable times to offer. "
        'Pass `expected_weekday` with the weekday the customer said (e.g. "giovedì"): on WEEKDAY_MISMATCH call '
        "again with `corrected_day` without mentioning the error. " + _DATES + _SPEAK,
    ),
    booking_tool(
        "create_booking",
        "Book a table or appointment",
        "Writes a booking once the customer has confirmed day, time, party size, name and phone. "
        "Hours, party size, duplicates and capacity are re-checked atomically: SLOT_FULL and OUTSIDE_HOURS come "
        "with `nearest_slots_human` to offer instead; DUPLICATE_BOOKING means that phone already holds that slot. "
        "`phone` in international form (+39...) or local to the venue's country. Keep `booking_id`. " + _DATES + _SPEAK,
    ),
    booking_tool(
        "list_bookings",
        "Find a caller's bookings",
        "The caller's bookings from today on, found by phone number, in time order, each with its "
        "`booking_id`, `day_label` and `time_human`. Use it to find the booking to change or cancel. " + _SPEAK,
    ),
    booking_tool(
        "modify_booking",
        "Change a booking",
        "Moves a booking (`new_day`, `new_time`), changes its party size (`new_people`) or its name, phone or "
        "notes; give at least one change. Every booking rule is checked again for the new slot. Take "
        "`booking_id` from list_bookings; BOOKING_NOT_FOUND means it does not exist or was cancelled. "
        "Confirm the change with the customer before calling. " + _DATES + _SPEAK,
    ),
    booking_tool(
        "cancel_booking",
        "Cancel a booking",
        "Cancels a booking by `booking_id` (from list_bookings) after the customer has confirmed which one. "
        "A second cancel of the same booking is BOOKING_NOT_FOUND. " + _SPEAK,
    ),
    booking_tool(
        "faq",
        "Answer a question from the venue's FAQ",
        "The venue's own answer to the closest question in its FAQ (parking, pets, allergies...), or "
        "`answer: null` when nothing matches well enough: then say you don't know rather than guessing. "
        "The whole knowledge base is also readable as the resource concierge://venues/{restaurant_id}.",
    ),
    booking_tool(
        "is_open_now",
        "Is the venue open right now",
        "Whether the venue is open at this minute (`open_now`) and, if not, when it opens next today "
        "(`next_opening_time`, HH:MM, or null). Use it before offering to transfer a call to the staff.",
    ),
    booking_tool(
        "resolve_relative_day",
        "Turn a spoken day into a date",
        'Turns what the customer said ("domani", "next Friday", "dans 3 jours") into `date` (YYYY-MM-DD) and '
        "`day_label`, counted from today in the venue's time zone. Always use `day_label` to say the date back. "
        "`ambiguous: true` (a weekday that is today, taken as a week ahead): confirm which one was meant. "
        'NO_SUCH_DATE ("31 November"): say `message` and ask for the date. '
        "UNSUPPORTED_RELATIVE_DAY: ask the customer for the date.",
    ),
    booking_tool(
        "resolve_relative_time",
        "Turn a spoken time into HH:MM",
        'Turns a spoken time ("tra mezz\'ora", "8 pm", "20h30", "20 e 30") into `time` (HH:MM) and '
        "`day_offset` (1 when it falls after midnight), from the venue's current time. "
        '`ambiguous: true`: morning or evening was a guess, confirm it. VAGUE_TIME ("stasera"): ask for an exact '
        "time. UNSUPPORTED_RELATIVE_TIME: ask again.",
    ),
    # The chat receptionist's tools (the manual's), each acting for one conversation of a chat channel.
    *CHAT_TOOLS,
]
