"""Cloud Function entry point `request_human_support`: binds the chat receptionist's function
from the shared package."""

from concierge.http.functions import function_entry

request_human_support = function_entry("request_human_support")
