"""Cloud Function entry point `list_bookings`: binds the tool from the shared package."""

from concierge.http.functions import function_entry

list_bookings = function_entry("list_bookings")
