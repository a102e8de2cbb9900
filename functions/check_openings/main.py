"""Cloud Function entry point `check_openings`: binds the tool from the shared package."""

from concierge.http.functions import function_entry

check_openings = function_entry("check_openings")
