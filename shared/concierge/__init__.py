"""concierge: booking tools for AI receptionists."""
