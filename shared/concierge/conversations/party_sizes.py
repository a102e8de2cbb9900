"""How many people a message says: a count with its unit or its lead ("4 persone", "for 4"), adults and
children added up, "me and 3 friends", a party said without a number ("just me", "me and my wife"), and
the answer to "how many?" ("6", "about 6", "6 or 7", "a couple"); the number a party changes to ("the number
of people to 5")."""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from concierge.conversations.name_words import FOR_WORDS
from concierge.conversations.message_words import (
    ANSWER_FILLERS,
    BUT_WORDS,
    CORRECTION_WORDS,
    LEAD_ADVERBS,
    NOW_WORDS,
)
from concierge.conversations.vocabulary import Vocabulary, vocabulary
from concierge.parsing.text import with_digits

_ONE = r"a|an|un|una|uno|une|um|uma"  # "2 adults and a baby": one child
_ME = r"(?:me|myself|io|moi|eu|mim)\b"
_AND = r" (?:and|e|et|plus|with|con|avec|com)? ?"
_MY = r"my |mes |i miei |le mie |miei |mie |os meus |as minhas |meus |minhas "
_A_GROUP = re.compile(r" (?:group|gruppo|groupe|grupo)\b")  # "siamo un gruppo di 8": "un" counts no one
_OUR = r"(?:our|the|i nostri|le nostre|i|le|nos|les|os nossos|as nossas|os|as) "
_TWO = re.compile(r"(?:a couple|una coppia|un couple|um casal|(?:the )?(?:2|two) of us)$")  # with no number


class _PartyPatterns(NamedTuple):
    """The patterns that read a party, built once from the vocabulary's words."""

    article_one: re.Pattern[str]  # "per un compleanno": an article before a thing, not a party of one
    glued: re.Pattern[str]  # "4ppl", "6pax"
    adults: re.Pattern[str]
    children: re.Pattern[str]
    me_and: re.Pattern[str]  # "me and 3 friends"
    and_me: re.Pattern[str]  # "3 amis et moi"
    with_others: re.Pattern[str]  # "with 2 friends": they and the one writing
    counts: tuple[re.Pattern[str], re.Pattern[str]]  # "4 persone", "for 4"
    more: re.Pattern[str]  # "+ un bambino" after the party
    two_and_more: re.Pattern[str]  # "… and our 2 kids" after two said without a number ("a couple", "2 of us")


@functools.cache
def _party_patterns() -> _PartyPatterns:
    vocab = vocabulary()

    def any_of(*keys: str) -> str:
        return "|".join(re.escape(word) for key in keys for word in vocab.intro_words[key])

    units = any_of("people_units")
    leads = "|".join(re.escape(u) for u in sorted(vocab.intro_words["people_leads"], key=len, reverse=True))
    not_a_time = (  # nor "for 7:30" ("for 7 30" once folded; "for 4 20:00" is a party), "for 8 o'clock"
        r"(?! ?(?:h|am|pm|heures?|horas?|ore|hours?|minutes?|minuti|minutos|min|days?|giorni|jours?|"
        r"dias|dia(?! \d)|weeks?|settimane|semaines?|semanas?|o ?clock|times|volte|fois|vezes)\b| [0-5]\d\b(?! \d))"
    )  # "para 2 dia 5": 2 people, on the 5th
    return _PartyPatterns(
        article_one=re.compile(rf"\b((?:{leads}) )(?:un|una|uno|une|um|uma)\b(?= \w)(?! (?:{units})\b)"),
        glued=re.compile(rf"\b(\d{{1,2}})({units})\b"),
        adults=re.compile(rf"\b(\d{{1,2}}|{_ONE}) (?:{any_of('party_adults')})\b"),
        children=re.compile(rf"\b(\d{{1,2}}|{_ONE}) (?:{any_of('party_children')})\b"),
        me_and=re.compile(
            rf"\b{_ME}{_AND}(?:{_MY})?(\d{{1,2}}) (?:{any_of('party_others')})\b"
            rf"|\b{_ME} (?:(?:and|e|et) )?(?:plus|piu|mais|altri|altre|others|autres|outros|outras) (\d{{1,2}})\b"
        ),  # "me and 3 friends", "me plus 3", "per me e altri 3", "para mim e mais 3"
        and_me=re.compile(rf"\b(\d{{1,2}}) (?:{any_of('party_others')}) (?:and|e|et) {_ME}"),
        with_others=re.compile(rf"\b(?:with|con|avec|com) (?:{_MY})?(\d{{1,2}}) (?:{any_of('party_others')})\b"),
        counts=(
            re.compile(rf"\b(\d{{1,2}}) (?:{units})\b"),
            re.compile(rf"\b(?:{leads}) (?:(?:{'|'.join(LEAD_ADVERBS)}) )?(\d{{1,2}})\b{not_a_time}"),  # "we're now 6"
        ),
        more=re.compile(  # "+ un bambino", "+ 2 kids", "for 2 + 1"
            rf"(?: (?:{units}))? (?:plus|piu|mais) (?:(\d{{1,2}})(?! ?(?:h|am|pm|ore|horas?|heures?)\b)|({_ONE}) "
            rf"(?:{any_of('party_adults', 'party_children', 'party_others')})\b)"
        ),
        two_and_more=re.compile(
            rf" (?:and|e|et|with|con|avec|com) (?:{_OUR})?(\w+) (?:{any_of('party_children', 'party_others')})\b"
        ),
    )


