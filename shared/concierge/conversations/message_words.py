"""The words of a chat message made ready for reading a day and a time in it (`days_and_times`): lower case
and accent free, cut at each comma or sentence's end (`BREAK`), short forms spelt out ("sab sera", "sevenish"),
and the words that would be misread set aside: articles ("il y a un parking"), ordinals said of things ("the
2nd floor"), amounts ("siamo a 10 minuti"), counts of people ("a 4 persone").
"""

from __future__ import annotations

import re
import unicodedata

from concierge.conversations.vocabulary import Vocabulary, vocabulary
from concierge.parsing.day_grammar import GRAMMARS
from concierge.parsing.day_tokens import month_words, short_month_words
from concierge.parsing.text import fold, with_digits
from concierge.parsing.time_grammar import GRAMMARS as TIME_GRAMMARS
from concierge.parsing.time_grammar import CLOCK_LEADS, DIGITS_CLOCK, digits_as_clock, ish_spelt_out
from concierge.speech.names import SHORT_WEEKDAYS, WEEKDAYS

BREAK = "_"  # where a comma or a sentence ended: no day or time is read across it (a word character)


def time_tokens(text: str) -> list[str]:
    """Lower-case, accent-free words, keeping ':' '.' '/' and '-' between digits, as in clock times and
    written dates ("20:30", "8.15", "12/12", "2026-12-12"); a comma or a sentence's end is a `BREAK`."""
    folded = "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))
    folded = re.sub(r"[,;!?]|\.(?!\d)", f" {BREAK} ", folded)
    folded = re.sub(r"['’`]", " ", folded)
    folded = re.sub(r"(?<!\d)[:./\-]|[:./\-](?!\d)|[^\w\s:./\-]", " ", folded)
    folded = re.sub(r"\bapres midi\b", "apres-midi", folded)  # the afternoon, not noon
    return ish_spelt_out(folded).split()  # "sevenish", "noonish"


ONE_WORDS = frozenset({"un", "une", "uno", "una", "um", "uma"})  # "one", and "a" as an article
_OF_THE_HOUR = frozenset(
    "heure heures hora horas ora ore h e et and da de du del di pm am punto pile ponto precisa precises".split()
)


def articles_set_aside(tokens: list[str]) -> list[str]:
    """ "Il y a un parking ?", "vou a uma festa": after "a" (or "à"), "un" or "uma" is an article, not one
    o'clock, unless a word of the hour follows ("à une heure", "à uma da tarde") or nothing does; and "one"
    pointing at something ("that one", "the one at 8", "another one") is no one o'clock either."""
    return [
        BREAK
        if (
            token in ONE_WORDS
            and 0 < i < len(tokens) - 1
            and tokens[i - 1] == "a"
            and tokens[i + 1] not in _OF_THE_HOUR
            and tokens[i + 1] != BREAK
        )
        or (token == "one" and i > 0 and tokens[i - 1] in _POINTING)
        else token
        for i, token in enumerate(tokens)
    ]


# "that one", "a later one"
_POINTING = frozenset("that this the which any either each another other same later earlier sooner".split())


MONTH_WORDS = month_words()
SHORT_MONTH_WORDS = short_month_words()  # months only after a day's number: "5 dez"
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
OF_WORDS = frozenset({"of", "de", "di", "du", "do", "da", "del"})  # "first saturday of", "5 de dezembro"
_BEFORE_A_FIRST = frozenset({"the", "on", "le", "il", "lo", "l", "o", "dia", "du", "au", "del", "dal"})
# Nouns a number or an ordinal is said of, never a day ("our first anniversary", "the 2nd floor", "the third
# table", "the 5 course menu", "il primo appuntamento", "la prima volta", "é a primeira vez").
_THINGS = frozenset(
    """
    time times date visit anniversary birthday appointment available one thing course courses child baby floor
    choice option dish try table room piatto appuntamento visita anniversario compleanno figlio piano tavolo sala
    stanza portata portate volta rendez rdv anniversaire etage enfant choix plat salle fois aniversario encontro
    filho andar prato mesa vez guest ospite invite convidado hour slot ora orario heure creneau hora horario
    """.split()
)


