"""Cloud Function entry point `plan_rollback`: binds the plan function from the shared package."""

from concierge.http.functions import function_entry

plan_rollback = function_entry("plan_rollback")
