"""`concierge chat`: talk to a venue's receptionist in the terminal, on the local store, with no model.

Each line is one customer message; a number presses the last answer's button of that number;
`/quit` (or end of input) leaves. The conversation is the thread `terminal:<phone or "guest">`, so
a later session continues it (or opens a new one after the receptionist archived it).
"""

from __future__ import annotations

from typing import IO, Any

from concierge.bootstrap import build_context, build_conversations, build_store
from concierge.settings import Settings
from concierge.conversations.agents import pick_agent
from concierge.conversations.requests import Customer, MessageRequest
from concierge.domain.errors import ToolError


def _buttons(rdv: dict[str, Any] | None) -> list[dict[str, Any]]:
    return [e for e in (rdv or {}).get("ui_elements") or [] if e.get("type") == "button" and e.get("action")]


def chat(settings: Settings, venue_id: str, phone: str | None, lines: IO[str], out: IO[str]) -> int:
    store = build_store(settings)
    ctx = build_context(settings, store)
    try:
        venue = ctx.venue(venue_id)
    except ToolError as refusal:
        print(f"concierge: {refusal.message} Venues: {', '.join(store.venue_ids())}", file=out)
        return 2
    agent = pick_agent(None)
    service = build_conversations(settings, ctx, store, lambda _venue: agent).service
    thread = f"terminal:{phone or 'guest'}"
    print(f"{venue.name} ({venue.locale}). /quit to leave; a number presses a button.", file=out)
    buttons: list[dict[str, Any]] = []
    for raw in lines:
        text = raw.strip()
        if text in ("/quit", "/exit"):
            break
        if not text:
            continue
        request: dict[str, Any] = {
            "venue_id": venue.id,
            "conversation_id": thread,
            "channel": "api",
            "customer": Customer(phone=phone) if phone else None,
        }
        if text.isdigit() and 1 <= int(text) <= len(buttons):
            pressed = buttons[int(text) - 1]
            request.update(action=pressed["action"], data=pressed.get("data"))
        else:
            request.update(text=text)
        try:
            answer = service.message(MessageRequest(**request))
        except ToolError as refusal:
            print(f"! {refusal.message}", file=out)
            continue
        if answer["reply"] is None:
            print("… (a member of staff has this conversation; they will answer)", file=out)
        else:
            print(f"> {answer['reply']}", file=out)
        buttons = _buttons(answer["rdv"])
        for number, element in enumerate(buttons, 1):
            print(f"  [{number}] {element['label']}", file=out)
        if answer["status"] == "archived":
            print("(conversation archived; your next message starts a new one)", file=out)
    return 0