def ordinals_set_aside(tokens: list[str]) -> list[str]:
    """ "It's our first anniversary", "the 2nd floor", "la prima volta": a number or an ordinal said of a
    thing is no day of the month. A first in words is one only after an article or a month, or before a month
    ("the first", "il primo", "December first", "primo dicembre"): "our first" is none."""
    return [
        BREAK
        if (
            i + 1 < len(tokens)
            and tokens[i + 1] in _THINGS
            and _ORDINALS.fullmatch(token)
            and (i == 0 or tokens[i - 1] not in MONTH_WORDS)  # "the December 5th one" is a date
        )
        or (i > 0 and tokens[i - 1] == "la" and token in _FEMININE)  # "la seconda": a place in a list
        or (token in ("primo", "prima") and i + 1 < len(tokens) and tokens[i + 1] in PART_WORDS)  # early on
        or (
            token in _FIRSTS
            and token.isalpha()  # "1st" alone is the 1st
            and (i == 0 or (tokens[i - 1] not in _BEFORE_A_FIRST and tokens[i - 1] not in MONTH_WORDS))
            and (
                i + 1 == len(tokens) or tokens[i + 1] not in MONTH_WORDS | OF_WORDS | WEEKDAY_WORDS
            )  # "first saturday of"
        )
        else token
        for i, token in enumerate(tokens)
    ]


# Another calendar's feast, named after ours: "lunar new year", "chinese new year", "capodanno cinese", "nouvel an
# chinois", "ano novo chinês", "orthodox Easter", "Noël orthodoxe": none is the day our calendar gives it.
_OTHER_CALENDARS = frozenset(
    "lunar chinese jewish islamic hindu persian orthodox vietnamese korean tet lunare cinese ebraico ortodossa "
    "ortodosso lunaire chinois juif orthodoxe chines chinesa judaico ortodoxa ortodoxo".split()
)
_FEAST_WORDS = frozenset(
    "new year years easter christmas capodanno anno nuovo pasqua natale nouvel an paques noel ano novo pascoa "
    "natal".split()
)


def other_calendars_set_aside(tokens: list[str]) -> list[str]:
    """ "Our lunar new year party", "le nouvel an chinois": the feast of another calendar, and its words, are no
    day of ours."""
    out = list(tokens)
    for i, token in enumerate(tokens):
        if token in _OTHER_CALENDARS:
            out[i] = BREAK
            for j in range(max(0, i - 3), min(len(tokens), i + 4)):
                if tokens[j] in _FEAST_WORDS:
                    out[j] = BREAK
    return out


# Italian words after which "le" and a number are an hour ("dopo le 21", "entro le 20", "per le 20", "va bene le
# 21", "facciamo le 20"): never "le 21", the 21st in French.
_BEFORE_LE_HOUR = frozenset(
    "dopo entro tra fra per verso bene facciamo meglio magari oppure prendo prendiamo preferisco preferiamo".split()
)


def hour_articles_read(tokens: list[str], italian: bool = False) -> list[str]:
    """ "Dopo le 21", "entro le 20", "tra le 20 e le 21": the hour, as "ore 21", not the 21st of the month; at an
    Italian venue, "le 21" wherever it stands ("le 21 va bene", "un tavolo per 4 le 20", "sabato le 20"), Italian
    saying an hour so where French says the 21st ("le 21 décembre" stays a date, "le 2 bambini" a count)."""
    out = list(tokens)
    for i in range(len(out) - 1):
        if out[i] == "le" and out[i + 1].isdigit() and int(out[i + 1]) <= 23:
            after_word = i > 0 and out[i - 1] in _BEFORE_LE_HOUR
            second = i > 0 and out[i - 1] == "e" and "ore" in out[max(0, i - 3) : i]  # "tra le 20 e le 21"
            counted = MONTH_WORDS | UNIT_WORDS | vocabulary().counting_words  # "le 2 bambini": no hour
            italian_hour = italian and not counted.intersection(out[i + 2 : i + 3])
            if after_word or second or italian_hour:
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


HOUR_WORDS = frozenset("hour hours ore heures horas".split())  # hours, as a number counts them ("dopo 2 ore")
# The words that start a time counted from now in any language: "in 30 minutes", "daqui a 2 horas", "d'ici 1h".
FROM_NOW = re.compile("|".join(f"(?:{grammar.ahead})" for grammar in TIME_GRAMMARS.values()))


