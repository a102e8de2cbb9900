"""The chat receptionist's function names (no imports: the HTTP layer and the bundles read them cheaply)."""

# The manual's nine tools, each also a function at /api/<tool> taking venue_id and conversation_id.
CHAT_TOOL_FUNCTIONS = (
    "schedule_appointment",
    "get_available_slots",
    "list_events",
    "cancel_appointment",
    "request_human_support",
    "update_client_info",
    "update_conversation_tags",
    "end_conversation",
    "summarize_conversation",
)
# Called by the channel (WhatsApp, SMS, a web widget's back-end) with the tool key.
CUSTOMER_FUNCTIONS = ("conversation_message", "conversation_messages")
# Called by the venue's staff with an operator credential.
OPERATOR_FUNCTIONS = (
    "conversations_list",
    "conversation_read",
    "conversation_reply",
    "conversation_handback",
    "conversation_close",
    "client_forget",
)
CONVERSATION_FUNCTIONS = CHAT_TOOL_FUNCTIONS + CUSTOMER_FUNCTIONS + OPERATOR_FUNCTIONS
