"""Cloud Function entry point `update_client_info`: binds the chat receptionist's function from the shared package."""

from concierge.http.functions import function_entry

update_client_info = function_entry("update_client_info")