def counts_set_aside(tokens: list[str], locale: str, vocab: Vocabulary, people: int) -> list[str]:
    """A number counting people is no hour: "a 4 persone" and "2 adultes" by the word after it, "un tavolo
    da 4" by the words before it (the party read); "a 4 persone" is not 16:00."""
    counted, leads = vocab.counting_words, vocab.intro_words["people_leads"]

    def counts(i: int) -> bool:
        following = tokens[i + 1] if i + 1 < len(tokens) else ""
        if not with_digits(tokens[i], locale).isdigit() or following in DAY_UNITS:
            return False  # "in two weeks" counts weeks
        if following in HOUR_WORDS and any(FROM_NOW.fullmatch(" ".join(tokens[max(0, i - n) : i])) for n in (1, 2)):
            return False  # "table for 2 in 2 hours": hours from now, though "in 2" may count people ("siamo in 2")
        if following in counted:
            return True
        before = tokens[max(0, i - 4) : i]
        if before and before[-1] in LEAD_ADVERBS:  # "we're now 6"
            before.pop()
        said = with_digits(tokens[i], locale) == str(people)
        return said and any(" ".join(before[-n:]) in leads for n in (1, 2, 3))

    return [BREAK if counts(i) else token for i, token in enumerate(tokens)]


# A span of two hours: "between 7 and 8pm", "from 7 to 8", "dalle 20 alle 21", "entre 20h et 21h", "das 20 às 21".
_SPAN = re.compile(
    r"\b(?:between|from|tra|fra|dalle|entre|de|des|das) (?:(?:le|les|as|os|ore) )?"
    r"(\d{1,2}(?:[:.h]\d\d)?)(?: ?(am|pm|h)\b)? "
    r"(?:and|to|till|until|e|et|a|alle|as|ate) (?:(?:le|les|as|os|ore) )?"
    r"\d{1,2}(?:[:.h]\d\d)?(?: ?(am|pm|h)\b)?(?= (\w+)|$)"
)
_BETWEEN = frozenset({"between", "tra", "fra", "entre"})
_SPAN_TOKEN = re.compile(r"(\d{1,2}(?:[:.]\d\d)?)-\d{1,2}(?:[:.]\d\d)?(am|pm|h)")  # "7-8pm", "20-21h"


def spans_read(tokens: list[str], counting: frozenset[str], moving: bool = False) -> list[str]:
    """A span of two hours is its start, with the end's "pm" when the start has none: "between 7 and 8pm" is
    7 pm, "dalle 20 alle 21" 20:00, "7-8pm" 7 pm; not a span of people or days ("between 6 and 8 people",
    "between 2 and 3 weeks", "de 5 a 7 de dezembro": a count, a unit or a month follows it). In a move, "from
    7 to 8" says the booking's time and its new one: only "between" makes a span there."""
    tokens = [_SPAN_TOKEN.sub(r"\1\2", token) for token in tokens]
    text = " ".join(tokens)
    for span in reversed(list(_SPAN.finditer(text))):
        after = text[span.end() :].split()[:3]
        if (span[4] or "") in counting | UNIT_WORDS or MONTH_WORDS.intersection(after):
            continue
        if moving and span[0].split()[0] not in _BETWEEN:
            continue
        start = span[1] + (span[2] or span[3] or "")
        words = len(span[0].split())
        text = f"{text[: span.start()]}at {start}{f' {BREAK}' * (words - 2)}{text[span.end() :]}"
    return text.split()


_AT_WORDS = frozenset({"at", "alle", "as", "ore"})  # "fri at 8", "sab alle 20", "sex às 20h"; not "qui a 20 ans"
HOUR_TOKEN = re.compile(r"(?:[01]?\d|2[0-4])(?:[:.h][0-5]\d)?(?:am|pm|h)?")  # "8", "20", "8:30", "9pm", "21h"


def digit_clocks_read(tokens: list[str], time_asked: bool = False) -> list[str]:
    """ "At 1930", "alle 2030", "friday 2000", "at 730": three or four digits after a word of the hour or a
    weekday are a clock time ("19:30"), not a year; so are they alone given as the time asked for ("1930";
    "2026" is none), and with their "am" or "pm" anywhere ("sat 830pm")."""
    alone = time_asked and len(tokens) == 1
    return [
        digits_as_clock(token, alone=alone, led=i > 0 and tokens[i - 1] in CLOCK_LEADS | WEEKDAY_WORDS) or token
        for i, token in enumerate(tokens)
    ]


