"""What a customer's chat message asks for, for the offline agent: its intents, read from the vocabulary's
phrases in every language, with the yes and the no of a confirmation kept only where they answer."""

from __future__ import annotations

import re

from concierge.conversations.message_spans import blanked
from concierge.conversations.message_words import NEGATIONS, WEEKDAY_WORDS
from concierge.conversations.vocabulary import INTENTS, SAID_WITHIN, Vocabulary
from concierge.tools.faq import normalise

# A thumbs-up or a cross sent alone: the yes or the no of a confirmation.
_EMOJI_ANSWERS = (("👍", "yes"), ("👌", "yes"), ("✅", "yes"), ("✔", "yes"), ("👎", "no"), ("❌", "no"))
_OF_A_DAY = re.compile(
    r"\b(?:my|our) (?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tonight|tomorrow)(?: s)? "
    r"(?:(?:morning|lunch|afternoon|evening|night|dinner) )?(?:booking|reservation|appointment|table)s?\b"
)
# "la prenotazione di sabato", "le rdv de jeudi", "a reserva de sábado": the booking of that day ("per", "pour",
# "para" a day ask for one)
_THE_ONE_OF_A_DAY = re.compile(
    r"\b(?:la prenotazione|il tavolo|l appuntamento|le rdv|le rendez vous|la reservation|a reserva|a marcacao|"
    rf"a consulta|a mesa) (?:di|del|de|du|do|da) (?:{'|'.join(sorted(WEEKDAY_WORDS))}|domani|demain|amanha)\b"
)
_ASKING_FOR_ONE = re.compile(r"\b(?:can|could|may) (?:i|we) have (?:a|an) (?:booking|reservation|table|appointment)\b")
_NOT_BEFORE = NEGATIONS | {"don", "dont"}  # "don't book it"
_NOT_AFTER = frozenset({"not", "non", "no", "nao", "pas"})  # "d'accord mais pas lundi", "sì ma non sabato"
_BEFORE = re.compile(r"\bantes d[aeo]s?\b")  # "antes das 21h" is before 9 pm; "antes" alone, "rather"
# A change "to" a party, day or time ("can we change to 4 people?", "change to Saturday"): a move; "change to the
# tasting menu", "to a booth" move nothing
_CHANGE_TO = re.compile(
    rf"\bchange to (?:\d|(?:{'|'.join(sorted(WEEKDAY_WORDS))})\b"
    r"|(?:tomorrow|tonight|today|noon|midday|next|half|quarter|one|two|three|four|five|six|seven|eight|nine|ten"
    r"|eleven|twelve)\b)"
)
_CLOCK_HOURS = re.compile(r"\b(?:\d{4}|\d{1,2} \d{2}) (?:hours|hrs)\b")  # "at 1930 hours", "19:30 hours": a time


def emoji_answer(text: str, folded: str) -> str | None:
    """ "yes" or "no" for a thumbs-up or a cross sent alone ("👍" to "Shall I book...?")."""
    return None if folded else next((intent for sign, intent in _EMOJI_ANSWERS if sign in text), None)


def is_question(text: str, folded: str) -> bool:
    """A question of more than a word ("Why?" alone is an answer's too)."""
    return text.strip().endswith("?") and len(folded.split()) > 1


def intents_said(text: str, rest: str, folded: str, vocab: Vocabulary) -> set[str]:
    """The intents of the message `text`: `rest` is it without its phone number, `folded` that normalised."""
    intents = {intent for intent in INTENTS if vocab.has(intent, folded)}
    if "cant_come" in intents and "cancel" not in intents:  # "we can't make it, please cancel"
        intents.add("move")  # "we can't make it on Saturday": a move, or a cancellation if they say so
    if vocab.has("cancellations_left", folded):
        intents.add("availability")  # "any cancellations for Saturday?": its free times (no cancel: SAID_WITHIN)
    if _OF_A_DAY.search(folded) or _THE_ONE_OF_A_DAY.search(folded):
        intents.add("mine")  # "my saturday booking", "our friday reservation"
    if "mine" in intents and _ASKING_FOR_ONE.search(folded):
        intents.discard("mine")  # "can I have a booking for tomorrow?" asks for one, not after one
    for phrases, meant_elsewhere in SAID_WITHIN.items():  # "step-free", "cancellation policy", "no problem"
        if vocab.has(phrases, folded):
            outside = normalise(blanked(rest, vocab.phrases[phrases]))
            intents -= {intent for intent in meant_elsewhere if not vocab.has(intent, outside)}
    if vocab.has("angry_unless_hurt", folded) and not any(p.search(folded) for p in vocab.symptoms):
        intents.add("angry")  # "this is terrible", but not "a terrible toothache"
    if _CHANGE_TO.search(folded):
        intents.add("move")  # "can we change to 4 people and 8.30?"
    if "instead" in intents and not vocab.has("instead", _BEFORE.sub(" ", folded)):
        intents.discard("instead")  # "tem alguma coisa antes das 21h?" asks for no change
    if "hours" in intents and not vocab.has("hours", _CLOCK_HOURS.sub(" ", folded)):
        intents.discard("hours")  # "table at 1930 hours" asks for no opening hours
    if "earliest" in intents:
        intents.discard("earlier")  # "le plus tôt possible" is no "plus tôt"
    if "latest" in intents:
        intents.discard("later")
    _answers_kept(intents, text, folded, vocab)
    return intents


def _answers_kept(intents: set[str], text: str, folded: str, vocab: Vocabulary) -> None:
    """The yes and the no kept where they answer. "No sábado" is not a no: an answer is short, or opens the
    message (said from its first two words: "don't book it", "that's fine, thanks"); and a question ("si può
    pagare con carta?", "yes, and is there parking?") confirms nothing."""
    head = len(" ".join(folded.split()[:2]))
    question = is_question(text, folded)
    answers = {
        answer: [match for pattern in vocab.phrases[answer] for match in pattern.finditer(folded)]
        for answer in {"yes", "no"} & intents
    }
    for answer, matches in answers.items():
        if question or (len(folded.split()) > 3 and not any(match.start() < head for match in matches)):
            intents.discard(answer)
    if "wait" in intents:
        intents.discard("yes")  # "ok, hold on", "sì, un attimo": not yet
    if "yes" in intents and _yes_negated(folded, answers["yes"]):
        intents -= {"yes"}
        intents.add("no")  # "non va bene", "pas d'accord", "not sure"


def _yes_negated(folded: str, said: list[re.Match[str]]) -> bool:
    """Whether every yes `said` follows a negation by at most a word ("not sure", "non va bene", "pas d'accord",
    "não pode ser", "non è perfetto") or comes before one ("absolutely not", "certo che no", "claro que não")."""
    return all(
        _NOT_BEFORE.intersection(folded[: match.start()].split()[-2:])
        or _NOT_AFTER.intersection(folded[match.end() :].split()[:2])
        for match in said
    )
