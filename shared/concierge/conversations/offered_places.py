"""A time just offered, or a booking just listed, picked by its place in the list: "the first one", "la
seconda", "le dernier", "o terceiro", "the 2nd please".

Read on normalised text (lower case, no accents, no punctuation), in the four languages at once, only
when the whole message is the pick, with at most the verb of taking it ("prendo il primo"): "il primo
dicembre" is a day, not the first time offered. The Portuguese "segunda" and "quarta" are also Monday and
Wednesday, the Italian "prima" also "earlier", and "later" asks for later times: they pick only after an article
("a segunda", "la prima", "the later one"; "a later one" asks for more). The answer is an index into the list (-1
for the last).
"""

from __future__ import annotations

import re

_PLACES = {
    0: "first 1st prima primo premier premiere 1er 1re primeiro primeira",
    1: "second 2nd seconda secondo deuxieme seconde 2e 2eme segundo segunda",
    2: "third 3rd terza terzo troisieme 3e 3eme terceiro terceira",
    3: "fourth 4th quarta quarto quatrieme 4e 4eme",
    -1: "last ultima ultimo dernier derniere",
}
# Of times, which are offered in their order, after an article: "the later one", "quello più tardi", "o mais cedo".
_BY_TIME = {
    0: ("earlier", "earliest", "piu presto", "plus tot", "mais cedo"),
    -1: ("later", "latest", "piu tardi", "plus tard", "mais tarde"),
}
_INDEX = {word: index for index, words in _PLACES.items() for word in words.split()}
_INDEX |= {words: index for index, said in _BY_TIME.items() for words in said}
# Words that pick only after an article: "segunda" and "quarta" are Monday and Wednesday in Portuguese, "prima?"
# alone asks for earlier times in Italian ("la prima" is the first), and so does "later?" in any language.
_NEED_ARTICLE = {"segunda", "quarta", "prima"} | {words for said in _BY_TIME.values() for words in said}
_NEED_THE = {"earlier", "earliest", "later", "latest"}  # "a later one?" asks for times later than those
_PICK = re.compile(
    r"(?:(?:ok|okay|yes|si|oui|sim|va bene|d accord) )?"
    # "I'll take the first one", "prendo il primo", "je prends le premier", "fico com o primeiro"
    r"(?:(?:i ll|i will|we ll|we will|let s|i d|we d) (?:take|have|go for|go with|do|like) |(?:take|go for) "
    r"|(?:prendo|prendiamo|vorrei|facciamo|je prends|on prend|je vais prendre|je veux|je voudrais|nous prenons"
    r"|fico com|ficamos com|quero|queria|vou querer|pode ser) )?"
    r"(?P<article>(?:the|la|il|le|l|o|a|lo|quello|quella|celui|celle) )?(?P<place>(?:(?:piu|plus|mais) )?[a-z0-9]+)"
    r"(?: (?:one|option|time|slot|opzione|orario|option|creneau|horaire|opcao|horario))?"
    r"(?: (?:please|per favore|grazie|s il vous plait|svp|merci|por favor|obrigad[oa]))?"
)

_ACTING = re.compile(
    r"^(?:please )?(?:cancel|move|change|annulla|cancella|disdici|sposta|annule|annulez|annuler|deplace|deplacez|"
    r"decale|decalez|cancela|cancele|cancelar|muda|mude|mudar|desmarca|desmarque)\s+"
)

# "Whichever", "peu importe", "tanto faz", "any time": any of the times offered will do, so the first is taken;
# said to "what time?", the day's free times are offered.
_ANY = re.compile(
    r"(?:(?:ok|okay|oh|si|oui|sim|yes) )?(?:any|any of them|any one|anyone|whichever|either|either one|"
    r"(?:it )?doesn t matter|(?:i )?don t mind|any is fine|any of them is fine|qualsiasi|uno qualsiasi|"
    r"e uguale|fa lo stesso|indifferente|n importe lequel|n importe laquelle|peu importe|ca m est egal|"
    r"qualquer|qualquer um|qualquer uma|tanto faz|e igual|any ?time(?: is fine)?|whenever|whatever|"
    r"(?:a )?qualsiasi ora|quello che c e|quello che avete|(?:a )?n importe quelle heure|n importe quand|"
    r"(?:a )?qualquer hora|o que houver|o que tiver)"
)


def any_picked(normalised: str) -> bool:
    """Whether the message leaves the choice of the time to the venue."""
    return _ANY.fullmatch(normalised) is not None


def place_picked(normalised: str, acting: bool = False) -> int | None:
    """The index of the offered time the message picks by its place, or None when it picks none; `acting`, of
    bookings listed, with the verb of what is done to it before ("cancel the second one", "sposta la prima")."""
    if acting:
        normalised = _ACTING.sub("", normalised, count=1)
    match = _PICK.fullmatch(normalised)
    if match is None or (place := match["place"]) not in _INDEX:
        return None
    if place in _NEED_ARTICLE and not match["article"] or place in _NEED_THE and match["article"] != "the ":
        return None
    return _INDEX[place]
