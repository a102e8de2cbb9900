"""What a customer's chat message says, for the offline agent: intents, and the booking details in it.

Words (intents, care types, how names and party sizes are introduced) are data (`vocabulary`),
recognised in every language; intents are read by `message_intents`, names by `customer_names`, days and
times by `days_and_times` (the project's parsers on the message's word sequences, readied by
`message_words`); phone numbers by `phones_said`.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace

from concierge.conversations.booking_notes import special_request, symptom
from concierge.conversations.customer_names import (
    answered_name,
    capitalised_at_start,
    capitalised_part,
    full_name,
    introduced,
    looks_like_name,
    name_at_start,
    new_name,
    name_segment,
    said_of_oneself_first,
    venue_named,
)
from concierge.conversations.days_and_times import (
    DAYS_GONE,
    day_said,
    days_in_order,
    two_days_together,
    two_offered,
    part_said,
    part_window_said,
    week_said,
    weekend_of_a_date,
    with_part_said_apart,
)
from concierge.conversations.hour_marks import (
    at_after_correction,
    at_after_weekday,
    at_before_a_number,
    day_after_to,
    hour_after_for,
)
from concierge.conversations.message_intents import emoji_answer, intents_said, is_question
from concierge.conversations.message_spans import blanked
from concierge.conversations.message_words import (
    ANOTHER_DAY,
    ANOTHER_ONE,
    ANSWER_FILLERS,
    BREAK,
    CORRECTION_WORDS,
    HOUR_WORDS,
    NEGATIONS,
    amounts_set_aside,
    articles_set_aside,
    counts_set_aside,
    digit_clocks_read,
    hour_articles_read,
    ordinals_set_aside,
    other_calendars_set_aside,
    short_weekdays_spelt,
    spans_read,
    time_tokens,
    week_joined,
)
from concierge.conversations.name_words import INTENTS_OF_A_SURNAME
from concierge.conversations.either_times import either_set_apart
from concierge.conversations.names_after_booking_words import name_after_a_booking_word
from concierge.conversations.names_after_titles import name_after_a_title
from concierge.conversations.names_answered_first import name_answered_first
from concierge.conversations.names_written_last import name_written_last, signed_name
from concierge.conversations.offered_places import place_picked
from concierge.conversations.party_changes import party_change
from concierge.conversations.party_sizes import party_said, party_size, with_party_counted
from concierge.conversations.phones_said import phone_said
from concierge.conversations.readings import Reading
from concierge.conversations.spelt_out import spelt_out
from concierge.conversations.times_said import time_said, times_of_a_move
from concierge.conversations.time_shifts import SHIFT_WORDS, shift_said
from concierge.conversations.taken_back import (
    corrected_set_aside,
    earlier_days_set_aside,
    negated_set_aside,
    past_weekdays_set_aside,
)
from concierge.conversations.vocabulary import Vocabulary, vocabulary
from concierge.domain.venue import Venue
from concierge.parsing.errors import NoSuchDate
from concierge.parsing.text import with_digits
from concierge.tools.faq import normalise

MAX_TOKENS = 80  # days and times are looked for in a message's first 80 words (a 4000-character one stays fast)
# Not knowing or not remembering what is asked: "I don't know", "je sais pas", "não sei", "ho dimenticato".
_NOT_SURE = re.compile(
    r"\b(?:(?:don ?t|do not) know|not sure|no idea|sais pas|aucune idee|pas sur|non (?:lo )?so|nao sei|"
    r"nao tenho a certeza|sei la|forgot|forgotten|(?:don ?t|do not|can ?t) remember|dimenticato|non (?:mi )?ricordo|"
    r"esqueci|esqueci me|nao me lembro|oublie|me souviens (?:pas|plus))\b"
)


def read_message(text: str, venue: Venue, now: dt.datetime, awaiting: tuple[str, ...] = ()) -> Reading:
    """Everything the message says. `awaiting` lists the fields just asked for, so a bare answer
    ("Marie Dupont", "4", "20:00", a reason) is read as that field."""
    vocab = vocabulary()
    reading = Reading()
    if (
        tuple(awaiting) == ("reason",)
        and len(text.strip()) >= 3
        and not _no_reason(text, read_message(text, venue, now))
    ):
        reading.reason = text.strip()[:200]  # the answer to "what is the reason?" is the reason, whatever it says
        return reading
    # A phone number, not a date written in digits ("2026-12-01", "12.12.2026"), first: the rest is read without it.
    phone = phone_said(text, venue.country, now.date(), asked="patient.phone_e164" in awaiting)
    reading.phone, reading.bad_phone, rest = phone
    rest = with_party_counted(spelt_out(rest))  # "table 4 2 @ 8", "uh"; "the number of people to 5": 5 people
    folded = normalise(rest)
    if emoji := emoji_answer(text, folded):
        reading.intents = {emoji}  # "👍" alone to "Shall I book...?"
        return reading
    reading.intents = intents_said(text, rest, folded, vocab)
    reading.shift = shift_said(folded)
    if reading.shift:  # "anticipare di un'ora": an amount, not 1 pm
        rest = blanked(rest, SHIFT_WORDS)
    if vocab.has("season_greetings", folded):  # "Buon Natale!": a wish, not Christmas Day
        rest = blanked(rest, vocab.phrases["season_greetings"])
    if "instead_of" in reading.intents:  # "alle 21 invece delle 19 e 30": what is replaced is not meant
        rest = blanked(rest, vocab.phrases["instead_of"], "not")
    for edge in {"earliest", "latest"} & reading.intents:  # "il prima possibile" names no 1st of the month
        rest = blanked(rest, vocab.phrases[edge])
    question = is_question(text, folded)
    if venue.is_clinic:  # "any other day?" names no care ("autre"), nor anything at a restaurant
        cares, of_care = vocab.care_types.items(), ANOTHER_ONE.sub(" ", ANOTHER_DAY.sub(" ", folded))
        cares_named = [name for name, patterns in cares if any(p.search(of_care) for p in patterns)]
        reading.care_type = cares_named[0] if cares_named else None
        if len(cares_named) > 1 and "move" in reading.intents:  # "changer mon contrôle en détartrage": its care changed
            reading.intents |= {"care_change", "mine"}
        if reading.care_type is None and "care_type" in awaiting and _NOT_SURE.search(folded):
            reading.care_type = "consultation"  # "je ne sais pas" to the type of care: the dentist sees first
    if (
        "patient.name" in awaiting
        and not (reading.intents - INTENTS_OF_A_SURNAME)  # "Megan Price" is no question of price
        and (name := full_name(rest) or ("slot.start_iso" not in awaiting and _holiday_named(rest, venue, now)))
    ):
        reading.name = name  # "Pedro Santos", "Noel" answer the name asked for: not All Saints' Day, not Christmas
        reading.intents = set()
        return reading
    hour_for = None  # "a table for 2 for 8": the 8
    if not venue.is_clinic:  # a clinic books one patient; "pour un détartrage" is not a party of one
        reading.party_change = party_change(with_digits(folded, venue.locale))
        if reading.party_change is None:  # "add 2 people" is no party of 2
            asked, time_too = "party_size" in awaiting, "slot.start_iso" in awaiting
            # nor "una persona" in "sto parlando con una persona?"
            counted = normalise(blanked(rest, vocab.phrases["bot"])) if "bot" in reading.intents else folded
            if "+" in rest:  # "for 4 + a baby", "me + 3": "+" is no word once folded
                counted = normalise(_PLUS.sub(" plus ", rest))
            reading.people, hour_for = party_said(counted, venue.locale, vocab, bare=asked, time_too=time_too)
            if reading.people is None and asked and "," in rest:  # the answer first: "ok ten then, Saturday at 8"
                reading.people = party_size(normalise(rest.split(",")[0]), venue.locale, vocab, True, time_too)
    elif complaint := symptom(rest, vocab):  # "j'ai mal aux dents": the reason, with a détartrage or not
        reading.reason = complaint
        if reading.care_type is None:  # the dentist sees a complaint first
            reading.care_type, reading.care_assumed = "consultation", True
    # The name first, and its words set aside: "Jane" is no misspelt June, nor "Santos" All Saints' Day.

    def names_a_day(words: str) -> bool:
        try:
            return day_said(time_tokens(words), now, venue) is not None
        except NoSuchDate:
            return True  # "31 November" is no name

    if any(f" {intro} " in f" {folded} " for intro in vocab.intro_words["relation_intros"]):
        reading.for_someone = True  # "rdv pour mon fils": at a clinic, his name is the patient's
    named = blanked(rest, (venue_named(venue.name),))  # "Trattoria Roma, tavolo per 2…": the venue's, no one's
    reading.name = (
        (new_name(named) if "rename" in reading.intents else None)
        or introduced(
            named, vocab.intro_words["name_intros"], lambda s: name_at_start(s if question else capitalised_part(s))
        )
        or introduced(named, vocab.intro_words["relation_intros"], capitalised_at_start)  # "pour ma fille Léa"
        or name_segment(named, vocab, names_a_day)
        or signed_name(named, vocab, names_a_day)
        or said_of_oneself_first(named, vocab, names_a_day)
        or name_written_last(named, vocab, names_a_day)
        or name_after_a_booking_word(named, vocab, names_a_day)
        or name_after_a_title(named, vocab, names_a_day)
        or (name_answered_first(named, vocab, names_a_day) if "patient.name" in awaiting else None)
    )
    # "Jane" is no misspelt June; the name as a whole word only ("Tom" leaves "Tomorrow" whole)
    unnamed = re.sub(rf"(?<!\w){re.escape(reading.name)}(?!\w)", " ", rest) if reading.name else rest
    said = time_tokens(unnamed)[:MAX_TOKENS]
    time_asked = "slot.start_iso" in awaiting  # the day and time asked for
    tokens = articles_set_aside(week_joined(short_weekdays_spelt(said, day_asked=time_asked)))
    tokens = amounts_set_aside(ordinals_set_aside(other_calendars_set_aside(tokens)))
    tokens = hour_articles_read(tokens, italian=venue.locale == "it")
    if reading.people is not None:
        tokens = counts_set_aside(tokens, venue.locale, vocab, reading.people)
        tokens = hour_after_for(tokens, hour_for, venue.locale) if hour_for else tokens
    tokens = spans_read(tokens, vocab.counting_words, moving="move" in reading.intents)
    tokens, other_time = either_set_apart(tokens, time_asked, vocab.counting_words)
    tokens = digit_clocks_read(tokens, time_asked)
    tokens = at_after_weekday(tokens, venue.locale, now.date())
    tokens = past_weekdays_set_aside(tokens)
    if NEGATIONS.intersection(tokens):
        tokens = negated_set_aside(tokens, now, venue)
    if CORRECTION_WORDS.intersection(tokens):
        tokens = corrected_set_aside(tokens, now, venue)
    if not {"cancel", "move"} & reading.intents:
        tokens = earlier_days_set_aside(tokens, now, venue)
    if "move" in reading.intents:
        tokens = at_before_a_number(day_after_to(tokens))
    elif time_asked and tokens[:1] == ["to"]:
        tokens = at_before_a_number(tokens)  # "to 9", to "To which day and time should I move your booking…?"
    try:
        either = None if {"cancel", "move"} & reading.intents else two_offered(tokens, now, venue)
        day = weekend_of_a_date(tokens, now, venue) or (either and either[0]) or day_said(tokens, now, venue)
        reading.day_else = either[1].date if either and day is either[0] else None
    except NoSuchDate as impossible:  # "the 31st of November": no day, rather than the 31st of another month
        day, reading.no_such_date = None, (impossible.day, impossible.month)
    if {"mine", "another"} <= reading.intents and not {"cancel", "move"} & reading.intents:
        if len(two_days := days_in_order(tokens, now, venue)) == 2:
            day = two_days[1]  # "I have a booking on Saturday, can I also book Sunday?": the new booking's day
    if day is None or day.part is None:  # "good morning" names no part
        sooner = tuple(p for intent in {"later", "earlier"} & reading.intents for p in vocab.phrases[intent])
        ungreeted = time_tokens(blanked(unnamed, vocab.phrases["greeting"] + sooner))  # nor "mais tarde"
        if day is not None:  # "dinner for 3 on Saturday"
            day = with_part_said_apart(day, ungreeted, venue)
        else:
            reading.part_named = part_said(ungreeted)  # "evening", of the day under way
    days = days_in_order(tokens, now, venue) if {"cancel", "move"} & reading.intents else []
    rebooked = "cancel" in reading.intents and _REBOOKED.search(folded)
    if rebooked and (len(days) == 2 or _only_the_new_day(tokens, now, venue)):
        reading.intents = (reading.intents - {"cancel", "book"}) | {"move"}  # "cancel Friday, book Saturday instead"
    elif {"cancel", "hours"} & reading.intents:  # "cancel my Friday and Saturday bookings", "open Friday and Saturday?"
        reading.days_named = two_days_together(tokens, now, venue)
        if rebooked:
            reading.intents.add("another")  # "cancel Friday's booking and book a new one": a booking after it
    if "move" in reading.intents and len(days) == 2:
        first, day = days  # "from Friday to Saturday": the booking's day, then the new one
        reading.day_from = first.date
    reading.that_day = day is None and vocab.has("that_day", folded)
    if (week := week_said(day, folded, now)) is not None:  # "la semaine du 7 décembre": no day of it yet
        reading.week_of, day = week, None
        reading.intents.discard("next_week")  # "para a semana do Natal" is that week, not the next
    if day is not None and day.date < now.date():  # "the 20th of November 2026", said on the 23rd
        reading.past_day, day = day.date, None
    if day is not None:
        reading.intents -= {"day_after", "day_before"}  # "the day after tomorrow", "la veille de Noël": that day
        reading.day = day.date
        reading.day_choices = day.candidates if day.ambiguous else ()
        weekend = len(choices := reading.day_choices) == 2 and choices[0].weekday() == 5 and choices[1].weekday() == 6
        if weekend and "hours" in reading.intents and not reading.days_named:
            reading.days_named = choices  # "are you open this weekend?": Saturday's hours and Sunday's
        reading.part = part_window_said(day, folded)
        if vocab.has("possible", folded) and not _OF_THEIRS & reading.intents:
            reading.intents.add("availability")  # "c'est possible aujourd'hui ?", "can I come today?": its free times
    # A bare number when both the party and the time are awaited is the party if it can be one ("4"), else the hour.
    alone = [t for t in tokens if t != BREAK and t not in ANSWER_FILLERS] == [str(reading.people)]  # "4", "4 please"
    bare_party = reading.people is not None and reading.people <= venue.max_people and alone
    timed, reading.made_it = at_after_correction(tokens, reading.people)
    bare_time = "slot.start_iso" in awaiting and not bare_party and reading.day is None  # "le 21" in French: a day
    time = time_said(timed, now, venue, reading.day, bare=bare_time)
    reading.time, reading.time_near, reading.bound = time.exact, time.near, time.bound
    if other_time and reading.time:  # "at 7 or 7:30": 7 if free, else 7:30
        other = time_said(other_time, now, venue, reading.day, bare=True).exact
        reading.time_else = other if other != reading.time else None
    if "move" in reading.intents and (both := times_of_a_move(timed, now, venue, reading.day)):
        reading.time_from, reading.time = both  # "move my booking from 7 to 8": the booking's time, then the new
    if time.from_now and "hours" in reading.intents:  # "can we come in 2 hours?" asks for no opening hours
        if not vocab.has("hours", " ".join(word for word in folded.split() if word not in HOUR_WORDS)):
            reading.intents.discard("hours")
    if reading.shift is None and reading.day and not (reading.time or reading.time_near) and _MEANT.search(folded):
        reading.shift = 0  # "sorry, I meant Saturday": the time already said, on that day
    if "rename" in reading.intents and not (reading.day or reading.time or reading.people):
        reading.intents.discard("move")  # "change the name to Ann Smith" moves nothing
    if reading.bound and question:
        if not (reading.day or awaiting) and vocab.has("possible", folded):  # "could we come before 8?": sooner
            reading.intents.add("earlier" if reading.bound == "before" else "later")
        reading.intents.add("availability")  # "e depois das 21h?": the free times then, asked
    if reading.people is not None and reading.time is not None and alone:
        reading.people = None  # "20" when both were asked: an hour, not a party of twenty
    if reading.day_from and reading.day == reading.day_from and not reading.time:
        reading.day += dt.timedelta(days=7)  # "move Friday to next Friday (same time)": a week on, not Friday again
    when_asked = reading.time or reading.time_near or "slot.start_iso" in awaiting
    if reading.past_day and DAYS_GONE.intersection(tokens) and not when_asked:
        reading.past_day = None  # "une dent qui bouge depuis hier", "sorry about yesterday": no day for a booking
    if reading.day is None and (time.day_offset or time.from_now):  # "in 2 hours" is today, or tomorrow at 23:00
        reading.day = now.date() + dt.timedelta(days=time.day_offset)
    reason = introduced(rest, vocab.intro_words["reason_intros"], lambda s: s.strip(" .,;:!?")[:200] or None)
    reading.reason = reason or reading.reason
    booking_said = reading.day or reading.time or reading.time_near or reading.people
    if not venue.is_clinic or reading.care_type is None:
        reading.intents.discard("care_change")  # "add a note": no appointment's care changed
    if not venue.is_clinic and reading.reason is None:
        request = special_request(rest, vocab)  # "it's our anniversary", "a high chair for our booking?"
        if booking_said or not question or {"note", "mine", "book"} & reading.intents:  # "an outdoor table?"
            reading.reason = request
        else:
            reading.request_asked = request  # "could we sit by the window?": asked, a note only of a booking
    # Nothing but an answer (a phone number beside it is no other detail: "Luca, 347 123 4567").
    bare = not replace(reading, phone=None, bad_phone=False).details and not (reading.intents - {"greeting"})
    if (
        bare
        and "greeting" in reading.intents
        and question
        and len(blanked(folded, vocab.phrases["greeting"]).split()) > 2
    ):
        reading.intents.discard("greeting")  # "Bonsoir, vous prenez la carte vitale ?", "ciao, avete una piscina?"
    _bare_answer_read(reading, text, rest, awaiting, bare, vocab)
    return reading


def _no_reason(text: str, said: Reading) -> bool:
    """Said to "what is the reason?", what is no reason: thanks or a yes alone ("merci"), another day or time
    ("plutôt l'après-midi", "finalement mercredi") or a part of the day alone ("le matin"); "mal depuis lundi",
    "mal le soir" are reasons."""
    social = not said.details and said.intents and said.intents <= {"thanks", "yes", "no", "greeting", "bye"}
    when = said.day or said.time or said.time_near or said.part_named
    return bool(social or (when and "instead" in said.intents) or (said.part_named and len(text.split()) <= 2))


def _bare_answer_read(
    reading: Reading, text: str, rest: str, awaiting: tuple[str, ...], bare: bool, vocab: Vocabulary
) -> None:
    """A message that only answers the name or the reason asked: that field ("Marie Dupont", "call it Mike";
    with a yes, "ok, Tom"), a name when both were asked and it looks like one."""
    as_name = "patient.name" in awaiting and ("reason" not in awaiting or looks_like_name(rest))
    asked = text.strip().endswith("?")  # "Why?", "Do you need my surname?" name nobody
    unsure = _NOT_SURE.search(normalise(rest))  # nor "je ne sais pas" to "your name and the type of care"
    named = reading.name is None and as_name and not asked and not unsure
    said = blanked(rest, vocab.phrases["greeting"])  # "hi" alone is no name; "hi, Tom" is Tom
    # "le matin", "evening", "the first one" (with no list to pick from): neither a name nor the visit's reason
    of_something_else = reading.part_named is not None or place_picked(normalise(rest)) is not None
    if named and bare and not re.search(r"\d", rest) and not of_something_else:  # nor "allora 8"
        reading.name = name_at_start(capitalised_part(answered_name(said.strip(" ,.;:!-"))))
    elif reading.reason is None and "reason" in awaiting and bare and len(rest.strip()) >= 3 and not of_something_else:
        reading.reason = rest.strip()[:200]
    agreed = reading.intents == {"yes"} and not replace(reading, phone=None, bad_phone=False).details
    if named and agreed:  # "ok, Tom", "pode ser Joana Silva"
        after = capitalised_part(answered_name(blanked(rest, vocab.phrases["yes"]).strip(" ,.;:!-")))
        if after[:1].isupper() and (name := name_at_start(after)):
            reading.name = name
            reading.intents.discard("yes")


def _holiday_named(text: str, venue: Venue, now: dt.datetime) -> str | None:
    """A single capitalised word that is a holiday's name only ("Noel", "Natal"): a name, when one is asked."""
    words = text.strip(" .!").split()
    if len(words) != 1 or not words[0][:1].isupper():
        return None
    day = day_said(time_tokens(words[0]), now, venue)
    return name_at_start(words[0]) if day is not None and day.holiday is not None else None


