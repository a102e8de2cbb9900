"""What a message asks besides the booking itself: a restaurant guest's request, written as the booking's note
("one of us is allergic to nuts"), and a patient's symptom, the visit's reason ("mal aux dents")."""

from __future__ import annotations

import re

from concierge.conversations.message_spans import fold_same_length
from concierge.conversations.message_words import BUT_WORDS, RELATIVE_DAYS, WEEKDAY_WORDS
from concierge.conversations.vocabulary import Vocabulary


def special_request(text: str, vocab: Vocabulary) -> str | None:
    """The parts of the message that ask for something besides the table, as written ("one of us is
    allergic to nuts"); in a part that says the booking first, from the request on ("a table for two
    at 8 for my wife's birthday", "I want to book for my wife's birthday": "for my wife's birthday"). A
    question with no booking in it ("do you have a high chair?") is asked, not requested."""
    parts = []
    for part in re.split(r"[,;!?\n]+|\.(?!\d)|\s[-–—]\s(?=\d)", text):  # "… birthday - 8 people Saturday 7pm"
        folded = fold_same_length(part)
        starts = [m.start() for pattern in vocab.special_requests if (m := pattern.search(folded))]
        if not starts:
            continue
        start = min(starts)
        # the booking said before it ("… at 8", "I want to book"): the request is what follows,
        if re.search(r"\d", part[:start]) or vocab.has("book", folded[:start]):
            cut = start  # from the word that opens it ("for my wife's birthday", "pour l'anniversaire")
            before = list(re.finditer(r"\S+", part[:start]))
            counted = before[-1:] and before[-1].group().lstrip("(").isdigit()
            if counted and (len(before) < 2 or before[-2].group().lower() not in _BEFORE_A_NUMBER):
                cut = before[-1].end() - len(before[-1].group().lstrip("("))  # "2 vegetarians", not "at 8 vegan"
            for word in reversed(before[-4:]):
                if re.search(r"\d", word.group()) and not _AN_AGE.fullmatch(word.group()):
                    break  # the booking's number; "my dad's 70th birthday" keeps its 70th
                if word.group().strip("'’").lower() in _REQUEST_OPENERS:
                    cut = word.start()
            part = part[cut:]
        if then := _BOOKING_AFTER.search(fold_same_length(part), 1):
            part = _without_leads(part[: then.start()])  # "all'aperto per sabato alle 13 per 4": the booking after it
        parts.append(_BUT_FIRST.sub("", _LABEL.sub("", part.strip(" ()[]"))))
    return "; ".join(parts)[:200] or None


# The booking's day or hour said after the request ("… per sabato alle 13"), and the words that lead to it.
_BOOKING_AFTER = re.compile(
    rf"\b(?:{'|'.join(sorted(WEEKDAY_WORDS | RELATIVE_DAYS.keys() - {'now'}))}|tonight|stasera|ce soir"
    rf"|aujourd hui|logo a noite)\b|\b(?:at|alle|ore|a|as) \d(?!\d*(?:st|nd|rd|th)\b)"  # not "a 40th birthday"
)
_LEADS = frozenset("for on this next per il pour le ce para o no na a".split())


# The party said at the end of what comes before the booking's day: "by the window for 2 (people)"
_PARTY_LAST = re.compile(
    r"\s+(?:for|per|pour|para|x)\s+\d{1,2}(?:\s+(?:people|persons|guests|ppl|pax|persone|personnes|pessoas))?\s*$",
    re.IGNORECASE,
)


def _without_leads(text: str) -> str:
    """`text` without the few words at its end that lead to what was cut after it ("all'aperto per"), and
    without a party said there ("by the window for 2 on friday": the note is "by the window")."""
    text = _PARTY_LAST.sub("", _without_lead_words(text))
    return _without_lead_words(text)


def _without_lead_words(text: str) -> str:
    for _ in range(3):
        head, _space, last = text.rstrip().rpartition(" ")
        if not head or fold_same_length(last) not in _LEADS:
            break
        text = head
    return text


_BEFORE_A_NUMBER = frozenset("at for alle per a à às as pour para x of di de".split())  # an hour's or a party's
_AN_AGE = re.compile(r"\d{1,3}(?:st|nd|rd|th|e|eme|esimo|o|º)", re.IGNORECASE)
# The words that open a request after the booking ("for my wife's birthday", "con un seggiolone", "but one
# person might be late": the "but" is not written).
_REQUEST_OPENERS = frozenset("for with by pour avec per con para com".split()) | BUT_WORDS
_BUT_FIRST = re.compile(rf"^(?:{'|'.join(BUT_WORDS)})\s+", re.IGNORECASE)
# The label a form-like message puts before its request: "Notes: window seat", "Richieste: seggiolone"
_LABEL = re.compile(
    r"^(?:notes?|requests?|special requests?|remarks?|comments?|note|richieste?|osservazioni|remarques?"
    r"|demandes?|observa[cç](?:ão|ao|ões|oes)|pedidos?)\s*:\s*",
    re.IGNORECASE,
)


def symptom(text: str, vocab: Vocabulary) -> str | None:
    """What the patient says is wrong, as they wrote it ("mal aux dents", "Toothache")."""
    folded = fold_same_length(text)
    found = next((m for pattern in vocab.symptoms if (m := pattern.search(folded))), None)
    return text[found.start() : found.end()] if found else None
