"""Cloud Function entry point `get_available_slots`: binds the chat receptionist's function from the shared package."""

from concierge.http.functions import function_entry

get_available_slots = function_entry("get_available_slots")
