"""Spans of a chat message found on a folded copy of the same length, and applied to the message itself:
the venue's name, a greeting or a phrase that means something else, blanked before the rest is read."""

from __future__ import annotations

import re
import unicodedata


def fold_same_length(text: str) -> str:
    """Lower-case, accent-free text of the same length, so that spans found in it apply to the original."""
    out = []
    for c in text:
        base = unicodedata.normalize("NFKD", c.lower())[:1] or c
        out.append(" " if not (base.isalnum() or base.isspace()) else base)
    return "".join(out)


def blanked(text: str, patterns: tuple[re.Pattern[str], ...], word: str = "") -> str:
    """`text` with what the patterns match (on its folded form, of the same length) turned to spaces, or
    to `word` padded with spaces."""
    folded = fold_same_length(text)
    for pattern in patterns:
        for match in pattern.finditer(folded):
            text = text[: match.start()] + word.ljust(match.end() - match.start()) + text[match.end() :]
    return text