# Counts of people said as a group of them ("a dozen", "una decina": about ten, booked as ten); "half a
# dozen" before "a dozen".
_GROUP_COUNTS = {
    "half a dozen": "6", "mezza dozzina": "6", "une demi douzaine": "6", "meia duzia": "6",
    "a dozen": "12", "una dozzina": "12", "une douzaine": "12", "uma duzia": "12",
    "una decina": "10", "une dizaine": "10", "uma dezena": "10", "una quindicina": "15", "une quinzaine": "15",
    "una ventina": "20", "une vingtaine": "20", "uma vintena": "20",
}  # fmt: skip
_GROUP_COUNT = re.compile(r"\b(?:" + "|".join(sorted(_GROUP_COUNTS, key=len, reverse=True)) + r")\b")


def _counted(folded: str) -> str:
    """ "a table for a dozen", "siamo una decina": the count as digits."""
    return _GROUP_COUNT.sub(lambda match: _GROUP_COUNTS[match.group()], folded)


class PartySaid(NamedTuple):
    """The party a message says, and the number said after "for" that is its hour rather than the party ("a
    table for 2 for 8", "book me in for 7 on Friday, 2 people")."""

    people: int | None
    hour: int | None = None


def party_size(folded: str, locale: str, vocab: Vocabulary, bare: bool, time_too: bool = False) -> int | None:
    """The party said; with `bare` (it was asked for), a number alone too, or said approximately ("about 6",
    "6 or 7") unless the time was asked for as well ("around 8" is then the hour), or in words ("a couple")."""
    return party_said(folded, locale, vocab, bare, time_too).people


