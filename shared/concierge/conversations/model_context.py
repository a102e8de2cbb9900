"""The model agent's prompt: system instructions and the venue's data, the bounded recent history, this message.

The prompt is bounded whatever the history's length: fixed instructions, the venue's data (the date and
time in the venue's zone and the next `DAYS_AHEAD` days written out, the weekly hours and up to
`MAX_EXCEPTIONS` coming days they do not hold on (closed dates, special hours), the FAQ, the client
profile, the tools with their parameters), the last `HISTORY_MESSAGES` messages of at most
`MESSAGE_CHARS` characters each, and the customer's message (or the pressed button).
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from concierge.conversations.agent import Turn
from concierge.conversations.rdv_schema import CARE_TYPES
from concierge.domain.venue import Venue
from concierge.speech import phrases_for
from concierge.speech.agent_prompts import PROMPTS
from concierge.speech.receptionist import agent_words
from concierge.speech.weekly_hours import weekly_hours

HISTORY_MESSAGES = 12
MESSAGE_CHARS = 600
DAYS_AHEAD = 14
EXCEPTIONS_AHEAD = 90  # closed dates and special hours written out, up to MAX_EXCEPTIONS of them
MAX_EXCEPTIONS = 10

# The tools the model may ask for (summarize_conversation is not for the main model, as the manual says).
TOOLS: dict[str, tuple[str, dict[str, str]]] = {
    "get_available_slots": (
        "Opening hours, busy and free times (freeSlots) for each day of a date range.",
        {"startDate": "DD/MM/YYYY", "endDate": "DD/MM/YYYY", "people": "integer, optional"},
    ),
    "schedule_appointment": (
        "Book a time for the customer, after their explicit yes.",
        {
            "serviceName": "string",
            "appointmentDate": "DD/MM/YYYY",
            "appointmentTime": "HH:mm",
            "clientFullName": "string, optional",
            "people": "integer, optional",
            "reason": "string, optional",
            "careType": "string, optional",
            "replacesEventId": "string, optional: the id of the customer's booking this one replaces",
        },
    ),
    "list_events": (
        "The customer's own bookings in a date range, with the ids needed to cancel or move them.",
        {"startDate": "DD/MM/YYYY", "endDate": "DD/MM/YYYY"},
    ),
    "cancel_appointment": (
        "Cancel one of the customer's bookings, by an id list_events returned, after their yes.",
        {"eventId": "string"},
    ),
    "request_human_support": ("Hand the conversation over to a person.", {"reason": "string"}),
    "update_client_info": (
        "Save the customer's details.",
        {"preferredName": "string, optional", "addressText": "string, optional", "notes": "string, optional"},
    ),
    "update_conversation_tags": ("Tag the conversation's subject.", {"tags": "list of strings"}),
    "end_conversation": (
        "Archive the conversation when the customer's goal is fully met.",
        {"reason": "string, optional"},
    ),
}


def context_messages(turn: Turn) -> list[dict[str, Any]]:
    """System instructions and venue data, the bounded recent history, and this message."""
    venue, words = turn.venue, agent_words(turn.venue.locale, turn.venue.kind)
    prompt, phrases = PROMPTS[words.locale], phrases_for(venue.locale, venue.kind)
    what = prompt["what.clinic"] if venue.is_clinic else prompt["what.restaurant"]
    now = turn.now
    days = [now.date() + dt.timedelta(days=n) for n in range(DAYS_AHEAD + 1)]
    lines = [
        prompt["role"].format(venue=venue.name),
        prompt["rules"].format(what=what),
        prompt["format"].format(
            schema=json.dumps({"response_to_client": "string | null", "tool_request": {"name": "string", "params": {}}})
        ),
        "",
        f"{prompt['now']}: {now:%d/%m/%Y %H:%M} ({phrases.day_label(now.date())}, {venue.timezone})",
        f"{prompt['days']}:",
        *[f"- {d:%d/%m/%Y}: {phrases.day_label(d)}" for d in days[1:]],
        f"{prompt['hours']}: {weekly_hours(venue)}",
    ]
    if exceptions := _exceptions(venue, now.date(), words.say("hours.closed")):
        lines += [f"{prompt['exceptions']}:", *exceptions]
    if venue.address:
        lines.append(f"{prompt['address']}: {venue.address}")
    if reachable := [c for c in (venue.contact.phone_written, venue.contact.email) if c]:  # as the chat says it
        lines.append(f"{prompt['contact']}: {', '.join(reachable)}")
    if venue.faq:
        lines += [f"{prompt['faq']}:", *[f"- {e.question} -> {e.answer}" for e in venue.faq]]
    profile = turn.profile
    if profile is not None:
        known = {
            "name": profile.preferred_name,
            "address": profile.address,
            "notes": "; ".join(profile.notes[-3:]) or None,
            "tags": ", ".join(profile.tags) or None,
        }
        lines.append(f"{prompt['client']}: " + ", ".join(f"{k}={v}" for k, v in known.items() if v))
        if profile.summaries:
            lines.append(f"{prompt['summary']}: {profile.summaries[-1][:MESSAGE_CHARS]}")
    if turn.conversation.phone_verified and turn.conversation.customer_phone:
        lines.append(prompt["phone_known"].format(phone=turn.conversation.customer_phone))
    lines += [
        f"{prompt['tools']}:",
        *[
            f"- {name}({json.dumps(params, ensure_ascii=False)}): {description}"
            for name, (description, params) in TOOLS.items()
        ],
    ]
    if venue.is_clinic:
        lines.append(f"careType: {', '.join(CARE_TYPES)}")
    messages: list[dict[str, Any]] = [{"role": "system", "content": "\n".join(lines)}]
    for message in turn.history[-HISTORY_MESSAGES:]:
        if message.role == "customer":
            said = _customer_words(prompt, message.text, message.action, message.data)
            messages.append({"role": "user", "content": said[:MESSAGE_CHARS]})
        elif message.role in ("assistant", "staff"):
            messages.append({"role": "assistant", "content": message.text[:MESSAGE_CHARS]})
    said = _customer_words(prompt, turn.text, turn.action, turn.data)
    messages.append({"role": "user", "content": said[:MESSAGE_CHARS]})
    return messages


def _exceptions(venue: Venue, today: dt.date, closed: str) -> list[str]:
    """The coming closed dates and days of special hours, each with its own hours: the weekly ones do not hold."""
    last = today + dt.timedelta(days=EXCEPTIONS_AHEAD)
    days = sorted({day for day in (*venue.closed_dates, *venue.special_hours) if today <= day <= last})
    lines = []
    for day in days[:MAX_EXCEPTIONS]:
        ranges = venue.ranges_on(day)
        lines.append(f"- {day:%d/%m/%Y}: " + (", ".join(f"{r.open}-{r.close}" for r in ranges) or closed))
    return lines


def _customer_words(prompt: dict[str, str], text: str | None, action: str | None, data: dict[str, Any] | None) -> str:
    """What the customer wrote or, for a pressed button (no text), which one: never an empty message."""
    if text:
        return text
    return prompt["pressed"].format(action=action or "", data=json.dumps(data or {}, ensure_ascii=False))
