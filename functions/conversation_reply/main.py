"""Cloud Function entry point `conversation_reply`: binds the chat receptionist's function from the shared package."""

from concierge.http.functions import function_entry

conversation_reply = function_entry("conversation_reply")
