"""Cloud Function entry point `conversation_messages`: binds the chat receptionist's function
from the shared package."""

from concierge.http.functions import function_entry

conversation_messages = function_entry("conversation_messages")
