"""Cloud Function entry point `conversation_handback`: binds the chat receptionist's function
from the shared package."""

from concierge.http.app import function_entry

conversation_handback = function_entry("conversation_handback")
