"""Where a chat message says a day and a time, for the offline agent: its words, as the project's parsers read them.

The message's words are read in sequences, longest first (`MAX_GRAM`), none across a comma or a sentence's
end (`BREAK`); a time read goes on over the few words that complete it, and a day or time said after "not"
is set aside as the one not meant.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from typing import Callable, TypeVar

from concierge.conversations.vocabulary import Vocabulary
from concierge.domain.venue import Venue, hhmm, minutes
from concierge.parsing import (
    DayReading,
    TimeResolution,
    UnsupportedRelativeTime,
    VagueTime,
    WeekdayMismatch,
    is_vague,
    read_day,
    resolve_relative_time,
)
from concierge.parsing.text import fold, with_digits
from concierge.speech.names import MONTHS

T = TypeVar("T")
MAX_GRAM = 5
NEGATED_WORDS = 3  # words after "not" that may name the day or time not meant
NEGATIONS = frozenset({"not", "non", "pas", "nao"})
CARRY_ON = 3  # words after a time read that may still belong to it ("moins le quart")
_FROM_NOW_WORDS = r"in|tra|fra|dans|daqui a|em"  # "in 30 minutes": a time counted from now, never exact
_TIME_SIGNAL = re.compile(
    r"\d ?[:h.] ?\d|\d ?(?:am|pm|h)\b|"
    r"\b(?:[1-9]|1[0-2]) [0-5][05]\b|"  # "seven thirty"
    r"\b(?:5|10|20|25) (?:past|to) \d|"  # "twenty past seven", "10 to 8"; not "from 7 to 8"
    r"\b\d{1,2} (?:e|et) (?:mezz[ao]|meia|demie|quart|(?:un |um |1 )?(?:quarto|4º)|\d\d)(?!\w)|"  # "otto e mezza"
    rf"\b(?:{_FROM_NOW_WORDS}) \d{{1,3}} ?(?:minutes?|mins?|minuti|minutos)\b|"  # "in 30 minutes"
    r"\b(?:at|a|as|alle|all|ore|vers|verso|around|pelas|por volta das|after|apres|per le|"
    r"depois das|dopo le|before|avant|antes das|prima delle|half) \d|\b(?:noon|midday|midi|meio dia|mezzogiorno|"
    r"midnight|minuit|meia noite|mezzanotte|heures?|horas?|hours?|o clock|ore|ora|half past|quarter)\b"
)
_FROM_NOW = re.compile(rf"(?:{_FROM_NOW_WORDS}) ")
BREAK = "_"  # where a comma or a sentence ended: no day or time is read across it (a word character)
_BARE_NUMBER = re.compile(r"(?:\w{1,3} )?\d{1,2}\w{0,3}")  # "le 20", "il 3", "the 5th", "dia 12"
_LONE_ORDINAL = re.compile(  # an ordinal with no article or month is a place or a quarter, not a day
    r"second|third|fourth|fifth|secondo|terzo|quarto|quinto|seconda|terza|deuxieme|troisieme|quatrieme|"
    r"segundo|terceiro|prima|primeira|premiere"  # a feminine "first" names no day: "la prima", "prima?"
)
_ARTICLE_ONE = re.compile(r"(?:(?:the|le|la|il|lo|o|a|l) )?(?:one|un|une|uno|una|um|uma)")


_HOUR_WORDS = "one two three four five six seven eight nine ten eleven twelve".split()  # "sevenish": "7 ish"


def time_tokens(text: str) -> list[str]:
    """Lower-case, accent-free words, keeping ':' '.' '/' and '-' between digits, as in clock times and
    written dates ("20:30", "8.15", "12/12", "2026-12-12"); a comma or a sentence's end is a `BREAK`."""
    folded = "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))
    folded = re.sub(r"[,;!?]|\.(?!\d)", f" {BREAK} ", folded)
    folded = re.sub(r"['’`]", " ", folded)
    folded = re.sub(r"(?<!\d)[:./\-]|[:./\-](?!\d)|[^\w\s:./\-]", " ", folded)
    folded = re.sub(r"\bapres midi\b", "apres-midi", folded)  # the afternoon, not noon
    ish = re.compile(rf"\b({'|'.join(_HOUR_WORDS)})ish\b")
    return ish.sub(lambda m: f"{_HOUR_WORDS.index(m[1]) + 1} ish", folded).split()


