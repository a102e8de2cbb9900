"""The chat receptionist: conversation service, the manual's tools, agents (offline and model-driven)."""