# A weekday cut short, as a schedule writes it in any of the four languages, or typed so ("tues", "thurs"):
# the English name of the day it is. Each is read only before a time or a part of the day ("sat 8pm").
_WEEKDAY_OF = {
    fold(short): fold(day).lower()
    for shorts in SHORT_WEEKDAYS.values()
    for short, day in zip(shorts, WEEKDAYS["en"], strict=True)
} | {"tues": "tuesday", "thur": "thursday", "thurs": "thursday"}
# An English one is read after the words that only lead a day too: "can you do sat for 2", "this fri", "next thurs".
SHORT_EN_WEEKDAYS = frozenset(fold(short) for short in SHORT_WEEKDAYS["en"]) | {"tues", "thur", "thurs"}
_BEFORE_A_SHORT_DAY = frozenset({"this", "next", "on", "do"})
CLOCK = re.compile(r"\d{1,2}(?:[:.h]\d{2}(?:am|pm)?|h|am|pm)")  # "8pm", "21h", "20:30", "7:30pm": not "2 days"


# Every language's words for a part of the day, as tokens ("apres-midi"), and the part each names.
PART_NAMES = {
    " ".join(time_tokens(word)): part for grammar in GRAMMARS.values() for word, part in grammar.parts.items()
}
PART_WORDS = frozenset(words for words in PART_NAMES if " " not in words)  # "sab sera", "sam soir"
_BEFORE_A_PART = frozenset({"a", "al", "ao", "de", "du", "le", "la"})


def short_weekdays_spelt(tokens: list[str], day_asked: bool = False) -> list[str]:
    """A weekday cut short just before a clock time or a part of the day, "sat 8pm", "ven 21h", "sab sera",
    "dom a pranzo", in English after "this", "next", "on" or "do" ("can you do sat for 2"), or alone as the
    day asked for ("fri"), spelt out: cut short, "mar", "sun" or "qui" are other words too often to be read
    as days anywhere else."""
    if day_asked and len(tokens) == 1 and tokens[0] in _WEEKDAY_OF:
        return [_WEEKDAY_OF[tokens[0]]]

    def before_a_time(i: int) -> bool:
        after = tokens[i + 1 : i + 3]
        said_by = tokens[i - 1 : i] in (["we"], ["i"], ["they"], ["you"])  # "we sat at 8", "we sat 8 people"
        if len(after) == 2 and after[0] in _AT_WORDS and HOUR_TOKEN.fullmatch(after[1]):
            return not said_by  # "fri at 8"
        counted = after[1:] and (after[1] in vocabulary().counting_words or after[1] in DAY_UNITS)  # "sun 2 people"
        return bool(after) and (
            bool(CLOCK.fullmatch(after[0]) or DIGITS_CLOCK.fullmatch(after[0]))  # "sat 8pm", "fri 730"
            or (  # "fri 8 for 2", in English: "mar 5" may be the 5th
                tokens[i] in SHORT_EN_WEEKDAYS
                and after[0].isdigit()
                and 1 <= int(after[0]) <= 12
                and not (said_by or counted)
            )
            or after[0] in PART_WORDS
            or (len(after) == 2 and after[0] in _BEFORE_A_PART and after[1] in PART_WORDS)
        )

    def led(i: int) -> bool:
        return i > 0 and tokens[i - 1] in _BEFORE_A_SHORT_DAY and tokens[i] in SHORT_EN_WEEKDAYS

    return [
        _WEEKDAY_OF[token] if token in _WEEKDAY_OF and (before_a_time(i) or led(i)) else token
        for i, token in enumerate(tokens)
    ]


_NEXT_WEEK = ("next week", "semaine prochaine", "settimana prossima", "prossima settimana", "proxima semana",
              "semana que vem")  # fmt: skip