_ONE = frozenset({"un", "une", "uno", "una", "um", "uma"})  # "one", and "a" as an article
_OF_THE_HOUR = frozenset(
    "heure heures hora horas ora ore h e et and da de du del di pm am punto pile ponto precisa precises".split()
)


def articles_set_aside(tokens: list[str]) -> list[str]:
    """ "Il y a un parking ?", "vou a uma festa": after "a" (or "à"), "un" or "uma" is an article, not one
    o'clock, unless a word of the hour follows ("à une heure", "à uma da tarde") or nothing does."""
    return [
        BREAK
        if token in _ONE
        and 0 < i < len(tokens) - 1
        and tokens[i - 1] == "a"
        and tokens[i + 1] not in _OF_THE_HOUR
        and tokens[i + 1] != BREAK
        else token
        for i, token in enumerate(tokens)
    ]


_MONTHS = frozenset(fold(name) for names in MONTHS.values() for name in names)
_FIRSTS = frozenset({"first", "1st", "primo", "premier", "1er", "primeiro", "1o"})
_ORDINALS = re.compile(
    r"\d{1,2}(?:st|nd|rd|th|er|e|eme|o|a)?|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|"
    r"prim[oa]|second[oa]|terz[oa]|quart[oa]|quint[oa]|premiere?|deuxieme|troisieme|quatrieme|cinquieme|"
    r"primeir[oa]|segund[oa]|terceir[oa]"
)
# Feminine ordinals after "la": never a day, whose number is masculine ("il 2", "le 2"); the Portuguese
# weekdays ("a quarta", "na quinta") take no "la".
_FEMININE = frozenset(
    "prima seconda terza quarta quinta sesta settima ottava nona decima premiere deuxieme troisieme".split()
)
_OF = frozenset({"of", "di", "de", "du", "do"})
_BEFORE_A_FIRST = frozenset({"the", "on", "le", "il", "lo", "l", "o", "dia", "du", "au", "del", "dal"})
# Nouns a number or an ordinal is said of, never a day ("our first anniversary", "the 2nd floor", "the third
# table", "the 5 course menu", "il primo appuntamento", "la prima volta", "é a primeira vez").
_THINGS = frozenset(
    """
    time times date visit anniversary birthday appointment available one thing course courses child baby floor
    choice option dish try table room piatto appuntamento visita anniversario compleanno figlio piano tavolo sala
    stanza portata portate volta rendez rdv anniversaire etage enfant choix plat salle fois aniversario encontro
    filho andar prato mesa vez
    """.split()
)


def ordinals_set_aside(tokens: list[str]) -> list[str]:
    """ "It's our first anniversary", "the 2nd floor", "la prima volta": a number or an ordinal said of a
    thing is no day of the month. A first in words is one only after an article or a month, or before a month
    ("the first", "il primo", "December first", "primo dicembre"): "our first" is none."""
    return [
        BREAK
        if (i + 1 < len(tokens) and tokens[i + 1] in _THINGS and _ORDINALS.fullmatch(token))
        or (i > 0 and tokens[i - 1] == "la" and token in _FEMININE)  # "la seconda": a place in a list
        or (
            token in _FIRSTS
            and token.isalpha()  # "1st" alone is the 1st
            and (i == 0 or (tokens[i - 1] not in _BEFORE_A_FIRST and tokens[i - 1] not in _MONTHS))
            and (i + 1 == len(tokens) or tokens[i + 1] not in _MONTHS | _OF)
        )
        else token
        for i, token in enumerate(tokens)
    ]


# Italian words after which "le" and a number are an hour ("dopo le 21", "entro le 20", "per le 20"): never
# "le 21", the 21st in French.
_BEFORE_LE_HOUR = frozenset({"dopo", "entro", "tra", "fra", "per", "verso"})


