"""Cloud Function entry point `client_forget`: binds the chat receptionist's function from the shared package."""

from concierge.http.functions import function_entry

client_forget = function_entry("client_forget")
