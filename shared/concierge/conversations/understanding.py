"""What a customer's chat message says, for the offline agent: intents, and the booking details in it.

Words (intents, care types, how names and party sizes are introduced) are data (`vocabulary`),
recognised in every language; names are found by `customer_names`. Days and times are read by the
project's parsers (`concierge.parsing`) on the message's word sequences, longest first; phone numbers
by `phonenumbers` in the venue's country.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Callable, TypeVar

from concierge.conversations.customer_names import (
    fold_same_length,
    full_name,
    introduced,
    looks_like_name,
    name_at_start,
    name_segment,
)
from concierge.conversations.vocabulary import INTENTS, Vocabulary, vocabulary
from concierge.domain.phone import InvalidPhone, to_e164
from concierge.domain.venue import Venue, minutes
from concierge.parsing import (
    DayReading,
    TimeResolution,
    UnsupportedRelativeTime,
    VagueTime,
    is_vague,
    read_day,
    resolve_relative_time,
)
from concierge.parsing.numeric_dates import numeric_date
from concierge.parsing.text import with_digits
from concierge.tools.faq import normalise

T = TypeVar("T")
MAX_GRAM = 5
NEGATED_WORDS = 3  # words after "not" that may name the day or time not meant
_NEGATIONS = frozenset({"not", "non", "pas", "nao"})
CARRY_ON = 3  # words after a time read that may still belong to it ("moins le quart")
MAX_TOKENS = 80  # days and times are looked for in a message's first 80 words (a 4000-character one stays fast)
_PHONE = re.compile(r"(?<![\w+])(?:\+|00)?\d[\d ().\-]{6,}\d(?!\w)")
_TIME_SIGNAL = re.compile(
    r"\d ?[:h.] ?\d|\d ?(?:am|pm|h)\b|\b(?:at|a|as|alle|all|ore|vers|verso|around|pelas|por volta das|after|apres|"
    r"depois das|dopo le|before|avant|antes das|prima delle|half) \d|\b(?:noon|midday|midi|meio dia|mezzogiorno|"
    r"midnight|minuit|meia noite|mezzanotte|heures?|horas?|hours?|o clock|ore|ora|half past|quarter)\b"
)
_BREAK = "_"  # where a comma or a sentence ended: no day or time is read across it (a word character)
_BARE_NUMBER = re.compile(r"(?:\w{1,3} )?\d{1,2}\w{0,3}")  # "le 20", "il 3", "the 5th", "dia 12"
_ARTICLE_ONE = re.compile(r"(?:(?:the|le|la|il|lo|o|a|l) )?(?:one|un|une|uno|una|um|uma)")


@dataclass
class Reading:
    intents: set[str] = field(default_factory=set)
    day: dt.date | None = None
    time: str | None = None  # "HH:MM"
    people: int | None = None
    phone: str | None = None  # E.164
    bad_phone: bool = False
    name: str | None = None
    care_type: str | None = None
    reason: str | None = None
    part: tuple[str, str] | None = None  # the opening range of the part of the day said ("domani sera")
    day_choices: tuple[dt.date, ...] = ()  # a day said that may mean several ("giovedì" on a Thursday)
    time_near: str | None = None  # the time an approximate one is near ("verso le 20"), when no exact one
    day_from: dt.date | None = None  # a move's first day said ("from Friday to Saturday"): the booking's

    @property
    def details(self) -> bool:
        """Whether the message carries any booking detail."""
        return (
            any(v is not None for v in (self.day, self.time, self.time_near, self.people, self.phone, self.name))
            or self.bad_phone
            or self.care_type is not None
            or self.reason is not None
        )


def read_message(text: str, venue: Venue, now: dt.datetime, awaiting: tuple[str, ...] = ()) -> Reading:
    """Everything the message says. `awaiting` lists the fields just asked for, so a bare answer
    ("Marie Dupont", "4", "20:00", a reason) is read as that field."""
    vocab = vocabulary()
    reading = Reading()
    if tuple(awaiting) == ("reason",) and len(text.strip()) >= 3:
        reading.reason = text.strip()[:200]  # the answer to "what is the reason?" is the reason, whatever it says
        return reading
    rest = text
    # A phone number, not a date written in digits ("2026-12-01", "12.12.2026").
    phones = (m for m in _PHONE.finditer(text) if numeric_date(m.group().strip(), now.date()) is None)
    if match := next(phones, None):
        rest = text[: match.start()] + " " + text[match.end() :]
        try:
            reading.phone = to_e164(match.group(), venue.country)
        except InvalidPhone:
            reading.bad_phone = True
    folded = normalise(rest)
    reading.intents = {intent for intent in INTENTS if vocab.has(intent, folded)}
    head = " ".join(folded.split()[:2])
    for answer in ("yes", "no"):  # "no sábado" is not a no: an answer is short, or opens the message
        if answer in reading.intents and len(folded.split()) > 3 and not vocab.has(answer, head):
            reading.intents.discard(answer)
    reading.care_type = next(
        (name for name, patterns in vocab.care_types.items() if any(p.search(folded) for p in patterns)), None
    )
    if "patient.name" in awaiting and not reading.intents and (name := full_name(rest)):
        reading.name = name  # "Pedro Santos" answers the name asked for: not All Saints' Day
        return reading
    if venue.kind != "clinic":  # a clinic books one patient; "pour un détartrage" is not a party of one
        reading.people = _people(folded, venue.locale, vocab, bare="party_size" in awaiting)
    elif reading.care_type is None and (symptom := _symptom(rest, vocab)):
        reading.care_type, reading.reason = "consultation", symptom  # "j'ai mal aux dents": its reason
    # The name first, and its words set aside: "Jane" is no misspelt June, nor "Santos" All Saints' Day.
    reading.name = introduced(rest, vocab.intro_words["name_intros"], name_at_start) or name_segment(
        rest, vocab, lambda words: _day(_time_tokens(words), now, venue) is not None
    )
    tokens = _time_tokens(rest.replace(reading.name, " ") if reading.name else rest)[:MAX_TOKENS]
    if reading.people is not None:
        tokens = _counts_set_aside(tokens, venue.locale, vocab)
    if _NEGATIONS.intersection(tokens):
        tokens = _negated_set_aside(tokens, now, venue)
    day = _day(tokens, now, venue)
    if "move" in reading.intents and len(days := _days_in_order(tokens, now, venue)) == 2:
        first, day = days  # "from Friday to Saturday": the booking's day, then the new one
        reading.day_from = first.date
    if day is not None:
        reading.day = day.date
        reading.day_choices = day.candidates if day.ambiguous else ()
        if day.part_range is not None:
            reading.part = (day.part_range.open, day.part_range.close)
    # A bare number when both the party and the time are awaited is the party if it can be one ("4"), else the hour.
    alone = [token for token in tokens if token != _BREAK] == [str(reading.people)]  # "4", "4."
    bare_party = reading.people is not None and reading.people <= venue.max_people and alone
    reading.time, offset, reading.time_near = _time(
        _at_after_make_it(tokens, reading.people),
        now,
        venue,
        reading.day,
        bare="slot.start_iso" in awaiting and not bare_party,
    )
    if reading.people is not None and reading.time is not None and alone:
        reading.people = None  # "20" when both were asked: an hour, not a party of twenty
    if reading.day is None and offset:
        reading.day = now.date() + dt.timedelta(days=offset)
    reason = introduced(rest, vocab.intro_words["reason_intros"], lambda s: s.strip(" .,;:!?")[:200] or None)
    reading.reason = reason or reading.reason
    bare = not reading.details and not (reading.intents - {"greeting"})
    # A bare answer when both a name and a reason were asked for: a name looks like one.
    as_name = "patient.name" in awaiting and ("reason" not in awaiting or looks_like_name(rest))
    if reading.name is None and as_name and bare and not re.search(r"\d", rest):  # "allora 8" names nobody
        reading.name = name_at_start(rest)
    elif reading.reason is None and "reason" in awaiting and bare and len(rest.strip()) >= 3:
        reading.reason = rest.strip()[:200]
    return reading


def _people(folded: str, locale: str, vocab: Vocabulary, bare: bool) -> int | None:
    text = with_digits(folded, locale)
    counts = [
        re.search(rf"\b(\d{{1,2}}) (?:{'|'.join(map(re.escape, vocab.intro_words[key]))})\b", text)
        for key in ("party_adults", "party_children")
    ]
    if counts[0] and counts[1]:  # "2 adulti e 2 bambini"
        return int(counts[0].group(1)) + int(counts[1].group(1))
    units = "|".join(re.escape(u) for u in vocab.intro_words["people_units"])
    leads = "|".join(re.escape(u) for u in sorted(vocab.intro_words["people_leads"], key=len, reverse=True))
    not_a_time = (
        r"(?! ?(?:h|am|pm|heures?|horas?|ore|hours?|minutes?|minuti|minutos|min|days?|giorni|jours?|"
        r"dias?|weeks?|settimane|semaines?|semanas?)\b)"
    )
    for pattern in (rf"\b(\d{{1,2}}) (?:{units})\b", rf"\b(?:{leads}) (\d{{1,2}})\b{not_a_time}"):
        if match := re.search(pattern, text):
            return int(match.group(1))
    if bare and (match := re.fullmatch(r"(\d{1,2})", text.strip())):
        return int(match.group(1))
    return None


def _time_tokens(text: str) -> list[str]:
    """Lower-case, accent-free words, keeping ':' '.' '/' and '-' between digits, as in clock times and
    written dates ("20:30", "8.15", "12/12", "2026-12-12"); a comma or a sentence's end is a `_BREAK`."""
    folded = "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))
    folded = re.sub(r"[,;!?]|\.(?!\d)", f" {_BREAK} ", folded)
    folded = re.sub(r"['’`]", " ", folded)
    folded = re.sub(r"(?<!\d)[:./\-]|[:./\-](?!\d)|[^\w\s:./\-]", " ", folded)
    return re.sub(r"\bapres midi\b", "apres-midi", folded).split()  # the afternoon, not noon


