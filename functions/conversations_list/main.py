"""Cloud Function entry point `conversations_list`: binds the chat receptionist's function from the shared package."""

from concierge.http.functions import function_entry

conversations_list = function_entry("conversations_list")
