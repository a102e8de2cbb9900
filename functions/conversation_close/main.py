"""Cloud Function entry point `conversation_close`: binds the chat receptionist's function from the shared package."""

from concierge.http.functions import function_entry

conversation_close = function_entry("conversation_close")
