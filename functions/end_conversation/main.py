"""Cloud Function entry point `end_conversation`: binds the chat receptionist's function from the shared package."""

from concierge.http.functions import function_entry

end_conversation = function_entry("end_conversation")
