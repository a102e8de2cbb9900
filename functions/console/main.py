"""Cloud Function entry point `console`: the staff console's pages at <function URL>/console."""

from concierge.http.functions import console  # noqa: F401
