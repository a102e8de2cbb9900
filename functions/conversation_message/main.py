"""Cloud Function entry point `conversation_message`: binds the chat receptionist's function from the shared package."""

from concierge.http.functions import function_entry

conversation_message = function_entry("conversation_message")
