"""Cloud Function entry point `cancel_booking`: binds the tool from the shared package."""

from concierge.http.functions import function_entry

cancel_booking = function_entry("cancel_booking")
