"""Per-language vocabulary for spoken times, as regular-expression fragments.

The fragments match text already passed through `fold` and number-word conversion, in which
every "quarter" said as one quarter reads "qtr" and every "three quarters" reads "tqtr".
"""

import re
from dataclasses import dataclass

# An approximate hour written as one word: "sevenish", "noonish". Written with a number ("7ish") it is read as is.
_HOURS_ISH = {
    word: hour
    for hour, word in enumerate("one two three four five six seven eight nine ten eleven twelve".split(), start=1)
} | {"noon": 12, "midday": 12}
_WORD_ISH = re.compile(rf"\b({'|'.join(_HOURS_ISH)}) ?ish\b")


def ish_spelt_out(folded: str) -> str:
    """ "sevenish" as "7 ish", "noonish" as "12 ish": the vague hour, in the form the grammars read."""
    return _WORD_ISH.sub(lambda m: f"{_HOURS_ISH[m[1]]} ish", folded) if "ish" in folded else folded


# The words before a clock time in the four languages, folded: "at 1930", "alle 2030", "a 20h", "às 21h".
CLOCK_LEADS = frozenset({"at", "alle", "ore", "a", "as", "vers", "verso", "around", "pelas", "by", "dalle"})
DIGITS_CLOCK = re.compile(r"([01]?\d|2[0-3])([0-5]\d)(am|pm|hrs|h)?")  # a clock without its colon: "1930", "1930hrs"


def digits_as_clock(word: str, *, alone: bool, led: bool) -> str | None:
    """Three or four digits written for a clock time, with its colon ("1930" as "19:30", "830pm" as "8:30pm",
    "2030h" as "20:30"): with "am", "pm" or "h", after a word that leads a time (`led`: "at 730", "alle 2030"),
    or `alone` on a five-minute mark ("1930"; "2026" is a year); else None."""
    match = DIGITS_CLOCK.fullmatch(word)
    if match is None or not (match[3] or led or (alone and int(match[2]) % 5 == 0)):
        return None
    return f"{match[1]}:{match[2]}{match[3] if match[3] in ('am', 'pm') else ''}"  # "2030h": 20:30


def with_clock_colons(folded: str) -> str:
    """The words with each clock written without its colon given one (`digits_as_clock`)."""
    if not re.search(r"\d{3}", folded):
        return folded
    words = folded.split()
    alone = len(words) == 1
    return " ".join(
        digits_as_clock(word, alone=alone, led=i > 0 and words[i - 1] in CLOCK_LEADS) or word
        for i, word in enumerate(words)
    )


@dataclass(frozen=True)
class TimeGrammar:
    vague: str  # searched anywhere: the caller gave no exact time
    ahead: str  # "tra", "in", "dans", "daqui a": starts a time counted from now
    one: str  # articles meaning one ("un'ora", "an hour")
    hour: str  # duration unit and, in fr/pt, the clock's "heures"/"horas"
    minute: str
    half: str
    and_: str
    half_hour: str
    quarter_hour: str
    pm: str  # day-part words, searched anywhere and removed
    am: str
    lead: str  # words before a clock time ("alle", "at", "à", "às")
    noon: str
    midnight: str
    minus: str | None = None  # "9 meno un quarto", "21 heures moins le quart"
    past: str | None = None  # "quarter past 8"
    to: str | None = None  # "quarter to 9", "um quarto para as 9"
    quarter_to: str | None = None  # "un quarto alle 9": only a quarter ("per 2 alle 9" is 9 o'clock)
    half_before: str | None = None  # British "half seven": half past the hour named
    from_now: str | None = None  # ends a time counted from now: "2 hours from now"


