"""Cloud Function entry point `summarize_conversation`: binds the chat receptionist's function
from the shared package."""

from concierge.http.functions import function_entry

summarize_conversation = function_entry("summarize_conversation")
