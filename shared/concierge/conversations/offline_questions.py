"""The offline agent's answers to the customer's questions: its bookings, the venue's hours (of a day, or
now), where it is and how to reach it, the FAQ; a question asked with a booking is answered before it, and one
with no answer here is said to be one; what only the team can do (running late, another table, a booking's name
or note) is passed to it."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace
from typing import Any

from concierge.conversations.agent import AgentAnswer
from concierge.conversations.message_words import BOOKING_VERB
from concierge.conversations.offline_booking import EDGES
from concierge.conversations.offline_free_times import closed_in
from concierge.conversations.offline_own_bookings import OwnBookingsFlow
from concierge.conversations.offline_turn import MISUNDERSTANDINGS_BEFORE_HANDOVER
from concierge.conversations.customer_language import language_named
from concierge.conversations.readings import Reading
from concierge.conversations.understanding import read_message
from concierge.domain.openings import next_open_day, next_opening_today, range_open_at
from concierge.speech.weekly_hours import weekly_hours_said
from concierge.tools.faq import normalise

ACTS = frozenset({"book", "cancel", "move", "mine"})  # a message that asks for these is no aside question
# What a question for the team may ask, besides nothing the words know: the venue's menu, a price, its rules
_ASKED_OF_THE_VENUE = frozenset({"venue_topic", "price", "policy", "duration", "seating", "possible"})
# The words of a question about what was just said, not the venue ("is that ok?", "va bene per voi?")
_OF_WHAT_WAS_SAID = frozenset(
    "is that it this ok okay alright all right fine possible would will does do can could be work works good "
    "correct for you with sound sounds va bene e possibile si puo andrebbe giusto per voi vi c est ca convient "
    "marche ce serait bon d accord pour vous pode ser da serve esta bem para voces tudo certo let me know if tell "
    "please us whether check confirm mi fate fatemi sapere dite se dites moi savoir si me diga digam avisem".split()
)
# "for my booking", "pour mon rdv", "per la mia prenotazione", "para a minha consulta"
_FOR_THEIRS = re.compile(
    r"\b(?:for|pour|per|para) (?:my|our|mon|ma|notre|nos|mes|la mia|il mio|la nostra|il nostro|le mie|i miei|"
    r"a minha|o meu|a nossa|o nosso|as minhas|minha|meu|nossa|nosso|le rdv|le rendez vous|la reservation|"
    r"la prenotazione|l appuntamento|a reserva|a consulta|a marcacao) "
)  # "faut-il venir à jeun pour le rdv de jeudi ?": theirs, named by its day
# Whether a care is given, or a dish served: "do you do implants?", "vous faites les implants ?", "fate la pizza?"
_DO_YOU_DO = re.compile(
    r"\b(?:do you (?:do|offer|treat|serve)|vous (?:faites|proposez|pratiquez)|faites vous|proposez vous|"
    r"pratiquez vous|(?:voi )?fate|(?:voces )?fazem|(?:voi )?offrite|(?:voi )?servite|(?:voces )?servem)\b"
)
# A table asked for in those words ("do you do tables on Saturday?"): a booking, not what else is on
_TABLES = re.compile(r"\b(?:tables?|tavol\w*|mesas?|places?|posti|lugares|seats?|groups?|gruppi|grupos|groupes)\b")
# The words that ask when a booking is ("what time should we arrive for our booking?": the list says)
_ASKING_WHEN = frozenset(
    "time when day date heure quand jour ora orario quando giorno hora horas horario dia data".split()
)


class QuestionsFlow(OwnBookingsFlow):
    def _question_answered(self, reading: Reading, awaited: tuple[str, ...]) -> AgentAnswer | None:
        """A question answered, not a booking: the customer's bookings, whether the venue is open now, where
        it is and how to reach it, its hours, a farewell with a day, a price; `awaited`: what was just asked."""
        if "bot" in reading.intents and not reading.details:  # "are you a bot?": said plainly
            return self.understood(f"{self.words.say('bot', venue=self.venue.name)} {self.words.abilities()}")
        if language_named(self.turn.text) and not reading.details:  # "do you speak English?": yes, in it
            said = self.words.say("language_spoken")  # and what it can do, unless a booking is under way
            return self.understood(said if self.mem.get("flow") else f"{said} {self.words.abilities()}")
        date_of = "date_of" in reading.intents and reading.day  # not "che giorno è meglio per voi?"
        if ("date_asked" in reading.intents or date_of) and not replace(reading, day=None).details:
            day = reading.day or self.now.date()  # "what's the date today?", "che giorno è sabato?"
            key = "today_is" if day == self.now.date() else "date_of"
            self.mem["day_asked_about"] = day.isoformat() if reading.day else None  # "for 2 at 8, then": that day
            return self.understood(self.words.say(key, day=self.phrases.day_label(day)))
        if "help" in reading.intents and not (reading.details or ACTS & reading.intents):
            return self.understood(self.words.abilities())  # "what can you do?", "aiuto"
        if not (reading.details or reading.intents - {"greeting"}) and self._names_the_venue():
            return self.welcome()  # "is this the Harbour Kitchen?", "é aqui a Tasca do Porto?": yes, welcome
        if "mine" in reading.intents and not (reading.time or reading.people):
            if self._of_something_for_it(reading):
                return self.unanswered()  # "do I need to bring anything for my appointment?": not when it is
            return self.list_own(day=reading.day)  # "what bookings do I have?", "I booked for Saturday, what time?"
        asks_now = {"hours", "now"} <= reading.intents and "book" not in reading.intents
        if asks_now and reading.day in (None, self.now.date()):
            return self.understood(self.open_now())  # "are you open now?": this minute, not the week
        if facts := self.venue_facts(reading):
            return self.understood(facts)  # "where are you?", "what's your number?"
        hours = "hours" in reading.intents and not ({"book"} | EDGES) & reading.intents  # not "the first time free"
        if reading.people or reading.name or reading.care_type:
            hours = False  # "ouverts jeudi ? un contrôle à 10h, Marie Dupont": a booking, its day's hours said first
        if self.mem.get("flow") == "book" and "availability" in reading.intents:
            hours = False  # "che orari avete?" while the time is asked: the free times
        if self.mem.get("flow") == "book" and reading.day and "slot.start_iso" in awaited:
            hours = False  # "ah vous êtes fermés ? mardi alors" to the day asked: its hours said, the booking goes on
        if hours or self.turn.action == "show_info":
            return self.hours_of(self._asked_day(reading), reading.days_named, reading.part)  # "open Saturday?"
        if self._see_you_then(reading) and (not self.mem.get("flow") or "bye" in reading.intents):
            return self.goodbye("thanks" in reading.intents)  # "obrigado, até amanhã": no new booking
        one_clause = not re.search(r"[,.;!?]", (self.turn.text or "").rstrip("?!. "))  # "how much is a table for 2?"
        if "price" in reading.intents and not (reading.day or reading.time or (reading.people and not one_clause)):
            faq = self.faq(self.turn.text or "")  # "combien coûte un détartrage ?": a question, not a booking
            return self.understood(faq) if faq else self.unanswered()
        if self._of_a_day_only(reading) and (faq := self.faq(self.turn.text or "")):
            self.mem["day_asked_about"] = reading.day.isoformat() if reading.day else None  # "for 2 at 8, then"
            return self.understood(faq)  # "do you have vegetarian options on Sunday?": the FAQ's, not a booking
        if {"duration", "policy"} & reading.intents and self.asked_a_question and not reading.details:
            faq = self.faq(self.turn.text or "")  # "how long can we keep the table?", "do you take walk-ins?"
            return self.understood(faq) if faq else self.unanswered()
        if self._asks_whether_a_care_is_done(reading):
            return self.unanswered()  # "est-ce que vous faites les implants ?": the team knows, no booking yet
        if self._of_what_else_is_on(reading):
            if reading.day and not self.mem.get("flow"):
                self.mem["day_asked_about"] = reading.day.isoformat()  # "a table for 2 at 8 then": that day
            return self.unanswered()  # "what's on the menu tomorrow?": no answer here, and no table asked
        return None

    def _names_the_venue(self) -> bool:
        """The message says most of the words of the venue's name ("c'est bien le cabinet Daboussy ?")."""
        words = [word for word in normalise(self.venue.name).split() if len(word) > 3]
        said = set(self.folded.split())
        return bool(words) and 3 * sum(word in said for word in words) >= 2 * len(words)

    def _of_something_for_it(self, reading: Reading) -> bool:
        """A question of something for one's booking that is not its day or time ("do I need to bring anything
        for my appointment?", "faut-il être à jeun pour mon rdv ?"): no answer here, rather than the list."""
        folded = self.folded
        return bool(
            self.asked_a_question
            and _FOR_THEIRS.search(folded)
            and not _ASKING_WHEN.intersection(folded.split())
            and not ({"cancel", "move", "rename"} & reading.intents)
        )

    def _asks_whether_a_care_is_done(self, reading: Reading) -> bool:
        """ "Do you do implants?", "vous faites les implants ?", "fazem branqueamento?": a question of a care the
        clinic may give, with nothing of an appointment."""
        return bool(
            reading.care_type
            and self.asked_a_question
            and _DO_YOU_DO.search(self.folded)
            and not (reading.day or reading.time or reading.time_near or reading.name or ACTS & reading.intents)
        )

    def _of_what_else_is_on(self, reading: Reading) -> bool:
        """A question of a day or time about what the venue offers besides its tables ("is there live music on
        Saturday?", "do you do takeaway at 9?", "do you do a roast on Sunday?"): no booking, nor a booking's day
        changed."""
        asked = {"book", "availability", "next_week"} | EDGES
        folded = self.folded
        # "do you do bottomless brunch on Sunday?", "fate la pizza il sabato?": the same, of a day alone
        done_that_day = _DO_YOU_DO.search(folded) and not (_TABLES.search(folded) or reading.time or reading.time_near)
        return bool(
            ("venue_topic" in reading.intents or done_that_day)
            and self.asked_a_question
            and (reading.day or reading.time or reading.time_near)
            and not (reading.people or reading.name or reading.care_type or asked & reading.intents)
        )

    def _for_the_team(self, reading: Reading) -> AgentAnswer | None:
        """Running late ("we're running 15 minutes late"), a booking's name to change, or a guest's request alone
        right after the booking ("ah, uno di noi è celiaco": a booking's note is written with it): thanked for,
        and passed to the team."""
        if "late" in reading.intents and reading.time and {"move", "instead"} & reading.intents:
            reading.intents = (reading.intents - {"late"}) | {"move"}  # "running late, can we make it 8:30 instead?"
            return None
        # "late for our table tonight", "for our 8pm booking": the day and time are the booking's, not a new one
        if "late" in reading.intents and not (reading.people or reading.name or reading.care_type):
            return self.handover("The customer is running late", self.words.say("handover.late"))
        if "private_hire" in reading.intents and not self.venue.is_clinic:  # "can we book the whole restaurant?"
            return self.handover("The customer asks to hire the whole venue", self.words.say("handover.request"))
        verb = any(BOOKING_VERB.fullmatch(word) for word in self.folded.split())
        of_the_booking = not (reading.time or reading.time_near or reading.people or verb)
        if "seating" in reading.intents and self.mem.get("flow") != "book" and of_the_booking:  # its day may name it
            return self.handover(  # "could we move to a table outside?": the table, not the time
                "The customer asks for another table for their booking", self.words.say("handover.request")
            )
        theirs = "mine" in reading.intents and not (reading.time or reading.time_near)  # "mon rdv de jeudi"
        if theirs and reading.care_type and "care_change" in reading.intents:
            return self.handover(  # "changer de type de soin pour mon rdv de jeudi, ce sera un détartrage"
                "The patient asks to change the care of an appointment", self.words.say("handover.request")
            )
        renaming = "rename" in reading.intents and self.mem.get("flow") != "book"  # a booking made, not one asked
        if renaming and not (reading.day or reading.time or reading.people):
            return self.handover(
                "The customer asks to change the name on a booking", self.words.say("handover.request")
            )
        if reading.reason is None and self.mem.get("last_created"):
            reading.reason = reading.request_asked  # "could we sit by the window?" right after the booking
        only_request = reading.reason is not None and not replace(reading, reason=None).details
        if only_request and self.mem.get("last_created") and not self.mem.get("flow"):
            return self.handover(
                "The customer has a request for the booking just made", self.words.say("handover.request")
            )
        # "can I add a high chair to my saturday booking?", "add a note that it's a birthday": the day or time
        # said is the booking's
        of_theirs = replace(reading, reason=None, day=None, time=None, time_near=None)
        noted = "note" in reading.intents or ("mine" in reading.intents and reading.reason)
        # "can I bring a cake on Friday?", with a booking on Friday: a request for it, not a new booking
        for_a_day = reading.reason is not None and reading.day is not None and not of_theirs.details
        if for_a_day and not (self.mem.get("flow") or reading.intents) and self._booked_on(reading.day):
            noted = True
        if noted and not of_theirs.details and self.mem.get("flow") != "book":
            return self.handover(
                "The customer has a request for one of their bookings", self.words.say("handover.request")
            )
        return None

    def _booked_on(self, day: dt.date | None) -> bool:
        """Whether one of the customer's upcoming bookings is on `day` (read from list_events)."""
        return day is not None and any(booking["day"] == day.isoformat() for booking in self.own_bookings())

    def _of_a_day_only(self, reading: Reading) -> bool:
        """A question of a few words that says a day and nothing of a booking, outside one: the FAQ may answer
        it ("is there live music on Friday?"); "Sunday?" or "any tables on Sunday?" ask for a table."""
        text = (self.turn.text or "").strip()
        booking = reading.time or reading.time_near or reading.people or reading.care_type or reading.name
        asked = {"book", "availability", "earliest", "latest", "next_week"} & reading.intents
        return bool(
            reading.day
            and not booking
            and not asked
            and not self.mem.get("flow")
            and text.endswith("?")
            and len(text.split()) > 2
        )

    def unanswered(self, pending: dict[str, Any] | None = None) -> AgentAnswer:
        """A message not understood, or a question with no answer here; in the middle of a booking, or while a
        yes is awaited (`pending`), said so and the question the customer was answering asked again, so that
        an answer next ("Martin", "yes") is still read as one. Two in a row hand over."""
        asking = pending is not None or self.mem.get("flow") == "book"
        if not asking or self.mem["misunderstood"] + 1 >= MISUNDERSTANDINGS_BEFORE_HANDOVER:
            return self.not_understood()
        count = self.mem["misunderstood"] + 1
        said = self.words.say("no_answer.again" if self.asked_a_question else "not_understood.again")
        again = self.confirmed_again(pending) if pending else self.book(Reading())
        self.mem["misunderstood"] = count  # still counts towards the handover
        return self.asked_again(said, again)

    def _asked_day(self, reading: Reading) -> dt.date | None:
        """The day an hours question is about: today, for today's weekday ("open on Thursday?" on a
        Thursday), the booking's under way for "that day" ("what time do you close that day?") or with no day
        said while its time is asked ("table for 2 on Saturday" - "what time do you open?"), else the day said."""
        time_asked = not (reading.day or self.slots.get("time"))
        if (reading.that_day or time_asked) and self.mem.get("flow") == "book" and (day := self.slots.get("day")):
            return dt.date.fromisoformat(day)
        return self.now.date() if self.now.date() in reading.day_choices else reading.day

    def hours_of(
        self, day: dt.date | None, days: tuple[dt.date, ...] = (), part: tuple[str, str] | None = None
    ) -> AgentAnswer:
        """The hours (of `day`, when said; of each of two `days` said together: "open Friday and Saturday?"); a
        day said alone next asks the same of that day. A booking asked next with no day is for the one day
        asked about, or for the next open day said when it is closed. A `part` of an open day it is closed
        in is said to be closed first ("open on Sunday evening?", lunch only)."""
        if len(days) == 2:  # "table for 2 at 8 then": which of the two, asked
            today, week = self.now.date(), dt.timedelta(days=7)
            days = tuple(sorted(today if each - week == today else each for each in days))  # "monday" on a Monday
            self.mem.update(hours_asked=True, day_asked_about=None, days_asked_about=[d.isoformat() for d in days])
            return self.understood(f"{self.hours(days[0], then=days[1])} {self.hours(days[1])}")
        open_day = day if day is None or self.venue.ranges_on(day) else next_open_day(self.venue, day)
        self.mem.update(hours_asked=True, day_asked_about=open_day.isoformat() if open_day else None)
        ranges = self.venue.ranges_on(day) if day else []
        if part and ranges and closed_in(ranges, part):
            return self.understood(f"{self.words.say('hours.part_closed')} {self.hours(day)}")
        return self.understood(self.hours(day))

    def _see_you_then(self, reading: Reading) -> bool:
        """Thanks or goodbye, with nothing but a day ("see you tomorrow", "perfetto grazie, a sabato"), and no
        question ("grazie, posso portare il cane?")."""
        farewell = {"thanks", "bye"}
        return (
            bool(farewell & reading.intents)
            and not reading.intents - farewell - {"yes"}
            and not replace(reading, day=None).details
            and not self.asked_a_question
        )

    def hours(self, day: dt.date | None, then: dt.date | None = None) -> str:
        """The weekly schedule; for a day the customer named, that day's own hours, so a closed date or a
        day of special hours is answered as it is, not as its weekday usually is (closed, with the next open
        day unless it is the day said `then`, whose hours follow)."""
        if day is None:
            return self.words.say("hours", hours=weekly_hours_said(self.venue))
        if self.venue.ranges_on(day):
            return self.day_hours(day)
        if (following := next_open_day(self.venue, day)) == then:
            following = None
        later = self.venue.ranges_on(following) if following else []
        return self.phrases.closed(day, self.venue.closed_weekly_on(day), following, later)

    def open_now(self) -> str:
        """Open at this minute and until when; else when it opens again today, or the next open day's hours."""
        if (current := range_open_at(self.venue, self.now)) is not None:
            return self.words.say("open_now", time=self.time_words(current.close))
        if (later := next_opening_today(self.venue, self.now)) is not None:
            return self.words.say("closed_now.later", time=self.time_words(later))
        following = next_open_day(self.venue, self.now.date())
        closed = self.words.say("closed_now")
        return f"{closed} {self.hours(following)}" if following else closed

    def _aside(self, reading: Reading) -> str | None:
        """The answer to a question from the FAQ or about the hours (of a day said: "are you open on
        Saturday?"), asked while nothing else changes."""
        if ACTS & reading.intents or not self.turn.text:
            return None
        if "hours" in reading.intents and not replace(reading, day=None).details:
            return self.open_now() if "now" in reading.intents else self.hours(self._asked_day(reading))
        return None if reading.details else self.venue_facts(reading) or self.faq(self.turn.text)

    def _book_answering(self, reading: Reading) -> AgentAnswer:
        """The booking, after the FAQ's answer to a question asked with it as a sentence of its own ("Avete
        il parcheggio? Vorremmo prenotare per sabato..."); the question answered is no note of the booking."""
        sentences = [q.strip() for q in re.findall(r"[^.!?\n]*\?", self.turn.text or "")]
        # "Table for 2 on Saturday at 8, is there parking?": the question is the sentence's last clause
        questions = list(dict.fromkeys([*sentences, *(s.rsplit(",", 1)[1].strip() for s in sentences if "," in s)]))
        answered = next(((question, faq) for question in questions if (faq := self.faq(question))), None)
        if answered is None:
            if not self.venue.is_clinic:  # "Is there a kids menu? Table for 4…": noted for the team to answer
                asked = [q.rstrip(" ?") for q in questions if self._for_the_team_to_answer(q, reading.reason)]
                reading.reason = "; ".join(filter(None, [reading.reason, *asked]))[:200] or None
            return self.book(reading)
        question, answer = answered
        if reading.reason:  # "Do you have vegetarian options?": answered, not noted
            kept = [part for part in reading.reason.split("; ") if part.strip() not in question]
            reading.reason = "; ".join(kept) or None
        return self.asked_again(answer, self.book(reading))

    def _for_the_team_to_answer(self, question: str, noted: str | None) -> bool:
        """A question of a few words asked with a booking that asks nothing of it, neither a free time nor the
        hours ("is there a kids menu?", not "do you have a table at 8?" nor "how are you?"), not noted yet."""
        asked = read_message(question, self.venue, self.now)
        few_words = len(question.split()) < 3 and "venue_topic" not in asked.intents  # "há estacionamento?" is one
        if few_words or asked.details or asked.intents - _ASKED_OF_THE_VENUE:
            return False
        if set(normalise(question).split()) <= _OF_WHAT_WAS_SAID:
            return False  # "is that ok?", "would that work for you?", "c'est possible ?", "pode ser?"
        return question.rstrip(" ?") not in (noted or "")

    def venue_facts(self, reading: Reading) -> str | None:
        """The venue's name, its address or how to reach it, when asked and the knowledge base has it (asked
        for an address it has not, how to reach it)."""
        if reading.details or ACTS & reading.intents:
            return None
        said = [self.words.say("venue_name", venue=self.venue.name)] if "venue_name" in reading.intents else []
        if "where" in reading.intents and self.venue.address:
            said.append(self.words.say("address", address=self.venue.address))
        phone, email = self.venue.contact.phone_written, self.venue.contact.email
        no_address = "where" in reading.intents and not self.venue.address and (phone or email)
        if no_address and (faq := self.faq(self.turn.text or "")):
            return " ".join([*said, faq])  # the FAQ may say where the venue is
        if no_address:  # "where are you?" with no address known: how to ask, rather than no answer
            said.append(self.words.say("address.none"))
        if ("contact" in reading.intents or no_address) and (phone or email):
            key = "contact.both" if phone and email else "contact" if phone else "contact.email"
            said.append(self.words.say(key, phone=phone, email=email))
        return " ".join(said) or None

    def asked_again(self, said: str, again: AgentAnswer) -> AgentAnswer:
        """`said`, then the question the customer was answering (`again`) asked again."""
        again.reply = f"{said} {again.reply}"
        again.rdv["message"] = again.reply
        self.mem["last_bot_message"] = again.reply
        return again
