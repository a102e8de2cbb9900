"""The plan lifecycle: natural-language booking updates, confirmed once, executed, rolled back."""
