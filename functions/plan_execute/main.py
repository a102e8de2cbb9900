"""Cloud Function entry point `plan_execute`: binds the plan function from the shared package."""

from concierge.http.functions import function_entry

plan_execute = function_entry("plan_execute")