def _only_the_new_day(tokens: list[str], now: dt.datetime, venue: Venue) -> bool:
    """ "Cancel my booking and make a new one for Sunday lunch": the one day said is the new booking's."""
    at = next((i for i, token in enumerate(tokens) if token in _REBOOK_WORDS), None)
    after = days_in_order(tokens[at:], now, venue) if at is not None else []
    return len(after) == 1 and not days_in_order(tokens[:at], now, venue)


_PLUS = re.compile(r"(?<=\w) ?\+ ?(?=\w)")  # between words: not a phone number's "+44"
# Said of a booking one has: "can we come a bit later on Saturday?" asks for no new booking's free times.
_OF_THEIRS = frozenset({"later", "earlier", "move", "instead", "instead_of", "cancel", "mine"})
# A day said as the one meant all along: "sorry, I meant Saturday", "volevo dire sabato", "je voulais dire samedi".
_MEANT = re.compile(r"\b(?:i meant|i mean|meant|volevo dire|intendevo|je voulais dire|queria dizer|quis dizer)\b")
# A new booking asked with a cancellation: "cancel Friday and book Saturday instead" is a move from one to the other.
_REBOOKED = re.compile(
    r"\b(?:book|rebook|reserve|instead|prenota|prenotate|prenotare|invece|reserver|reservez|plutot|reservar|marcar"
    r"|marca|marque|em vez|new one|en prendre|prenderne|farne|another one|outra|outro)\b"
)
_REBOOK_WORDS = frozenset(
    "book rebook reserve new prenota prenotate prenotare reserver reservez reservar marcar marca marque prendre"
    " prenderne farne another outra outro".split()
)
