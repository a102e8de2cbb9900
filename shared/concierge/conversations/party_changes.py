"""People added to a party, or taken away, as a customer says it: "2 more people", "add one", "una
persona in meno", "deux de plus", "mais 2 pessoas", "one less", "my sister is coming too".

Read on normalised text with its numbers in digits ("one less" is "1 less"), in the four languages at
once. The answer is signed: added people are positive.
"""

from __future__ import annotations

import re

_PEOPLE = r"(?:people|persons?|guests?|persona|persone|personnes?|pessoas?)"
_N = (
    r"(\d{1,2})(?! ?(?:mins?|minutes?|minuti|minutos|hours?|ore|heures?|horas?|h|days?|giorni|jours?|dias?|quartos?)\b)"
)
_MORE = (
    rf"\b(?:add|aggiung\w*|ajout\w*|acrescent\w*) {_N}(?: more)?(?: {_PEOPLE})?\b",
    rf"\b(?:another|altre|altri|mais) {_N} {_PEOPLE}\b",  # "mais 20 minutos" adds no one
    rf"\b{_N} more {_PEOPLE}\b",
    rf"\b{_N}(?: {_PEOPLE})? (?:in piu|de plus|a mais)\b",
    rf"\b(?:be {_N} more|{_N} more of us)\b(?! (?:mins?|minutes?|hours?|days?)\b)",  # "we'll be 2 more"
    rf"\b(?:ser|seremos|somos) mais {_N}\b",  # "vamos ser mais 2"
)
_FEWER = (
    rf"\b{_N}(?: {_PEOPLE})? (?:less|fewer|in meno|de moins|a menos)\b",
    rf"\b(?:togli\w*|enlev\w*|(?<!\d )menos) {_N}(?: {_PEOPLE})?\b",  # not "às 9 menos 10", an hour
)
# One more person said by who comes: "my sister is coming too", "viene anche mia sorella", "ma sœur vient aussi",
# "a minha irmã também vem" (one person: "my parents are coming too" is no count)
_ONE_MORE_COMING = re.compile(
    r"\b(?:is (?:also )?coming (?:too|as well|with us)|(?:someone|somebody) else is coming|viene anche|si aggiunge"
    r"|vient aussi|se joint a nous|vem tambem|tambem vem|junta se a nos)\b"
)
_ONE_PERSON = re.compile(r"\b(?:una|uno|un|une|uma|um|a|one) (?=(?:persona|personne|pessoa|person)\b)")


def party_change(text: str) -> int | None:
    """The signed number of people the words add to a party, or None when they change no party."""
    text = _ONE_PERSON.sub("1 ", text)  # "una persona in meno"
    for patterns, sign in ((_MORE, 1), (_FEWER, -1)):
        for pattern in patterns:
            if match := re.search(pattern, text):
                return sign * int(match.group(1))
    return 1 if _ONE_MORE_COMING.search(text) else None
