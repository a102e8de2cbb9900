"""The manual's conversation tools: handover, client details, tags, end and summary.

They change the turn's state only; the service writes it with the turn's messages.
"""

from __future__ import annotations

from concierge.conversations.state import ConversationState
from concierge.conversations.tool_inputs import (
    BadInput,
    EndConversation,
    RequestHumanSupport,
    SummarizeConversation,
    UpdateClientInfo,
    UpdateConversationTags,
)
from concierge.speech.chat_tools import tool_words

HANDOVER_TAG = "human_support"


def _merge_tags(current: list[str], new: list[str]) -> list[str]:
    merged = list(current)
    for tag in (t.strip() for t in new):
        if tag and tag.casefold() not in {t.casefold() for t in merged}:
            merged.append(tag)
    return merged


def built_summary(state: ConversationState, reason: str | None = None) -> str:
    """A summary from the conversation's state, for when the model gave none (or there is no model)."""
    words = tool_words(state.venue.locale).summary
    conversation = state.conversation
    who = f"{state.client_name() or words['unknown']} ({conversation.customer_phone or words['unknown']})"
    parts = [f"{words['customer']}: {who}."]
    if reason:
        parts.append(f"{words['reason']}: {reason}.")
    if conversation.tags:
        parts.append(f"{words['tags']}: {', '.join(conversation.tags)}.")
    if conversation.booking_ids:
        parts.append(f"{words['bookings']}: {', '.join(conversation.booking_ids)}.")
    said = [m.text for m in state.history + state.turn_messages if m.role == "customer" and m.text]
    if said:
        parts.append(f'{words["last"]}: "{said[-1][:300]}"')
    return " ".join(parts)


def request_human_support(state: ConversationState, req: RequestHumanSupport) -> dict:
    state.conversation.status = "human_support"
    state.conversation.ai_active = False
    state.conversation.tags = _merge_tags(state.conversation.tags, [HANDOVER_TAG])
    if not state.summarized:
        state.add_summary(built_summary(state, req.reason))
    return {"success": True, "message": tool_words(state.venue.locale).handed_over}


def update_client_info(state: ConversationState, req: UpdateClientInfo) -> dict:
    words = tool_words(state.venue.locale)
    given = {k: v.strip() for k, v in req.model_dump().items() if isinstance(v, str) and v.strip()}
    if not given:
        raise BadInput(words.bad_params.format(problem="preferredName, addressText or notes"))
    if "preferredName" in given:
        state.conversation.customer_name = given["preferredName"]
    profile = state.ensure_profile()
    if profile is None:
        if set(given) != {"preferredName"}:
            raise BadInput(words.no_phone)
    else:
        profile.preferred_name = given.get("preferredName", profile.preferred_name)
        profile.address = given.get("addressText", profile.address)
        if "notes" in given:
            profile.notes = profile.notes + [given["notes"]]
        state.profile_changed = True
    saved = ", ".join(f"{words.labels[k]}='{v}'" for k, v in given.items())
    return {"success": True, "message": f"{words.client_saved}{saved}."}


def update_conversation_tags(state: ConversationState, req: UpdateConversationTags) -> dict:
    state.conversation.tags = _merge_tags(state.conversation.tags, req.tags)
    profile = state.ensure_profile()
    if profile is not None:
        profile.tags = _merge_tags(profile.tags, req.tags)
        state.profile_changed = True
    return {"success": True, "message": tool_words(state.venue.locale).tags_saved}


def end_conversation(state: ConversationState, req: EndConversation) -> dict:
    state.conversation.status = "archived"
    state.conversation.ai_active = False
    return {"success": True, "message": tool_words(state.venue.locale).ended}


def summarize_conversation(state: ConversationState, req: SummarizeConversation) -> dict:
    state.add_summary((req.summary or "").strip() or built_summary(state))
    return {"success": True, "message": tool_words(state.venue.locale).summarized}
