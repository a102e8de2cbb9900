"""How the offline agent finds the customer's name in a message: after the words that introduce one
("mi chiamo", "au nom de"), between commas, or as the whole answer to the name asked for (at the message's
end, after the booking or as its signature: `names_written_last`)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import TypeVar

from concierge.conversations.message_spans import fold_same_length
from concierge.conversations.message_words import (
    MONTH_WORDS,
    PART_WORDS,
    RELATIVE_DAYS,
    SHORT_EN_WEEKDAYS,
    SHORT_MONTH_WORDS,
    WEEKDAY_WORDS,
    time_tokens,
)
from concierge.conversations.name_words import (
    ARTICLES,
    CLAUSE_OPENERS,
    FIRST_NAMES_AMONG_STOPS,
    FUNCTION_WORDS,
    HESITATIONS,
    INTENTS_OF_A_SURNAME,
    NAME_STOP,
    NEVER_IN_A_NAME,
    NEVER_NAMES,
    PARTICLES,
    REPLIES,
    SAID_OF_ONESELF,
    SPOKEN_TITLES,
    SURNAME_PARTICLES,
    TITLES,
)
from concierge.conversations.surname_particles import NAME_WORD, lead_a_surname, particles_of_a_surname
from concierge.conversations.vocabulary import INTENTS, Vocabulary
from concierge.speech.names import MONTHS
from concierge.tools.faq import normalise

T = TypeVar("T")
MOST_NAME_WORDS = 5  # "Ana Maria Sousa Ferreira Lopes", particles ("da", "de la") aside

# The words before a name said of oneself ("I'm Tom", "c'est Marie", "sono Mario", "aqui é o João"): no name
# starts with them.
_SAID_FIRST = (
    r"^\s*(?:(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening)|ciao|salve|buongiorno|buonasera|bonjour|"
    r"bonsoir|salut|ol[aá]|oi|bom dia|boa tarde|boa noite|and|e|et)[,!]?\s+)?"  # "hi it's Tom"
    r"(?P<self>i['’]?m|i am|it['’]?s|it is|this is|here is|c['’]est|moi c['’]est|je suis|ici|(?:io )?sono|qui [eè]|"
    r"parla|sou(?: [oa])?|(?:aqui |daqui )?fala(?: [oa])?|(?:aqui )?[ée] [oa]|aqui [ée]|[èé])\s+"
)  # "parla Marco Rossi", "fala a Joana": who speaks, on the phone
_SELF_INTRO = re.compile(
    rf"{_SAID_FIRST}|(?<!\s)\s+(?:here|qui|ici|aqui|[àa] l['’]appareil)\s*$",  # or after it: "Tom here", "Marco qui"
    re.IGNORECASE,
)
_SELF_INTRO_FIRST = re.compile(_SAID_FIRST, re.IGNORECASE)
# Or within a message typed with no stop, just before a capital: "can I book a table I'm Olivia for 2 at 8",
# "je voudrais un rendez-vous je suis Karim Haddad pour un contrôle", "un tavolo sono Giulia siamo 5".
_SELF_INTRO_WITHIN = re.compile(
    r"(?<=\s)(?<!not )(?<!non )(?<!nao )(?<!não )(?P<self>(?i:i['’]?m|i am|je suis|sono|sou(?: [oa])?))\s+(?=[A-ZÀ-Ý])"
)  # not "non sono Sicuro"


def looks_like_name(text: str) -> bool:
    """ "Karim Haddad", "rui": yes; "mal aux dents", "visite annuelle": no."""
    words = text.strip().strip(".!").split()
    if not 1 <= len(words) <= 4 or not all(NAME_WORD.fullmatch(w) for w in words):
        return False
    if words[0].lower() in HESITATIONS | REPLIES:
        return False
    if all(w[:1].isupper() for w in words):
        return True
    return len(words) == 1 and words[0].lower() not in FUNCTION_WORDS


def name_segment(text: str, vocab: Vocabulary, is_day: Callable[[str], bool]) -> str | None:
    """A capitalised name between commas, as in "Amina Benali, demain 9h, contrôle" (one word only when
    last, "..., Bianchi", or after a comma, "…, Luca, è il nostro anniversario": a capital a keyboard does
    not set there; starting a sentence, "Lee" may as well be "Sorry" or "Outside"), or after a question ("a
    table for 2 at 7pm? Carol White"); a question itself names nobody ("Is There Parking?")."""
    questions_cut = re.sub(r"(?:[^,;.\n?!]|\.(?=\d))*\?", "\n", text)  # "…, Tom Baker. Is that ok?": the question
    cut = _segments(questions_cut)
    if len(cut) < 2:
        return None
    segments = [(seg, comma) for seg, comma in cut if seg]  # "…, Luca, 347 1234567": its number out, Luca is last
    for index, (said, after_comma) in enumerate(segments):
        segment = _SPOKEN_TITLE.sub("", without_self_intro(said))  # "alle 21, sono Pino", "…, la signora Bianchi"
        words = segment.split()
        last = index == len(segments) - 1
        own = segment != _SPOKEN_TITLE.sub("", said)  # said as one's own: "I'm Tom, …", "sono Marco, …"
        if own and normalise(words[0]) in SAID_OF_ONESELF:
            continue  # "I am Late, …": no Mr Late
        own = own or a_name_not_a_month(words[0])  # "…, alle 20, Marco": no "março"
        chosen = last or segment != said or after_comma
        month = not own and normalise(words[0]) in MONTH_WORDS  # "…, December, …": when; "sono Marco": who
        one_word = chosen and len(words) == 1 and not month
        one_word_name = one_word and bool(NAME_WORD.fullmatch(words[0])) and words[0][:1].isupper()
        # A full name said as one's own, and words after it: "…, and it's Tom Baker actually"
        said_capitalised = own and len(words) > 1 and words[0][:1].isupper() and words[1][:1].isupper()
        if not (capitalised_name(words) or one_word_name or said_capitalised):  # "…, Bianchi": a surname last
            continue
        if says_something_else(segment, vocab) and not said_capitalised:
            continue
        if not own and any(normalise(w) in NEVER_IN_A_NAME for w in words if w.lower() not in SURNAME_PARTICLES):
            continue  # "…, Near The Window": no name has "The" ("Marco De Luca" has "De")
        name = name_at_start(segment)
        if name and not _a_day(segment, is_day, own) and not says_something_else(name, vocab):
            return name
    return None


_WRITTEN_MONTHS = frozenset(name.lower() for names in MONTHS.values() for name in names)  # "march", "março"


def a_name_not_a_month(word: str) -> bool:
    """A capitalised word that is a month only once its accents are gone ("Marco", "março"): a name. Months
    are written in lower case but in English, and lower case "marco" may be "março" typed plainly."""
    return word[:1].isupper() and word.lower() not in _WRITTEN_MONTHS and normalise(word) in MONTH_WORDS


def _a_day(segment: str, is_day: Callable[[str], bool], own: bool) -> bool:
    """Whether a capitalised segment names a day. Said as one's own name, a month alone does not: "sono
    Marco" is no "março", "I'm April" no month; a weekday, "tomorrow" or a number still does ("it's Friday")."""
    if own and not re.search(r"\d", segment) and not _DAY_WORDS.intersection(normalise(segment).split()):
        return False
    return is_day(segment)


def says_something_else(words: str, vocab: Vocabulary) -> bool:
    """Capitalised words that are no name: an intent ("Thank You"), a care type ("Détartrage"), a request
    ("…, Vegetarian, …", "…, Birthday")."""
    folded = normalise(words)
    of_a_surname = INTENTS_OF_A_SURNAME if " " in folded else frozenset()  # "…, Megan Price" is a name
    return (
        any(vocab.has(intent, folded) for intent in INTENTS if intent not in of_a_surname)
        or any(p.search(folded) for patterns in vocab.care_types.values() for p in patterns)
        or any(p.search(folded) for p in vocab.special_requests)
    )


def said_of_oneself_first(text: str, vocab: Vocabulary, is_day: Callable[[str], bool]) -> str | None:
    """A capitalised name said of oneself as the message opens, with no comma after it ("hi I'm Sam Lee I'd like
    a table…", "ciao sono Mario Rossi vorrei…", "bonjour je suis Karim Haddad je voudrais…"), or within it just
    before its capital ("… a table I'm Olivia for 2"); not a day ("it's Friday")."""
    intro = _SELF_INTRO_FIRST.match(text) or _SELF_INTRO_WITHIN.search(text)
    rest = _SPOKEN_TITLE.sub("", text[intro.end() :]) if intro else ""  # "sono la signora Bianchi vorrei…"
    if intro is None or not rest[:1].isupper():
        return None
    name = _capitals_only(name_at_start(rest))  # "this is Sam Lee calling about…": Sam Lee
    if name is None or _a_day(name, is_day, own=True) or normalise(name.split()[0]) in SAID_OF_ONESELF:
        return None
    said = f"{text[intro.start('self') : intro.end()]}{name}"  # "I'm Late": running late, no Mr Late
    return None if says_something_else(said, vocab) else name


def _capitals_only(name: str | None) -> str | None:
    """`name` up to its first word written small that is no surname particle ("Maria da Silva" is whole)."""
    if name is None:
        return None
    words = name.split()
    kept = next((i for i, word in enumerate(words) if word.islower() and word not in SURNAME_PARTICLES), len(words))
    return " ".join(words[:kept]) or None


def without_self_intro(text: str) -> str:
    """`text` without the words that say a name is one's own: "I'm Tom", "Tom here" are Tom."""
    return _SELF_INTRO.sub("", text)


# A title said in words before a name, as "a nome della signora Bianchi" drops it: "la signora Bianchi", "o senhor
# Costa", "madame Dupont" name Bianchi, Costa, Dupont ("Mrs Smith", "Mme Dupont" keep theirs).
_SPOKEN_TITLE = re.compile(
    rf"^\s*(?:(?:la|il|le|o|a|the)\s+)?(?:{'|'.join(SPOKEN_TITLES)})\s+(?=[A-ZÀ-Ý])", re.IGNORECASE
)

# "é para Ana", "è per Rossi", "just John", "solo Marco", "juste Paul", "só Ana"
_FOR = re.compile(r"^\s*(?:[éè]\s+)?(?:for|per|pour|para(?: [oa])?|just|solo|juste|só|so)\s+", re.IGNORECASE)


def answered_name(text: str) -> str:
    """The name in an answer to "what name?": "it's for Priya Patel", "c'est pour Marie", "é para Ana"."""
    return _FOR.sub("", without_self_intro(text), count=1)


_RENAMED = re.compile(r"\b(?:name|nome|nom)\s+(?:to|in|a|en|para|pour|par)\s+(.+)", re.IGNORECASE)


def new_name(text: str) -> str | None:
    """The name a booking's is to change to: "change the name to Ann Smith", "cambiare il nome in Rossi"."""
    said = _RENAMED.search(text)
    return name_at_start(said.group(1)) if said else None


def capitalised_part(said: str) -> str:
    """Words that capitalise a name after up to three words written small: from the name on ("call it Mike",
    "põe Joana", "should be Jane Smith"), with the particles of its surname ("de la Cruz")."""
    words = said.split()
    counted = [i for i, word in enumerate(words) if word not in SURNAME_PARTICLES][:4]  # "call it de la Cruz"
    capital = next((i for i in counted if words[i][:1].isupper()), 0)
    capital = next((i for i in range(capital) if lead_a_surname(words[i:capital])), capital)  # "de la Cruz"
    return " ".join(words[capital:]) if capital else said


def _segments(text: str) -> list[tuple[str, bool]]:
    """The message's segments (between commas, full stops, lines and exclamations), each with whether a comma
    or a semicolon comes just before it."""
    parts = re.split(r"([,;\n!])", text)
    out: list[tuple[str, bool]] = []
    after_comma = False
    for piece, mark in zip(parts[::2], [*parts[1::2], ""], strict=True):
        out += [(sentence.strip(), after_comma and k == 0) for k, sentence in enumerate(_sentences([piece]))]
        after_comma = mark in (",", ";")
    return out


def _sentences(segments: list[str]) -> list[str]:
    """The segments cut at a full stop too ("Jane Doe. We need a high chair"), not after a title ("Dr. Foster")."""
    out: list[str] = []
    for segment in segments:
        pieces = re.split(r"(?<=\S)\.\s+", segment)
        joined = pieces[:1]
        for piece in pieces[1:]:
            if (joined[-1].split() or [""])[-1].lower() in TITLES:
                joined[-1] += ". " + piece
            else:
                joined.append(piece)
        out += joined
    return out


@functools.lru_cache(maxsize=256)
def venue_named(name: str) -> re.Pattern[str]:
    """The venue's own name as a message folds it (`fold_same_length`): never the customer's ("Trattoria Roma,
    tavolo per 2…")."""
    words = r"\s+".join(map(re.escape, fold_same_length(name).split()))
    return re.compile(rf"\b{words}\b")


def full_name(text: str) -> str | None:
    """A message that is only a capitalised name of two to five words ("Pedro Santos", "it's for Marie Dupont")."""
    words = answered_name(text).strip().strip(".!").split()
    return _cased(" ".join(words)) if capitalised_name(words) else None


def capitalised_name(words: list[str]) -> bool:
    """Two to five name words, each capitalised, with a surname's particles written small between them
    ("Maria da Silva", "Marie de la Tour", "Ana Maria Sousa Ferreira Lopes")."""
    named = [w for w in words if w not in SURNAME_PARTICLES]
    return (
        2 <= len(named) <= MOST_NAME_WORDS
        and words[0] not in SURNAME_PARTICLES
        and words[-1] not in SURNAME_PARTICLES
        and all(NAME_WORD.fullmatch(w) and w[:1].isupper() for w in named)
    )


def introduced(text: str, intros: tuple[str, ...], take: Callable[[str], T]) -> T | None:
    """`take` of what follows the first of `intros` said ("mi chiamo Mario Rossi": Mario Rossi), longest first,
    in the same sentence ("… for my daughter? Table for 2": no one named)."""
    folded = fold_same_length(text)
    any_intro, patterns = _intro_patterns(intros)
    if not any_intro.search(folded):  # most messages say none: one search, not one an intro
        return None
    for pattern in patterns:
        if match := pattern.search(folded):
            ended = re.search(r"[?!]", text[match.start() : match.end()])
            return None if ended else take(text[match.end() :])
    return None


@functools.lru_cache(maxsize=8)  # the vocabulary's few lists of intros, compiled once
def _intro_patterns(intros: tuple[str, ...]) -> tuple[re.Pattern[str], tuple[re.Pattern[str], ...]]:
    """Each intro as a whole-word pattern that also takes the elision after it ("au nom d'Anne"), longest first;
    and all of them as one pattern."""
    longest_first = sorted(intros, key=len, reverse=True)
    said = [r"\b" + r"\s+".join(re.escape(w) for w in intro.split()) + r"\b" for intro in longest_first]
    return re.compile("|".join(said)), tuple(re.compile(rf"{intro}\s*['’]?\s*") for intro in said)


def capitalised_at_start(text: str) -> str | None:
    """The name written with capitals at the start of `text` ("Léa Dubois, contrôle…": Léa Dubois; "Adam mercredi
    à 14h": Adam), none when it starts small ("de 8 ans", "s birthday" of "my wife's birthday")."""
    words: list[str] = []
    for token in text.split()[:MOST_NAME_WORDS]:
        word = token.rstrip(",;:!?.")
        if not (NAME_WORD.fullmatch(word) and word[:1].isupper()):
            break
        words.append(word)
        if word != token:
            break
    return name_at_start(" ".join(words)) if words else None


_DAY_WORDS = WEEKDAY_WORDS | RELATIVE_DAYS.keys() | {"stasera"}
_WHEN_WORDS = _DAY_WORDS | MONTH_WORDS
WHEN_CUT_SHORT = _WHEN_WORDS | SHORT_EN_WEEKDAYS | SHORT_MONTH_WORDS  # "Sat", "Dec" too


def name_at_start(text: str) -> str | None:
    """Up to four name words at the start of `text`, stopping at a connector, a digit or punctuation; none
    when it starts with a small word written small ("the booking under", "del ristorante"; "De Luca" is one).
    "I'm", "c'est", "sono" before it are not part of it."""
    text = without_self_intro(text)
    first = text.strip().split()[:1]
    particles = particles_of_a_surname(text)  # "de la Cruz": written small, and part of it
    if first and first[0].lower() in FUNCTION_WORDS | NAME_STOP and not first[0][:1].isupper() and not particles:
        return None
    opening = first[0].strip(".,;:!?").lower().replace("’", "'") if first else ""
    if opening in HESITATIONS | NEVER_NAMES | REPLIES | CLAUSE_OPENERS:
        return None  # "euh", "for me", "whichever"; "I'll take it", "vorrei quello": a clause, no one's name
    said = time_tokens(text)[:2]  # "evening", "l'après-midi", "Manhã": a part of the day ("Mario Sera" is a name)
    if said and (said[0] in PART_WORDS or (said[0] in ARTICLES and said[1:] and said[1] in PART_WORDS)):
        return None
    words: list[str] = []
    said_words = text.strip().split()
    for index, token in enumerate(said_words):
        token = token.strip(",;:!?")
        couple = [word.lower().strip(".") for word in [*words[-1:], *said_words[index + 1 : index + 2]]]
        if token.lower() in ("and", "&") and len(couple) == 2 and set(couple) <= TITLES:
            words.append(token)  # "Mr and Mrs Jones"
            continue
        if words and not particles:
            particles = particles_of_a_surname(" ".join(said_words[index:]))  # "Marie de la Tour"
        if particles:
            particles -= 1
            words.append(token)  # "de la Cruz": its particles written small
            continue
        a_name = not words and token in FIRST_NAMES_AMONG_STOPS and all(w[:1].isupper() for w in said_words)
        if not NAME_WORD.fullmatch(token) or (token.lower() in NAME_STOP and not a_name):  # "Mia", not "mia"
            break
        if token in PARTICLES and fold_same_length(" ".join(said_words[index + 1 : index + 2])) in _WHEN_WORDS:
            break  # "a nome Bianchi di sabato": Saturday's booking, not Mr "Bianchi di Sabato"
        if words and token.islower() and fold_same_length(token) in _DAY_WORDS:
            break  # "a nome Bianchi sabato alle 20": Saturday, not Mr "Bianchi Sabato"
        if words and token.lower().replace("’", "'") in CLAUSE_OPENERS:
            break  # "je m'appelle Karim Haddad je voudrais…": not Mr "Haddad Je Voudrais"
        words.append(token)
        ended = token.endswith(".") and len(token) > 2 and token.strip(".").lower() not in TITLES  # "Smith. Table"
        named = sum(word not in SURNAME_PARTICLES for word in words)  # "José María van der Berg": four names
        if (
            named == MOST_NAME_WORDS
            or len(words) == MOST_NAME_WORDS + 2
            or said_words[index].endswith((",", ";", "!", "?"))
            or ended
        ):
            break
    if not words:
        return None
    name = " ".join(words).strip(".")
    name = _cased(name)
    return name if len(name) >= 2 else None


def _cased(name: str) -> str:
    """A name typed all in lower or upper case, capitalised as written on a booking: "jean-pierre o'neil",
    "JEAN-PIERRE O'NEIL": "Jean-Pierre O'Neil". A name typed with its own capitals is kept."""
    if not (name.islower() or name.isupper()):
        return name
    return re.sub(r"(^|[\s'’-])(\w)", lambda m: m[1] + m[2].upper(), name.lower())
