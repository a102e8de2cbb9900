"""Cloud Function entry point `conversations_list`: binds the chat receptionist's function from the shared package."""

from concierge.http.app import function_entry

conversations_list = function_entry("conversations_list")
