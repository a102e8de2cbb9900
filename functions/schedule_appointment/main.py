"""Cloud Function entry point `schedule_appointment`: binds the chat receptionist's function from the shared package."""

from concierge.http.functions import function_entry

schedule_appointment = function_entry("schedule_appointment")
