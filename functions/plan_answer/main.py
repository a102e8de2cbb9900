"""Cloud Function entry point `plan_answer`: binds the plan function from the shared package."""

from concierge.http.functions import function_entry

plan_answer = function_entry("plan_answer")
