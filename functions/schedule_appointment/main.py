"""Cloud Function entry point `schedule_appointment`: binds the chat receptionist's function from the shared package."""

from concierge.http.app import function_entry

schedule_appointment = function_entry("schedule_appointment")
