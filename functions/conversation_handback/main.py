"""Cloud Function entry point `conversation_handback`: binds the chat receptionist's function
from the shared package."""

from concierge.http.functions import function_entry

conversation_handback = function_entry("conversation_handback")
