"""Cloud Function entry point `conversation_read`: binds the chat receptionist's function from the shared package."""

from concierge.http.functions import function_entry

conversation_read = function_entry("conversation_read")
