"""faq: the venue's closest question by fuzzy similarity, answered when it scores 0.6 or more."""

from __future__ import annotations

import re
import unicodedata
from typing import Literal

from rapidfuzz import fuzz, process

from concierge.tools.context import ToolContext
from concierge.tools.fields import Question, RestaurantId, ToolRequest, ToolResponse

THRESHOLD = 0.6


class Request(ToolRequest):
    restaurant_id: RestaurantId
    question: Question


class Response(ToolResponse):
    answer: str | None
    source: Literal["kb"] | None


def normalise(text: str) -> str:
    """Lower case, no accents, no punctuation, single spaces."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    folded = "".join(c for c in folded if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w\s]", " ", folded).split())


def best_match(question: str, questions: list[str]) -> tuple[int, float] | None:
    """Index and score (0..1) of the closest question (rapidfuzz WRatio over normalised text)."""
    if not questions:
        return None
    match = process.extractOne(normalise(question), [normalise(q) for q in questions], scorer=fuzz.WRatio)
    _, score, index = match
    return index, score / 100


def handle(ctx: ToolContext, req: Request) -> Response:
    venue = ctx.venue(req.restaurant_id)
    match = best_match(req.question, [entry.question for entry in venue.faq])
    if match is None or match[1] < THRESHOLD:
        return Response(answer=None, source=None)
    return Response(answer=venue.faq[match[0]].answer, source="kb")
