"""Cloud Function entry point `registry_refresh`: binds the plan function from the shared package."""

from concierge.http.functions import function_entry

registry_refresh = function_entry("registry_refresh")
