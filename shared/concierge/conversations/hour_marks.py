"""Words next to a number that say whether it is an hour or a day, for the message's words (`message_words`) to
be read right: "to 8" in a move and "make it 8" are "at 8", "Friday 8" is Friday at 8 unless Friday is the 8th,
"au 3" in a move is the 3rd."""

from __future__ import annotations

import datetime as dt

from concierge.conversations.name_words import FOR_WORDS
from concierge.conversations.message_words import (
    BREAK,
    CLOCK,
    CORRECTION_WORDS,
    MONTH_WORDS,
    NEGATIONS,
    ONE_WORDS,
    WEEKDAY_WORDS,
)
from concierge.parsing.calendar_dates import calendar_date
from concierge.parsing.text import with_digits
from concierge.parsing.weekdays import parse_weekday


def at_before_a_number(tokens: list[str], words: frozenset[str] = frozenset({"to"})) -> list[str]:
    """`words` before a number read as "at": in a move, "to" says the new hour ("move it to 8", "push it back
    to 9"), and "from", "dalle", "de" the booking's own ("from 7 to 8", "de 9h à 11h")."""
    following = [*tokens[1:], ""][: len(tokens)]  # none for a message with no words left
    return [
        "at" if token in words and after[:1].isdigit() else token
        for token, after in zip(tokens, following, strict=True)
    ]


def hour_after_for(tokens: list[str], hour: int, locale: str) -> list[str]:
    """ "For 8" read as "at 8", the party said apart (`PartySaid.hour`): "a table for 2 for 8", "book me in for 7
    on Friday, 2 people"."""
    out = list(tokens)
    for i, (token, number) in enumerate(zip(tokens, tokens[1:], strict=False)):
        if token in FOR_WORDS and with_digits(number, locale) == str(hour):
            out[i] = "at"
            break
    return out


_TO_THE_DAY = {"au": "le", "al": "il"}  # "au 3", "al 3": to the 3rd, as "le 3", "il 3" say the 3rd


def day_after_to(tokens: list[str]) -> list[str]:
    """In a move, "au 3", "al 3" name the day it moves to ("déplacer du 1er décembre au 3", "dal 1 al 3"), not
    an hour ("alle 3", "à 3h" do)."""
    out = list(tokens)
    for i, token in enumerate(tokens[:-1]):
        number = tokens[i + 1]
        if token in _TO_THE_DAY and number.isdigit() and 1 <= int(number) <= 31:
            out[i] = _TO_THE_DAY[token]
    return out


def at_after_weekday(tokens: list[str], locale: str, today: dt.date) -> list[str]:
    """ "Friday 8 for 2", "sabato otto": an hour from 1 to 12 just after a weekday, with no month after it, is
    the hour, as "Friday at 8" (a number after a weekday with no month is no day: "friday seven thirty"), unless
    it is that weekday's date (`_weekdays_date`)."""
    out = list(tokens)
    for i in range(len(tokens) - 1, 0, -1):
        said = tokens[i] if tokens[i - 1] in WEEKDAY_WORDS and tokens[i] not in ONE_WORDS | {"one"} else ""
        number = with_digits(said, locale)  # "the wednesday one" names no hour
        dated = MONTH_WORDS.intersection(tokens[i + 1 : i + 3])  # "sabato 8 dicembre", "sábado 8 de dezembro"
        if (
            number.isdigit()
            and 1 <= int(number) <= 12
            and not (dated or _weekdays_date(tokens, i, number, locale, today))
        ):
            out[i : i + 1] = ["at", number]  # in digits: "at 8" reads in every language, "at otto" in none
    return out


_HOUR_LEADS = frozenset({"at", "alle", "all", "ore", "a", "as", "vers", "verso", "pelas", "around"})


def _weekdays_date(tokens: list[str], i: int, number: str, locale: str, today: dt.date) -> bool:
    """ "Samedi 5", "sabato 5 alle 20", "Saturday 5 at 8pm", "sabato cinque alle venti": the number after a
    weekday (`tokens[i]`, `number` in digits) is the date when the next such day of the month is on that weekday
    and its hour is said after it; or, with no hour, when it is written in digits in a message not in English
    (where "Friday 4" is as often 4 pm, and a spoken "sabato otto" is the hour)."""
    date = calendar_date(int(number), None, None, today)
    if date is None or date.weekday() != parse_weekday(tokens[i - 1]):
        return False
    after = [with_digits(token, locale) for token in tokens[i + 1 :]]
    hour_said = any(
        CLOCK.fullmatch(token) or (token in _HOUR_LEADS and after[j + 1 : j + 2] and after[j + 1].isdigit())
        for j, token in enumerate(after)
    )
    return hour_said or (tokens[i].isdigit() and locale != "en")


# Words after which a bare number is the hour meant: "make it 8 instead", "sorry, I meant 8", "can we do 8?",
# "let's say 8". Those that propose a number rather than correct one say no party ("table for 2 saturday",
# "what about 8?" is 8 pm; "make that 3" may be the party).
_PROPOSALS = (("we", "do"), ("can", "you", "do"), ("could", "you", "do"), ("say",), ("what", "about"), ("how", "about"))
_BEFORE_AN_HOUR = (("make", "it"), ("make", "that"), ("meant",), ("mean",), ("intendevo",), ("volevo", "dire"),
                   ("voulais", "dire"), ("queria", "dizer"), ("quis", "dizer"), *_PROPOSALS)  # fmt: skip
_INSTEAD = frozenset({"instead", "invece", "plutot"})  # "8 instead": the hour meant instead
# Words after which a bare number is the hour asked for, "is" or "would be" between: "is 9 possible?", "would 9
# work?", "9 would be better", "9 ok?".
_FITS = frozenset({"possible", "possibile", "possivel", "ok", "okay", "available", "free", "better", "work", "works"})


def at_after_correction(tokens: list[str], people: int | None) -> tuple[list[str], int | None]:
    """ "Make it 8 instead", "sorry, I meant 8 not 7", "8 instead", "7 it is", "actually 9", "sorry, 9 not 8", "is
    9 possible?": an hour said with no word before it, read as "at 8" (not the party just read); with the number
    so read when it corrects one said, which may have been the party."""
    for i in range(len(tokens)):
        leads = [lead for lead in _BEFORE_AN_HOUR if tuple(tokens[i : i + len(lead)]) == lead]
        end = i + len(leads[0]) if leads else i
        after = tokens[i + 1 : i + 3]
        fits = [word for word in tokens[i + 1 : i + 4] if word not in ("is", "would", "be")][:1]
        instead = not leads and bool(after) and (after[0] in _INSTEAD or after == ["it", "is"])  # "7 it is"
        fitting = not (leads or instead) and bool(fits) and fits[0] in _FITS  # "is 9 possible?"
        proposed = fitting or (bool(leads) and leads[0] in _PROPOSALS)
        if not (leads or instead) and tokens[i] in CORRECTION_WORDS:  # a number alone after it: "actually 9"
            end = i + 2 if tokens[i + 1 : i + 2] == [BREAK] else i + 1
            leads = [(tokens[i],)] if not tokens[end + 1 :] or tokens[end + 1] in NEGATIONS | {BREAK} else []
        if (leads or instead or proposed) and end < len(tokens):
            if tokens[end - 1 : end] == ["about"] and tokens[end][:1].isdigit():  # "what about 9pm?" is not "about 9pm"
                tokens = [*tokens[: end - 1], "at", *tokens[end:]]
            number = with_digits(tokens[end], "en")
            if number.isdigit() and int(number) != people:
                return [*tokens[:end], "at", *tokens[end:]], None if proposed else int(number)
    return tokens, None