def hour_articles_read(tokens: list[str]) -> list[str]:
    """ "Dopo le 21", "entro le 20", "tra le 20 e le 21": the hour, as "ore 21", not the 21st of the month."""
    out = list(tokens)
    for i in range(1, len(out) - 1):
        if out[i] == "le" and out[i + 1][:1].isdigit():
            after_word = out[i - 1] in _BEFORE_LE_HOUR
            second = out[i - 1] == "e" and "ore" in out[max(0, i - 3) : i]  # "tra le 20 e le 21"
            if after_word or second:
                out[i] = "ore"
    return out


# What a number after "a" / "à" counts when it is no hour: "siamo a 10 minuti", "mon fils a 8 ans".
_AMOUNTS = frozenset(
    "minutes minute min mins minuti minuto minutos ans an anni anno anos ano years year euros euro km metres metri "
    "metros".split()
)


def amounts_set_aside(tokens: list[str]) -> list[str]:
    """ "Siamo a 10 minuti", "je suis à 10 minutes", "mon fils a 8 ans": after "a", a number that counts
    minutes, years or money is no hour; nor is "a second" ("just a second", "a second room")."""
    return [
        BREAK
        if i > 0
        and tokens[i - 1] == "a"
        and (token in {"second", "sec"} or (token.isdigit() and i + 1 < len(tokens) and tokens[i + 1] in _AMOUNTS))
        else token
        for i, token in enumerate(tokens)
    ]


def negated_set_aside(tokens: list[str], now: dt.datetime, venue: Venue) -> list[str]:
    """A day or time said after "not" is the one not meant: "not Friday, Saturday" is Saturday, "non alle 8
    ma alle 9" is 9."""
    out = list(tokens)
    for i, token in enumerate(tokens):
        if token not in NEGATIONS:
            continue
        for start in (i + 1, i + 2):  # "not Friday", "non posso venerdì"
            spans = [tokens[start : start + size] for size in range(min(NEGATED_WORDS, len(tokens) - start), 0, -1)]
            said = next((w for w in spans if BREAK not in w and _names_a_day_or_time(" ".join(w), now, venue)), None)
            if said is not None:
                out[i : start + len(said)] = [BREAK] * (start + len(said) - i)
                break
    return out


def _names_a_day_or_time(gram: str, now: dt.datetime, venue: Venue) -> bool:
    if _may_name_a_day(gram):
        try:
            read_day(gram, now, venue.locale, venue=venue)
            return True
        except ValueError:
            pass
    if not _TIME_SIGNAL.search(with_digits(gram, venue.locale)):
        return False
    try:
        resolve_relative_time(gram, now, venue.locale)
        return True
    except (VagueTime, UnsupportedRelativeTime, ValueError):
        return False


def counts_set_aside(tokens: list[str], locale: str, vocab: Vocabulary, people: int) -> list[str]:
    """A number counting people is no hour: "a 4 persone" and "2 adultes" by the word after it, "un tavolo
    da 4" by the words before it (the party read); "a 4 persone" is not 16:00."""
    counted, leads = vocab.counting_words, vocab.intro_words["people_leads"]

    def counts(i: int) -> bool:
        following = tokens[i + 1] if i + 1 < len(tokens) else ""
        if not with_digits(tokens[i], locale).isdigit() or following in _UNITS:
            return False  # "in two weeks" counts weeks
        if following in counted:
            return True
        said = with_digits(tokens[i], locale) == str(people)
        return said and any(" ".join(tokens[max(0, i - n) : i]) in leads for n in (1, 2, 3))

    return [BREAK if counts(i) else token for i, token in enumerate(tokens)]


def at_after_to(tokens: list[str]) -> list[str]:
    """ "move it to 8", "push it back to 9": in a move, "to" before a number says the new hour ("at 8")."""
    following = [*tokens[1:], ""][: len(tokens)]  # none for a message with no words left
    return [
        "at" if token == "to" and after[:1].isdigit() else token for token, after in zip(tokens, following, strict=True)
    ]


