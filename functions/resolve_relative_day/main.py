"""Cloud Function entry point `resolve_relative_day`: binds the tool from the shared package."""

from concierge.http.functions import function_entry

resolve_relative_day = function_entry("resolve_relative_day")
