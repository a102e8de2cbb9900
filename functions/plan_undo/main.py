"""Cloud Function entry point `plan_undo`: binds the plan function from the shared package."""

from concierge.http.functions import function_entry

plan_undo = function_entry("plan_undo")