# Words after which a bare number is the hour meant: "make it 8 instead", "sorry, I meant 8".
_BEFORE_AN_HOUR = (("make", "it"), ("meant",), ("mean",), ("intendevo",), ("volevo", "dire"), ("voulais", "dire"),
                   ("queria", "dizer"), ("quis", "dizer"))  # fmt: skip


def at_after_correction(tokens: list[str], people: int | None) -> tuple[list[str], int | None]:
    """ "Make it 8 instead", "sorry, I meant 8 not 7": an hour said with no word before it, read as "at 8"
    (not the party just read); with the number so read."""
    for i in range(len(tokens)):
        for lead in _BEFORE_AN_HOUR:
            end = i + len(lead)
            if tuple(tokens[i:end]) == lead and end < len(tokens):
                number = with_digits(tokens[end], "en")
                if number.isdigit() and int(number) != people:
                    return [*tokens[:end], "at", *tokens[end:]], int(number)
    return tokens, None


def _grams(tokens: list[str], digits_first: bool = False):
    """Word sequences, longest first, none across a `BREAK` ("for 2, Dec 31st" is no 2 December); with
    `digits_first`, those holding a digit before the others."""
    grams = [
        " ".join(words)
        for size in range(min(MAX_GRAM, len(tokens)), 0, -1)
        for start in range(len(tokens) - size + 1)
        if BREAK not in (words := tokens[start : start + size])
    ]
    if digits_first:
        grams.sort(key=lambda gram: not re.search(r"\d", gram))  # stable: still longest first
    return grams


_SHORT_WEEKDAYS = {  # as typed in a hurry, in the four languages; each read only before a time ("sat 8pm")
    "monday": ("mon", "lun", "seg"),
    "tuesday": ("tue", "tues", "mar", "ter"),
    "wednesday": ("wed", "mer", "qua"),
    "thursday": ("thu", "thur", "thurs", "gio", "jeu", "qui"),
    "friday": ("fri", "ven", "sex"),
    "saturday": ("sat", "sab", "sam"),
    "sunday": ("sun", "dom", "dim"),
}
_WEEKDAY_OF = {short: day for day, shorts in _SHORT_WEEKDAYS.items() for short in shorts}
_CLOCK = re.compile(r"\d{1,2}(?:[:.h]\d{2}|h|am|pm)")  # "8pm", "21h", "20:30": a time, not "2 days"


# The words that open a part of the day, as tokens ("sab sera", "dom a pranzo", "sam soir").
_PART_WORDS = frozenset(
    "morning afternoon evening night lunch dinner mattina pomeriggio sera serata notte pranzo cena matin apres-midi "
    "aprem soir soiree nuit midi dejeuner diner manha tarde noite almoco jantar".split()
)
_BEFORE_A_PART = frozenset({"a", "al", "ao", "de", "du", "le", "la"})


def short_weekdays_spelt(tokens: list[str]) -> list[str]:
    """A weekday cut short just before a clock time or a part of the day, "sat 8pm", "ven 21h", "sab sera",
    "dom a pranzo", spelt out: cut short, "mar", "sun" or "qui" are other words too often to be read as
    days anywhere else."""

    def before_a_time(i: int) -> bool:
        after = tokens[i + 1 : i + 3]
        return bool(after) and (
            bool(_CLOCK.fullmatch(after[0]))
            or after[0] in _PART_WORDS
            or (len(after) == 2 and after[0] in _BEFORE_A_PART and after[1] in _PART_WORDS)
        )

    return [
        _WEEKDAY_OF[token] if token in _WEEKDAY_OF and before_a_time(i) else token for i, token in enumerate(tokens)
    ]


_NEXT_WEEK = ("next week", "semaine prochaine", "settimana prossima", "prossima settimana", "proxima semana",
              "semana que vem")  # fmt: skip
_UNITS = frozenset(
    "day days week weeks fortnight fortnights month months giorno giorni settimana settimane mese mesi jour jours "
    "semaine semaines mois dia dias semana semanas mes meses".split()
)
_WEEKS = frozenset("week weeks fortnight fortnights settimana settimane semaine semaines semana semanas".split())
_WEEKDAYS = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday lunedi martedi mercoledi giovedi venerdi sabato "
    "domenica lundi mardi mercredi jeudi vendredi samedi dimanche segunda terca quarta quinta sexta sabado "
    "domingo".split()
)


