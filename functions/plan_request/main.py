"""Cloud Function entry point `plan_request`: binds the plan function from the shared package."""

from concierge.http.functions import function_entry

plan_request = function_entry("plan_request")
