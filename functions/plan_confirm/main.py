"""Cloud Function entry point `plan_confirm`: binds the plan function from the shared package."""

from concierge.http.functions import function_entry

plan_confirm = function_entry("plan_confirm")