def week_joined(tokens: list[str]) -> list[str]:
    """ "la semaine prochaine, mardi", "Friday, next week", "in two weeks, Friday": a weekday and the week it
    is in with a comma between them are one day, as they are without it (nothing else is read across a comma)."""
    out = []
    for i, token in enumerate(tokens):
        if token == BREAK and 0 < i < len(tokens) - 1:
            before, after = " ".join(tokens[max(0, i - 3) : i]), " ".join(tokens[i + 1 : i + 4])
            in_weeks = tokens[i - 1] in _WEEKS
            week_then_day = (before.endswith(_NEXT_WEEK) or in_weeks) and tokens[i + 1] in _WEEKDAYS
            day_then_week = tokens[i - 1] in _WEEKDAYS and (
                any(week in after for week in _NEXT_WEEK) or bool(_WEEKS & set(tokens[i + 1 : i + 5]))
            )
            if week_then_day or day_then_week:
                continue
        out.append(token)
    return out


def day_said(tokens: list[str], now: dt.datetime, venue: Venue) -> DayReading | None:
    """The day the words name. A number with at most an article ("le 20": the 20th in French, the hour in
    "verso le 20") only when no word names a day, and a holiday only when nothing else does ("Santos"
    is a surname before it is All Saints' Day): "domani" wins over both."""
    weaker: list[DayReading | None] = [None, None]  # a bare number of the month, then a holiday
    for gram in _grams(tokens):
        if not _may_name_a_day(gram):
            continue
        try:
            reading = read_day(gram, now, venue.locale, venue=venue)
        except WeekdayMismatch as mismatch:  # "Saturday 13th December", a Sunday: which one is asked
            if _A_DATE.search(gram) or _MONTHS & set(gram.split()):
                return _either(mismatch)
            continue  # "friday seven thirty": a time after the weekday, not the 7th
        except ValueError:  # not a day (UnsupportedRelativeDay)
            continue
        if reading.holiday is not None:
            weaker[1] = weaker[1] or reading
        elif _BARE_NUMBER.fullmatch(gram):
            weaker[0] = weaker[0] or reading
        else:
            return reading
    return weaker[0] or weaker[1]


_A_DATE = re.compile(r"\b\d{1,2}(?:st|nd|rd|th|er|o)\b|\b(?:the|il|le|dia) \d")  # "13th", "the 13", "dia 13"


def _either(mismatch: WeekdayMismatch) -> DayReading:
    """The date as numbered and the weekday said nearest it, for the customer to choose between."""
    days = (mismatch.date, mismatch.corrected)
    return DayReading(mismatch.date, True, days, part=None, part_range=None, holiday=None, closed=None)


def _may_name_a_day(gram: str) -> bool:
    """Not "mon", "sat", "the one", a lone "quarto" (of "un quarto d'ora"): words too often another word
    than a day to be read as one."""
    return not ((" " not in gram and len(gram) <= 3) or _ARTICLE_ONE.fullmatch(gram) or _LONE_ORDINAL.fullmatch(gram))


def days_in_order(tokens: list[str], now: dt.datetime, venue: Venue) -> list[DayReading]:
    """The first two days said, in the order said, each from the longest words that read as one."""
    found: list[DayReading] = []
    start = 0
    while start < len(tokens) and len(found) < 2:
        for size in range(min(MAX_GRAM, len(tokens) - start), 0, -1):
            words = tokens[start : start + size]
            gram = " ".join(words)
            if BREAK in words or not _may_name_a_day(gram):
                continue
            try:
                found.append(read_day(gram, now, venue.locale, venue=venue))
            except ValueError:
                continue
            start += size
            break
        else:
            start += 1
    return found


