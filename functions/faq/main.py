"""Cloud Function entry point `faq`: binds the tool from the shared package."""

from concierge.http.functions import function_entry

faq = function_entry("faq")
