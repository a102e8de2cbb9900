"""Cloud Function entry point `modify_booking`: binds the tool from the shared package."""

from concierge.http.functions import function_entry

modify_booking = function_entry("modify_booking")