def _negated_set_aside(tokens: list[str], now: dt.datetime, venue: Venue) -> list[str]:
    """A day or time said after "not" is the one not meant: "not Friday, Saturday" is Saturday, "non alle 8
    ma alle 9" is 9."""
    out = list(tokens)
    for i, token in enumerate(tokens):
        if token not in _NEGATIONS:
            continue
        for start in (i + 1, i + 2):  # "not Friday", "non posso venerdì"
            spans = [tokens[start : start + size] for size in range(min(NEGATED_WORDS, len(tokens) - start), 0, -1)]
            said = next((w for w in spans if _BREAK not in w and _names_a_day_or_time(" ".join(w), now, venue)), None)
            if said is not None:
                out[i : start + len(said)] = [_BREAK] * (start + len(said) - i)
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


def _counts_set_aside(tokens: list[str], locale: str, vocab: Vocabulary) -> list[str]:
    """A number counting people ("4 persone", "2 adultes") is no hour: "a 4 persone" is not 16:00."""
    counted = {
        unit.split()[0] for key in ("people_units", "party_adults", "party_children") for unit in vocab.intro_words[key]
    }
    return [
        _BREAK if i + 1 < len(tokens) and tokens[i + 1] in counted and with_digits(token, locale).isdigit() else token
        for i, token in enumerate(tokens)
    ]


