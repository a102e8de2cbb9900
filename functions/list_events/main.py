"""Cloud Function entry point `list_events`: binds the chat receptionist's function from the shared package."""

from concierge.http.functions import function_entry

list_events = function_entry("list_events")
