"""Cloud Function entry point `is_open_now`: binds the tool from the shared package."""

from concierge.http.functions import function_entry

is_open_now = function_entry("is_open_now")