DAY_UNITS = frozenset(  # what a number of days may be counted in: "tra 8 giorni", "daqui a oito dias"
    "day days week weeks fortnight fortnights month months giorno giorni settimana settimane mese mesi jour jours "
    "semaine semaines mois dia dias semana semanas mes meses".split()
)
UNIT_WORDS = DAY_UNITS | _AMOUNTS  # what a number may count besides people: days, weeks, minutes, years, euros
_WEEKS = frozenset("week weeks fortnight fortnights settimana settimane semaine semaines semana semanas".split())
WEEKDAY_WORDS = frozenset(fold(name).removesuffix(" feira") for names in WEEKDAYS.values() for name in names)
# The one-word days counted from today, with how many days ahead, in every language: the day grammar's ("oggi": 0,
# "domani": 1, "demain": 1, "amanha": 1, "tmrw": 1).
RELATIVE_DAYS = {
    word: ahead for grammar in GRAMMARS.values() for word, ahead in grammar.fixed.items() if " " not in word
}


def week_joined(tokens: list[str]) -> list[str]:
    """ "la semaine prochaine, mardi", "Friday, next week", "in two weeks, Friday": a weekday and the week it
    is in with a comma between them are one day, as they are without it (nothing else is read across a comma)."""
    out = []
    for i, token in enumerate(tokens):
        if token == BREAK and 0 < i < len(tokens) - 1:
            before, after = " ".join(tokens[max(0, i - 3) : i]), " ".join(tokens[i + 1 : i + 4])
            in_weeks = tokens[i - 1] in _WEEKS
            week_then_day = (before.endswith(_NEXT_WEEK) or in_weeks) and tokens[i + 1] in WEEKDAY_WORDS
            day_then_week = tokens[i - 1] in WEEKDAY_WORDS and (
                any(week in after for week in _NEXT_WEEK) or bool(_WEEKS & set(tokens[i + 1 : i + 5]))
            )
            if week_then_day or day_then_week:
                continue
        out.append(token)
    return out


# Words around a bare answer that add nothing to it, in the four languages: "ok 10 then", "allora 6", "7 is
# fine", "21 va bene", "20h ça me va".
ANSWER_FILLERS = frozenset(
    "ok okay then so fine alright right well um just allora va bene ecco diciamo facciamo alors bon disons "
    "d accord ben entao pronto ta bem pode ser please is works good great perfect would be that suits perfetto "
    "ottimo parfait ca marche me convient perfeito otimo serve fica maybe perhaps forse magari peut etre talvez "
    "hmm hm".split()  # "hmm, 7 maybe?", "forse alle 21"
)

# The words that take back what was just said in the same message: "at 8, sorry at 9", "per 2, anzi per 3",
# "pardon, 11h", "às 20h, aliás às 21h" (`taken_back` for days and times, `party_sizes` for the party).
CORRECTION_WORDS = frozenset("actually sorry anzi cioe pardon plutot finalement alias afinal".split())
BUT_WORDS = frozenset({"but", "ma", "mais", "mas"})  # a party said after them corrects the one said or booked
# Words between a party's lead and its number: "we're now 6", "siamo solo 2", "on sera finalement 5", "somos só 3".
LEAD_ADVERBS = frozenset(
    "now still actually only just ora adesso ancora solo maintenant finalement seulement agora ainda afinal so "
    "apenas".split()
)
# The verbs of booking, not the things booked ("a table", "una mesa"): "Saturday, a table for 4 at 8, or Sunday"
BOOKING_VERB = re.compile(r"(?:book|reserv|prenot|marcar|agendar)\w*")
# "Next" said with a weekday ("next Saturday", "sabato prossimo", "samedi prochain", "o próximo sábado")
NEXT_WORDS = frozenset({"next", "prossimo", "prossima", "prochain", "prochaine", "proximo", "proxima"})
# Said with a party, a change of it: "one dropped out, we're 3 now", "adesso siamo in 6", "agora somos 5"
NOW_WORDS = frozenset({"now", "adesso", "ora", "maintenant", "desormais", "agora"})
NEGATIONS = frozenset({"not", "non", "pas", "nao"})  # before what is not meant: "not Friday", "9 not 8"
# Another day or time asked for ("any other day?", "un altro orario?", "un autre jour ?", "outro dia?"): a no to
# "Shall I book…?", and no clinic's care ("autre")
ANOTHER_DAY = re.compile(
    r"\b(?:another|different|other|altro|autre|outro|outra) (?:day|time|giorno|orario|jour|heure|dia|hora)\b"
)
# "et un autre pour mon fils", "e un altro", "e outro": another of the same, no clinic's care "autre" either
ANOTHER_ONE = re.compile(r"\b(?:un|une|uno|una|um|uma|encore un|encore une) (?:autre|altro|altra|outro|outra)\b")
