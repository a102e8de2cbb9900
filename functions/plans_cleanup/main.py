"""Cloud Function entry point `plans_cleanup`: binds the plan function from the shared package."""

from concierge.http.functions import function_entry

plans_cleanup = function_entry("plans_cleanup")