def _at_after_make_it(tokens: list[str], people: int | None) -> list[str]:
    """ "make it 8 instead": an hour said with no word before it, read as "at 8" (not the party just read)."""
    for i in range(len(tokens) - 2):
        if tokens[i : i + 2] == ["make", "it"]:
            number = with_digits(tokens[i + 2], "en")
            if number.isdigit() and int(number) != people:
                return [*tokens[: i + 2], "at", *tokens[i + 2 :]]
    return tokens


def _grams(tokens: list[str], digits_first: bool = False):
    """Word sequences, longest first, none across a `_BREAK` ("for 2, Dec 31st" is no 2 December); with
    `digits_first`, those holding a digit before the others."""
    grams = [
        " ".join(words)
        for size in range(min(MAX_GRAM, len(tokens)), 0, -1)
        for start in range(len(tokens) - size + 1)
        if _BREAK not in (words := tokens[start : start + size])
    ]
    if digits_first:
        grams.sort(key=lambda gram: not re.search(r"\d", gram))  # stable: still longest first
    return grams


def _day(tokens: list[str], now: dt.datetime, venue: Venue) -> DayReading | None:
    """The day the words name. A number with at most an article ("le 20": the 20th in French, the hour in
    "verso le 20") only when no word names a day, and a holiday only when nothing else does ("Santos"
    is a surname before it is All Saints' Day): "domani" wins over both."""
    weaker: list[DayReading | None] = [None, None]  # a bare number of the month, then a holiday
    for gram in _grams(tokens):
        if not _may_name_a_day(gram):
            continue
        try:
            reading = read_day(gram, now, venue.locale, venue=venue)
        except ValueError:  # not a day (UnsupportedRelativeDay), or a weekday and a date that disagree
            continue
        if reading.holiday is not None:
            weaker[1] = weaker[1] or reading
        elif _BARE_NUMBER.fullmatch(gram):
            weaker[0] = weaker[0] or reading
        else:
            return reading
    return weaker[0] or weaker[1]


def _may_name_a_day(gram: str) -> bool:
    """Not "mon", "sat", "the one": words too often another word than a day to be read as one."""
    return not ((" " not in gram and len(gram) <= 3) or _ARTICLE_ONE.fullmatch(gram))


def _days_in_order(tokens: list[str], now: dt.datetime, venue: Venue) -> list[DayReading]:
    """The first two days said, in the order said, each from the longest words that read as one."""
    found: list[DayReading] = []
    start = 0
    while start < len(tokens) and len(found) < 2:
        for size in range(min(MAX_GRAM, len(tokens) - start), 0, -1):
            words = tokens[start : start + size]
            gram = " ".join(words)
            if _BREAK in words or not _may_name_a_day(gram):
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


def _time(
    tokens: list[str], now: dt.datetime, venue: Venue, day: dt.date | None, bare: bool
) -> tuple[str | None, int, str | None]:
    """The exact time said and its day offset; else the time an approximate one is near ("verso le 20")."""
    days = [day] if day else [now.date() + dt.timedelta(days=n) for n in range(7)]

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
    whole = " ".join(token for token in tokens if token != _BREAK)  # the message, for a bare answer
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
        return resolution.time, resolution.day_offset, None
    return None, 0, near


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
        if _BREAK in tokens[start:stop]:
            break
        if (found := read(" ".join(tokens[start:stop]))) is not None:
            return found
    return None


def _symptom(text: str, vocab: Vocabulary) -> str | None:
    """What the patient says is wrong, as they wrote it ("mal aux dents", "Toothache")."""
    folded = fold_same_length(text)
    found = next((m for pattern in vocab.symptoms if (m := pattern.search(folded))), None)
    return text[found.start() : found.end()] if found else None
