"""Cloud Function entry point `mcp`: the booking tools over the Model Context Protocol (streamable HTTP)."""

from concierge.http.functions import mcp  # noqa: F401