def party_said(folded: str, locale: str, vocab: Vocabulary, bare: bool, time_too: bool = False) -> PartySaid:
    """The party said (`party_size`), with the hour said after "for" if one was."""
    p = _party_patterns()
    folded = _counted(folded)  # "una decina di persone": 10, before "una" is read as an article
    if (added := _added_to_two(folded, locale, vocab)) is not None:
        return PartySaid(2 + added)  # "me and my wife and our 2 kids", "somos um casal e 2 filhos"
    couple = _A_COUPLE.search(folded)  # "table for a couple", "siamo una coppia"; not "a couple of hours"
    folded = p.article_one.sub(r"\1_", folded)  # "per un compleanno", "pour une fête" ("per una persona" is one)
    text = re.sub(r"\bx(\d{1,2})\b", r"x \1", with_digits(folded, locale))  # "x4", as "x 4"
    text = p.glued.sub(r"\1 \2", text)  # "4ppl", "6pax", as "4 ppl"
    adults, children = p.adults.search(text), p.children.search(text)
    if adults and children:  # "2 adulti e 2 bambini", "2 adults and a baby"
        return PartySaid(sum(int(count) if count.isdigit() else 1 for count in (adults.group(1), children.group(1))))
    if match := p.me_and.search(text) or p.and_me.search(text):
        return PartySaid(int(match.group(1) or match.group(2)) + 1)  # "me and 3 friends", "3 amis et moi"
    # The first count said is the party: "a table for 2, two of us are vegetarian"; "one of us" never is one.
    found = [
        match
        for pattern in p.counts
        for match in pattern.finditer(text)
        if not match.group().startswith("1 of us") and not _A_GROUP.match(text, match.end())
    ]
    if found:
        corrected = [match for match in found if _corrected(text, match) or _NOW_AFTER.match(text, match.end())]
        first = max(corrected, key=lambda m: m.start(1)) if corrected else min(found, key=lambda m: m.start(1))
        lead, first = first, _counted_later(text, first, found) or first
        if other := _OR_ANOTHER.match(text, first.end()):
            return PartySaid(max(int(first.group(1)), int(other.group(1))))  # "per 2 o 3", "we'll be 5 or 6": the more
        perhaps = [
            int(m[1]) for m in found if m is not first and _PERHAPS.search(text, max(0, m.start() - 10), m.end())
        ]
        if perhaps and not corrected:  # "table for 8 …, we might be 9": the more, as with "8 or 9"
            return PartySaid(max(int(first.group(1)), *perhaps))
        more = p.more.match(text, first.end())
        added = (int(more.group(1)) if more.group(1) else 1) if more else 0
        hour = int(lead[1]) if first is not lead else _hour_for(found, first)
        return PartySaid(int(first.group(1)) + added, hour)  # "siamo in 3 + un bambino": 4
    if match := p.with_others.search(text):
        return PartySaid(int(match.group(1)) + 1)  # "can I come at 8 with 2 friends?", no count of its own: 3
    if said_without_number := next((size for size, words in vocab.parties.items() if words.search(folded)), None):
        return PartySaid(said_without_number)  # "just me", "me and my wife"
    if couple:
        return PartySaid(2)
    said = [word for word in text.split() if word not in ANSWER_FILLERS]  # "ok 10 then", "allora 6"
    if bare and (match := _ABOUT_A_PARTY.fullmatch(" ".join(said))) and not (time_too and said[0] != match[1]):
        return PartySaid(max(int(count) for count in match.groups() if count))  # "6", "about 6", "6 or 7": the more
    plain = " ".join(word for word in folded.split() if word not in ANSWER_FILLERS)
    if bare and _A_COUPLE_ANSWERED.fullmatch(plain):
        return PartySaid(2)  # "a couple" ("half a dozen" is 6 above, as the digits it was read as)
    return PartySaid(None)


def _hour_for(found: list[re.Match[str]], party: re.Match[str]) -> int | None:
    """ "For 8" said after the party ("a table for 2 for 8"): 8, the hour."""
    later = (match for match in found if match.start() > party.end() and match[1] != party[1] and _after_for(match))
    return next((int(match[1]) for match in later), None)


def _after_for(count: re.Match[str]) -> bool:
    """Whether `count` is a number from 1 to 23 said just after "for" ("for 7", "a table for 7")."""
    words = count.group().split()
    return len(words) > 1 and words[-2] in FOR_WORDS and 1 <= int(count[1]) <= 23


def _counted_later(text: str, first: re.Match[str], found: list[re.Match[str]]) -> re.Match[str] | None:
    """A count with its unit said after "for 7" ("book me in for 7 on Friday, 2 people", "a table for 7 on
    Friday, 2 people"): the party, the 7 its hour. Not one said of some of the party ("a table for 4, 2 people
    are vegetarian", "for 6, 4 adults")."""
    if not _after_for(first):
        return None
    later = (
        match
        for match in found
        if match.start(1) > first.end(1)
        and match.group(1) not in (first.group(1), "1")  # "… but one person might be late": one of them
        and _A_UNIT_OF_ALL.search(match.group())
        and _OF_SOME.match(text, match.end()) is None
        and not _a_range(text, first, match)
    )
    return next(later, None)


def _a_range(text: str, low: re.Match[str], high: re.Match[str]) -> bool:
    """Whether `high` ends a range of people that `low` starts ("for 2 to 4 people", "for 4 or 5 people")."""
    between = text[low.end() : high.start()].split()
    return bool(between) and set(between) <= _RANGE_WORDS


