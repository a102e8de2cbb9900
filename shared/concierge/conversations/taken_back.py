"""Days and times said and taken back in the same message, set aside so that the one meant is read: after "not"
("not Friday, Saturday", "non alle 8 ma alle 9"), and before a correction ("at 8, sorry at 9", "venerdì, anzi
sabato", "às 20h, aliás às 21h"); and a day said in a sentence before the one asking to book another ("today is
my anniversary, can we book tomorrow?")."""

from __future__ import annotations

import datetime as dt
from typing import Callable

from concierge.conversations.days_and_times import IF_WORDS, may_name_a_day
from concierge.conversations.times_said import BOUND_WORDS, TIME_SIGNAL
from concierge.conversations.message_words import (
    BOOKING_VERB,
    BREAK,
    BUT_WORDS,
    CORRECTION_WORDS,
    NEGATIONS,
    NEXT_WORDS,
    OF_WORDS,
    WEEKDAY_WORDS,
)
from concierge.domain.venue import Venue
from concierge.parsing import UnsupportedRelativeTime, VagueTime, read_day, resolve_relative_time
from concierge.parsing.text import with_digits

NEGATED_WORDS = 3  # words after "not" that may name the day or time not meant
_TAKEN_BACK_WORDS = 3  # words before a correction that may name the day or time taken back


def negated_set_aside(tokens: list[str], now: dt.datetime, venue: Venue) -> list[str]:
    """A day or time said after "not" is the one not meant: "not Friday, Saturday" is Saturday, "non alle 8
    ma alle 9" is 9."""
    out = list(tokens)
    for i, token in enumerate(tokens):
        if token not in NEGATIONS or tokens[i + 1 : i + 2] == [BREAK]:
            continue  # "non, mardi", "não, sábado": a no, then the day meant
        if CORRECTION_WORDS.intersection(tokens[i + 1 : i + 2]):
            continue  # "non plutôt 15h", "não afinal sábado": the one meant, said as such
        if i and tokens[i - 1] in IF_WORDS:
            continue  # "tonight, if not tomorrow": the one offered next, not refused
        if BOUND_WORDS.intersection(tokens[i + 1 : i + 2]):
            continue  # "pas avant 14h", "not before 8": a bound the other way, read with the time
        for start in (i + 1, i + 2):  # "not Friday", "non posso venerdì"
            spans = [tokens[start : start + size] for size in range(min(NEGATED_WORDS, len(tokens) - start), 0, -1)]
            said = next((w for w in spans if BREAK not in w and names_a_day_or_time(" ".join(w), now, venue)), None)
            if said is not None:
                out[i : start + len(said)] = [BREAK] * (start + len(said) - i)
                _the_next_one_read(out, start + len(said), " ".join(said), now, venue)
                break
        else:  # "na sexta não dá, pode ser sábado?": the day just before it, when another follows
            first = _day_just_before(tokens, i, now, venue)
            if first is not None and _names(" ".join(tokens[i + 1 :]), now, venue, _names_a_day):
                out[first : i + 1] = [BREAK] * (i + 1 - first)
    return out


# The same weekday a week on, said after the one refused: "not this Friday but the next one", "non questo venerdì
# ma il prossimo", "pas ce vendredi, celui d'après", "não esta sexta mas a próxima".
_THE_NEXT_ONE = tuple(
    tuple(phrase.split())
    for phrase in (
        "the next one", "the one after", "the following one", "the next", "next one", "il prossimo", "la prossima",
        "quello dopo", "quella dopo", "il successivo", "quello successivo", "le suivant", "le prochain",
        "celui d apres", "la suivante", "a proxima", "o proximo", "a seguinte", "o seguinte", "a outra", "o outro",
    )
)  # fmt: skip


def _the_next_one_read(tokens: list[str], at: int, refused: str, now: dt.datetime, venue: Venue) -> None:
    """ "The next one" said from `at`, after `refused` (a weekday), or that weekday said again as the next ("not
    this Friday but next Friday", which alone is this Friday), as the date a week after it, in place."""
    start = at
    while start < len(tokens) and (tokens[start] == BREAK or tokens[start] in BUT_WORDS):
        start += 1
    day = _day_of(refused, now, venue) if WEEKDAY_WORDS.intersection(refused.split()) else None
    if day is None:
        return
    phrase = next((p for p in _THE_NEXT_ONE if _said_at(tokens, start, p)), None)
    size = len(phrase) if phrase else _said_as_the_next(tokens, start, day, now, venue)
    if size:
        tokens[start : start + size] = [(day + dt.timedelta(days=7)).isoformat(), *[BREAK] * (size - 1)]


_NEXT_WORDS = NEXT_WORDS | {"vem"}  # "a sexta que vem"


def _said_as_the_next(tokens: list[str], start: int, day: dt.date, now: dt.datetime, venue: Venue) -> int:
    """How many words from `start` name `day` as the next of its weekday ("next Friday", "venerdì prossimo", "a
    sexta que vem"); 0 when they do not."""
    for size in (4, 3, 2):
        said = tokens[start : start + size]
        if _NEXT_WORDS.intersection(said) and _day_of(" ".join(said), now, venue) == day:
            return size
    return 0


def _day_of(words: str, now: dt.datetime, venue: Venue) -> dt.date | None:
    try:
        return read_day(words, now, venue.locale, venue=venue).date
    except ValueError:
        return None