def time_said(
    tokens: list[str], now: dt.datetime, venue: Venue, day: dt.date | None, bare: bool
) -> tuple[str | None, int, str | None]:
    """The exact time said and its day offset; else the time an approximate one is near ("verso le 20")."""
    # The hours of the day said settle "alle 8"; of the coming week when none was said or it is closed ("10h"
    # on a closed Friday is still 10:00, for the times offered on the next open day).
    days = [day] if day and venue.ranges_on(day) else [now.date() + dt.timedelta(days=n) for n in range(7)]

    def open_then(hhmm: str) -> bool:
        t = minutes(hhmm)
        return any(r.open_min <= t < r.close_min for d in days for r in venue.ranges_on(d))

    def exactly(words: str) -> TimeResolution | None:
        try:
            return resolve_relative_time(words, now, venue.locale, open_then)
        except (VagueTime, UnsupportedRelativeTime, ValueError):
            return None

    def approximately(words: str) -> str | None:
        try:
            resolve_relative_time(words, now, venue.locale, open_then)
        except VagueTime as vague:
            return vague.approximately
        except (UnsupportedRelativeTime, ValueError):
            return None
        return None

    near: str | None = None
    vague_grams: list[str] = []  # approximate times read: no exact time is read inside one
    whole = " ".join(token for token in tokens if token != BREAK)  # the message, for a bare answer
    for gram in _grams(tokens, digits_first=True):
        if any(f" {gram} " in f" {vague} " for vague in vague_grams):
            continue  # "10h" inside "vers 10h" is not said exactly
        digits = with_digits(gram, venue.locale)
        signalled = _TIME_SIGNAL.search(digits) or (re.search(r"\d", digits) and is_vague(gram))
        if not signalled and not (bare and gram == whole):
            continue
        try:
            resolution = resolve_relative_time(gram, now, venue.locale, open_then)
        except VagueTime as vague:
            if vague.approximately is not None:
                near = near or _carried_on(tokens, gram, approximately) or vague.approximately
                vague_grams.append(gram)
            continue
        except (UnsupportedRelativeTime, ValueError):
            continue
        longer = _carried_on(tokens, gram, exactly)
        resolution = longer or resolution
        if _FROM_NOW.match(digits):  # "in 30 minutes" at 13:26: around 14:00, the free times then offered
            quarter = round(minutes(resolution.time) / 15) * 15
            return None, resolution.day_offset, hhmm(quarter % (24 * 60))
        if _bounded(tokens, gram):  # "after 8pm", "avant midi": the free times around it, none taken as said
            return None, resolution.day_offset, resolution.time
        return resolution.time, resolution.day_offset, None
    return None, 0, near


# Words that bound a time rather than say it: "after 8pm", "avant midi", "dopo le 21", "antes das 21h".
_BOUNDS = frozenset("after before until till apres avant jusqu dopo prima entro fino depois antes ate".split())


def _bounded(tokens: list[str], gram: str) -> bool:
    """Whether a bound opens the gram or comes just before it, or before its article ("prima delle 20")."""
    words = gram.split()
    start = next(i for i in range(len(tokens) - len(words) + 1) if tokens[i : i + len(words)] == words)
    return bool(_BOUNDS.intersection([*tokens[max(0, start - 2) : start], words[0]]))


def _carried_on(tokens: list[str], gram: str, read: Callable[[str], T | None]) -> T | None:
    """What `read` reads in the gram and the fewest of the `CARRY_ON` words after it that read as one: the
    longest gram may stop inside a time ("stasera alle nove meno un" | "quarto", "ce soir à neuf heures" |
    "moins le quart", "per stasera verso le otto" | "e mezza"). The gram is kept whole, so nothing after it
    is read alone ("um quarto para dois" is a quarter to two, but in "às nove menos um quarto para dois" it
    is not)."""
    words = gram.split()
    start = next(i for i in range(len(tokens) - len(words) + 1) if tokens[i : i + len(words)] == words)
    end = start + len(words)
    for stop in range(end + 1, min(end + CARRY_ON, len(tokens)) + 1):
        if BREAK in tokens[start:stop]:
            break
        if (found := read(" ".join(tokens[start:stop]))) is not None:
            return found
    return None