def _corrected(text: str, count: re.Match[str]) -> bool:
    """Whether `count` is said after words that correct the party ("make it 4", "but we'll be 6"); one said after
    a "but" is one of them ("for 6 but one person might be late"), never the party."""
    said = [word.group() for word in _CORRECTED.finditer(text, max(0, count.start() - 30), count.start())]
    return bool(said) and not (said[-1] in BUT_WORDS and count.group(1) == "1")


def _added_to_two(folded: str, locale: str, vocab: Vocabulary) -> int | None:
    """The children or others said after two said without a number ("me and my wife and our 2 kids", "a couple
    and 2 kids", "2 of us and a baby"): how many they are."""
    for more in _party_patterns().two_and_more.finditer(folded):
        before = folded[: more.start()]
        two = vocab.parties[2].search(before)
        if _TWO.search(before) or (two is not None and two.end() == len(before)):
            count = more.group(1)
            digits = with_digits(count, locale)
            return int(digits) if digits.isdigit() else 1 if re.fullmatch(_ONE, count) else None
    return None


_OR_ANOTHER = re.compile(  # "6 or 7", "6, possibly 7"; not "for 2 or 8pm"
    r" (?:or|o|ou|oppure|possibly|maybe|perhaps|forse|peut etre|talvez|eventualmente)(?: even)? (\d{1,2})\b"
    r"(?! ?(?:[:.h]\d|h\b|am\b|pm\b)| \d)"  # nor "maybe 7:30", folded as "7 30"
)
_A_COUPLE = re.compile(r"\b(?:a couple|una coppia|un couple|um casal)\b(?! (?:of|di|de|d|more)\b)")
# Words that correct the party said before: "for 2 at 8 - actually make it 4 people", "per 2, anzi per 3", "I
# booked for 4 but we'll be 6".
_CORRECTED = re.compile(rf"\b(?:make it|make that|i mean|{'|'.join(sorted(CORRECTION_WORDS | BUT_WORDS))})\b")
_A_UNIT_OF_ALL = re.compile(r" (?!adult)[^\W\d]+$")  # "2 people", not "4 adults" (some of them), nor "for 2"
_RANGE_WORDS = frozenset({"to", "or", "a", "o", "ou", "and", "e", "et"})
_OF_SOME = re.compile(
    r" (?:of them|are|is|will|would|can|could|may|might|need|sono|sont|sao|vont|vanno|vao|voglio|want)\b"
)
_PERHAPS = re.compile(r"\b(?:might|may|probably|possibly|maybe|perhaps|forse|potremmo|peut etre|talvez)\b")
_NOW_AFTER = re.compile(rf"(?: of us| people)? (?:{'|'.join(sorted(NOW_WORDS))})\b")  # "one dropped out, we're 3 now"

# A party given as the answer to "how many?": a number, perhaps approximate, or two ("6 or 7": the larger).
_ABOUT_A_PARTY = re.compile(
    r"(?:(?:about|around|roughly|maybe|probably|circa|forse|verso|environ|peut etre|cerca de|uns|umas|talvez) )?"
    r"(\d{1,2})(?: (?:or|o|ou|to|a) (\d{1,2}))?(?: (?:people|persone|personnes|pessoas))?"
)
_A_COUPLE_ANSWERED = re.compile(r"(?:a )?couple|(?:una |in )?coppia|un couple|(?:um )?casal")  # the whole answer


# The number the party changes to, said after the words for it: "change the number of people on my booking to 5",
# "il numero di persone a 6", "le nombre de personnes à 6", "o número de pessoas para 6" (not "…to 5pm").
_NUMBER_OF_PEOPLE = re.compile(
    r"\b(?:number of (?:people|guests)|party size|numero di persone|nombre de personnes|n[uú]mero de pessoas)\b"
    r".{0,40}?\b(?:to|a|à|para)\s+\d{1,2}\b(?!\s*(?:[:.h]\d|am\b|pm\b|h\b|o'?clock|ore\b|heures?\b|horas?\b))",
    re.IGNORECASE,
)


def with_party_counted(text: str) -> str:
    """`text` with "people" after the number a party changes to, said after the words for it."""
    return _NUMBER_OF_PEOPLE.sub(r"\g<0> people", text)