def _said_at(tokens: list[str], start: int, phrase: tuple[str, ...]) -> bool:
    """Whether `phrase` is said at `start`; its "one" may have been read as a count and set aside already."""
    said = tokens[start : start + len(phrase)]
    return len(said) == len(phrase) and all(
        token == word or (word == "one" and token in ("1", BREAK)) for token, word in zip(said, phrase, strict=True)
    )


def _day_just_before(tokens: list[str], at: int, now: dt.datetime, venue: Venue) -> int | None:
    """Where a day starts in the few words before `at` ("na sexta" | "não dá", "mardi je ne" | "pas",
    "friday is" | "not"), or None."""
    for start in range(at - 1, max(at - NEGATED_WORDS, 0) - 1, -1):
        for end in range(at, start, -1):
            words = tokens[start:end]
            if BREAK not in words and _names_a_day(" ".join(words), now, venue):
                return start
    return None


_PAST_BEFORE = frozenset({"last"})
_PAST_AFTER = frozenset({"scorso", "scorsa", "dernier", "derniere", "passado", "passada"})


def past_weekdays_set_aside(tokens: list[str]) -> list[str]:
    """ "Last Saturday", "sabato scorso", "lundi dernier", "sábado passado": a day gone by, never the one
    booked ("siamo stati da voi sabato scorso, vorremmo tornare venerdì" is Friday); "the last Saturday of
    the month" is one to come."""
    out = list(tokens)
    for i, token in enumerate(tokens):
        if token not in WEEKDAY_WORDS:
            continue
        after = tokens[i + 1 : i + 2]
        if i and tokens[i - 1] in _PAST_BEFORE and not OF_WORDS.union({"in"}).intersection(after):
            out[i - 1 : i + 1] = [BREAK, BREAK]
        elif after and after[0] in _PAST_AFTER:
            out[i : i + 2] = [BREAK, BREAK]
    return out


def earlier_days_set_aside(tokens: list[str], now: dt.datetime, venue: Venue) -> list[str]:
    """Days said in the sentences before the one asking to book a day are not the day booked: "today is my
    anniversary, can we book tomorrow?", "c'est mon anniversaire samedi, je voudrais réserver vendredi"."""
    verbs = [i for i, token in enumerate(tokens) if BOOKING_VERB.fullmatch(token)]
    if not verbs:
        return tokens
    stretch_start = max((i + 1 for i, token in enumerate(tokens[: verbs[-1]]) if token == BREAK), default=0)
    after = tokens[verbs[-1] + 1 :]
    stretch_after = after[: after.index(BREAK)] if BREAK in after else after
    if stretch_start == 0 or not _names(" ".join(stretch_after), now, venue, _names_a_day):
        return tokens
    out = list(tokens)
    for start in range(stretch_start):
        for size in range(min(NEGATED_WORDS, stretch_start - start), 0, -1):
            words = out[start : start + size]
            if BREAK not in words and _names_a_day(" ".join(words), now, venue):
                out[start : start + size] = [BREAK] * size
                break
    return out


def corrected_set_aside(tokens: list[str], now: dt.datetime, venue: Venue) -> list[str]:
    """A day or time said before a correction is taken back when one of the same kind follows it: "at 8, sorry
    at 9" is 9, "venerdì, anzi sabato, alle 20" is Saturday at 20 (and Friday's time, said before, is kept when
    none follows)."""
    last = max((i for i, token in enumerate(tokens) if token in CORRECTION_WORDS), default=None)
    if last is None:
        return tokens
    after = " ".join(tokens[last + 1 :])
    new_day, new_time = _names(after, now, venue, _names_a_day), _names(after, now, venue, _names_a_time)
    out = list(tokens)
    for start in range(last):
        for size in range(min(_TAKEN_BACK_WORDS, last - start), 0, -1):
            words = tokens[start : start + size]
            gram = " ".join(words)
            if BREAK in words:
                continue
            if (new_day and _names_a_day(gram, now, venue)) or (new_time and _names_a_time(gram, now, venue)):
                out[start : start + size] = [BREAK] * size
                break
    return out


def names_a_day_or_time(gram: str, now: dt.datetime, venue: Venue) -> bool:
    return _names_a_day(gram, now, venue) or _names_a_time(gram, now, venue)


def _names(text: str, now: dt.datetime, venue: Venue, names: Callable[[str, dt.datetime, Venue], bool]) -> bool:
    """Whether some words of `text` name what `names` tells."""
    words = text.split()
    return any(
        BREAK not in words[start : start + size] and names(" ".join(words[start : start + size]), now, venue)
        for size in (3, 2, 1)
        for start in range(len(words) - size + 1)
    )


def _names_a_day(gram: str, now: dt.datetime, venue: Venue) -> bool:
    if not may_name_a_day(gram):
        return False
    try:
        read_day(gram, now, venue.locale, venue=venue)
        return True
    except ValueError:
        return False


def _names_a_time(gram: str, now: dt.datetime, venue: Venue) -> bool:
    if not TIME_SIGNAL.search(with_digits(gram, venue.locale)):
        return False
    try:
        resolve_relative_time(gram, now, venue.locale)
        return True
    except (VagueTime, UnsupportedRelativeTime, ValueError):
        return False
