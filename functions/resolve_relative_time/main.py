"""Cloud Function entry point `resolve_relative_time`: binds the tool from the shared package."""

from concierge.http.functions import function_entry

resolve_relative_time = function_entry("resolve_relative_time")
