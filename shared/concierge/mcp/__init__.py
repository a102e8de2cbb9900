"""The tools over the Model Context Protocol: `concierge mcp` (stdio) and the `/mcp` endpoint.

An entry point like `http/`: it lists the same tools, validates with the same pydantic models and
runs the same `handle()` through the same idempotency and tracing as the HTTP tools. Nothing here
imports the MCP SDK at import time; `server` and `endpoint` do, on first use.
"""
