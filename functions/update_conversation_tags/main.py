"""Cloud Function entry point `update_conversation_tags`: binds the chat receptionist's function
from the shared package."""

from concierge.http.functions import function_entry

update_conversation_tags = function_entry("update_conversation_tags")
