"""Cloud Function entry point `create_booking`: binds the tool from the shared package."""

from concierge.http.functions import function_entry

create_booking = function_entry("create_booking")
