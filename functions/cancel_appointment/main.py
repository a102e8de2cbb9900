"""Cloud Function entry point `cancel_appointment`: binds the chat receptionist's function from the shared package."""

from concierge.http.functions import function_entry

cancel_appointment = function_entry("cancel_appointment")
