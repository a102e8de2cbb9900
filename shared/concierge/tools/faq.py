"""faq: the venue's closest question by fuzzy similarity, answered when it scores 0.6 or more.

Questions are compared on their content words: the words every question shares ("do you have",
"avete il", "est-ce que vous avez") would otherwise make "do you have parking?" look like "do you
have vegetarian options?". Words that name the kind of thing asked for rather than its subject
("options", "opzioni", "choix") are set aside too: "avete opzioni vegane?" is not "avete opzioni senza
glutine?". A subject's words, in any of the four languages, are replaced by its name first (`faq_topics`):
"wheelchair" finds "step-free", "parking" finds "parcheggio".
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Literal

from rapidfuzz import fuzz

from concierge.tools.context import ToolContext
from concierge.tools.faq_topics import with_topics
from concierge.tools.fields import Question, RestaurantId, ToolRequest, ToolResponse

THRESHOLD = 0.6
SAME_WORD = 80  # two words this similar (rapidfuzz ratio) are the same word, misspelt: "vegeterian"

# Words that carry no subject in a customer's question, in the four languages (after `normalise`), and
# the words for "options" and "choice", "with", "bring" and "accept", which two questions on different subjects share
# ("aceitam cães?" is not "aceitam cartão?").
FUNCTION_WORDS = frozenset(
    """
    a an the do does did have has you your is are there can could i we me my of for to any some what how please
    il lo la i gli le l un una uno di da per si ci c e avete avere posso possiamo potete voi
    le la les l un une de du des d est ce que qu il y a vous avez pour je j on peut
    o os as um uma de do da dos das para eu voce voces tem ha posso podemos
    option options choice choices opzione opzioni scelta choix opcao opcoes escolha
    with con avec com bring come possono portare venire apporter amener venir levar trazer vir
    accept take accettate accettano prendete acceptez acceptes prenez aceitam aceita aceitais
""".split()
)


class Request(ToolRequest):
    restaurant_id: RestaurantId
    question: Question


class Response(ToolResponse):
    answer: str | None
    source: Literal["kb"] | None


_PUNCTUATION = re.compile(r"[^\w\s]")


def normalise(text: str) -> str:
    """Lower case, no accents, no punctuation, single spaces."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    if not folded.isascii():  # only non-ASCII text can hold combining accents
        folded = "".join(c for c in folded if not unicodedata.combining(c))
    return " ".join(_PUNCTUATION.sub(" ", folded).split())


@functools.lru_cache(maxsize=4096)  # a venue's questions are the same call after call, and so are many callers'
def content_words(text: str) -> str:
    """The normalised text, its subjects named, without function words (all of it when nothing else is left)."""
    words = with_topics(normalise(text)).split()
    return " ".join(word for word in words if word not in FUNCTION_WORDS) or " ".join(words)


def best_match(question: str, questions: list[str]) -> tuple[int, float] | None:
    """Index and score (0..1) of the closest question (rapidfuzz WRatio over content words) among those
    that share a word with it, give or take a slip: a partial match alone lets "Maria" find "vegetarian"."""
    asked = content_words(question)
    scored = [
        (index, fuzz.WRatio(asked, words) / 100)
        for index, words in enumerate(content_words(q) for q in questions)
        if _share_a_word(asked, words)
    ]
    return max(scored, key=lambda match: match[1], default=None)


def _share_a_word(asked: str, words: str) -> bool:
    return any(fuzz.ratio(a, b) >= SAME_WORD for a in asked.split() for b in words.split())


def handle(ctx: ToolContext, req: Request) -> Response:
    venue = ctx.venue(req.restaurant_id)
    match = best_match(req.question, [entry.question for entry in venue.faq])
    if match is None or match[1] < THRESHOLD:
        return Response(answer=None, source=None)
    return Response(answer=venue.faq[match[0]].answer, source="kb")