GRAMMARS = {
    "it": TimeGrammar(
        vague=r"\bverso\b|\bpiu tardi\b|\b(?:tra|fra) (?:un )?po(?:co)?\b|\bin serata\b"
        r"|^(?:stasera|questa sera|serata)$|\bcirca\b|\bsulle\b|\bsull una\b",  # "sulle 20": around 8 pm
        ahead=r"(?:tra|fra|dopo)",  # "dopo 2 ore"; "dopo le 20" is a clock's bound
        one=r"un|una|uno",
        hour=r"or[ae]|h",
        minute=r"minut[oi]|min",
        half=r"mezz[ao]",
        and_=r"e",
        half_hour=r"(?:1 )?mezz ?ora",
        quarter_hour=r"qtr (?:d )?ora",
        pm=r"\b(?:di|della|de) sera\b|\b(?:del|di) pomeriggio\b|\bstasera\b|\bquesta sera\b",
        am=r"\b(?:di|della) mattina\b|\bdel mattino\b|\bstamattina\b",
        lead=r"(?:per )?(?:alle|all|le|l|sulle|sull)(?: ore)?|ore|a",
        noon=r"mezzogiorno",
        midnight=r"mezzanotte",
        minus=r"meno",
        quarter_to=r"alle|all",
    ),
    "en": TimeGrammar(
        vague=r"\b(?:around|about|approximately|roughly|sometime|later|soon)\b|\d ?ish\b"
        r"|\bin a (?:little )?(?:bit|while)\b|^(?:tonight|this evening)$",
        ahead=r"(?:in|after)",  # "after 2 hours"; "after 8" is a clock's bound
        one=r"a|an|one",
        hour=r"hours?|hrs?|h",
        minute=r"minutes?|mins?",
        half=r"(?:a )?half",
        and_=r"and",
        half_hour=r"(?:a )?half (?:an )?hour",
        quarter_hour=r"qtr (?:of an )?hour",
        pm=r"(?<![a-z])p\.? ?m\b\.?|\bin the (?:evening|afternoon)\b|\btonight\b|\bthis evening\b",
        am=r"(?<![a-z])a\.? ?m\b\.?|\bin the morning\b|\bthis morning\b",
        lead=r"(?:at|for|by)",
        noon=r"noon|midday",
        midnight=r"midnight",
        past=r"past|after",
        to=r"to|til|till|before",
        half_before=r"half",
        from_now=r"from now",
    ),
    "fr": TimeGrammar(
        vague=r"\bvers\b|\bplus tard\b|\bdans (?:un )?(?:moment|instant|peu)\b|\btout a l heure\b"
        r"|\bbientot\b|\bdans la soiree\b|\ben soiree\b|\benviron\b|^ce soir$",
        ahead=r"(?:dans|d ici)",
        one=r"un|une",
        hour=r"heures?|h",
        minute=r"minutes?|min",
        half=r"demie?",
        and_=r"et",
        half_hour=r"(?:1 |une )?demi heure",
        quarter_hour=r"qtr d heure",
        pm=r"\bdu soir\b|\bde l apres midi\b|\bcet apres midi\b|\bce soir\b",
        am=r"\bdu matin\b|\bce matin\b",
        lead=r"(?:pour )?a|pour|des",
        noon=r"midi",
        midnight=r"minuit",
        minus=r"moins",
    ),
    "pt": TimeGrammar(
        vague=r"\bpor volta\b|\bla para as?\b|\bla pelas?\b|\bmais tarde\b|\bdaqui a (?:pouco|bocado|um pouco)\b"
        r"|\blogo\b|\bmais ou menos\b|\bem breve\b|^(?:a|de|hoje a|esta) noite$",
        ahead=r"(?:daqui a|em|dentro de)",
        one=r"um|uma",
        hour=r"horas?|h",
        minute=r"minutos?|min",
        half=r"meia",
        and_=r"e",
        half_hour=r"(?:1 |uma )?meia hora",
        quarter_hour=r"qtr (?:de )?hora",
        pm=r"\b(?:da|de) noite\b|\b(?:da|de) tarde\b|\bhoje a noite\b|\besta noite\b",
        am=r"\b(?:da|de) manha\b|\bda madrugada\b",
        lead=r"(?:para |pras? )?(?:as|ao|a)|pras?|para|pel[ao]s?",  # "ao meio-dia", "pelas 20h"
        noon=r"meio dia",
        midnight=r"meia noite",
        minus=r"menos",
        to=r"para(?: as| a)?",
    ),
}
