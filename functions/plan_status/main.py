"""Cloud Function entry point `plan_status`: binds the plan function from the shared package."""

from concierge.http.functions import function_entry

plan_status = function_entry("plan_status")
