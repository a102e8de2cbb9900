"""The offline agent's reading of a message as a change of a booking rather than a new one: of the one just
made or listed, of one of the customer's (a new day, time or party, "the same time next week", "we're 3 now"),
people added or taken away, and a time said of a booking they have."""

from __future__ import annotations

import datetime as dt
import re

from concierge.conversations.agent import AgentAnswer
from concierge.conversations.message_words import BUT_WORDS, CORRECTION_WORDS, NEXT_WORDS, NOW_WORDS
from concierge.conversations.offline_own_bookings import DAY_STEPS
from concierge.conversations.offline_picks import PicksFlow
from concierge.conversations.readings import Reading
from concierge.conversations.understanding import read_message


# Arriving, said ("arriviamo più tardi sabato", "chegamos mais tarde"): coming at another time than booked
_ARRIVING = re.compile(r"\b(?:arriv\w*|cheg\w*)\b")


_CLAUSE_ENDS = re.compile(r"[,;!]|[.:](?!\d)")  # not the stop of "8.30" nor the colon of "8:30"


class ChangesFlow(PicksFlow):
    def _as_a_change(self, reading: Reading, awaited: tuple[str, ...], listed_alone: str | None) -> str | None:
        """Marks the message as a change of a booking when it is one (adds "move" to its intents): of the one
        just made ("make it 8 instead", "we'll be 6") or just listed alone (`listed_alone`, its id: "I have a table on
        Saturday" - "can we make it 8?"), or of one of the customer's ("alle 21 invece delle 19 e 30", "could
        we come a bit later?"); returns the id of the booking meant when it is known (the one just made or
        listed). A day said with "also" or "instead" keeps the last party ("also Saturday at 8"), and "the same
        time" with "also" or "book" the last time."""
        mem, prefer = self.mem, None
        replaced = "instead" in reading.intents and not mem.get("last_created")  # the booking just made, cancelled
        again = {"another", "book"} & reading.intents and mem.get("last_created")
        if again and "another" in reading.intents and reading.for_someone and mem.get("flow") != "book":
            reading.intents.add("book")  # "et un autre pour mon fils", once the first is made: one for him
            if self.venue.is_clinic and reading.care_type is None:
                reading.care_type = mem.get("last_care")  # of the same care
        if again and reading.shift == 0 and not reading.time:  # "can you also book Saturday, same time?"
            reading.time, reading.shift = mem.get("last_time"), None  # a new booking, at the last one's time
        week_on = "another" in reading.intents and "next_week" in reading.intents and mem.get("last_day")
        if again and week_on and not reading.day:  # "same again next week": the last one's day a week on, its time
            reading.day = dt.date.fromisoformat(mem["last_day"]) + dt.timedelta(weeks=1)
            reading.intents.discard("next_week")
            reading.time = reading.time or (None if reading.time_near else mem.get("last_time"))
        said_next = NEXT_WORDS.intersection(self.folded.split())
        if again and said_next and reading.day and reading.day.isoformat() == mem.get("last_day"):
            reading.day += dt.timedelta(weeks=1)  # "the same for next Friday" after Friday's: the Friday after it
        if ("another" in reading.intents or replaced) and reading.people is None and (reading.day or reading.time):
            reading.people = mem.get("last_party")  # "also Saturday at 8", "Sunday instead": the same party
        if again and reading.day and not (reading.time or reading.time_near or reading.part):
            reading.time_near = mem.get("last_time")  # "e anche sabato": its free times around the last one's time
        only_party = reading.people and not (reading.day or reading.time) and "book" not in reading.intents
        # With no booking under way, the party asked, or said "instead" ("make it 5 people instead?"): a new total
        total = not mem.get("flow") and only_party and (awaited == ("party_size",) or replaced and not reading.name)
        # A day or time said alone ("pode ser segunda?", "what about 9?") changes it too: a new booking says so
        # ("another table"), or gives a party or a name.
        only_when = not (  # or after a no ("sorry wrong day, should be the 28th"), or a wait ("aspetti, alle 21")
            mem.get("flow")
            or reading.intents - {"instead", "move", "no", "wait", "greeting"}
            or reading.people
            or reading.name
        )
        moving = mem.get("flow") == "move" and mem.get("target")  # "afinal às 20h30": the move under way
        if (
            (just := mem.get("last_created") or listed_alone)
            and mem.get("flow") != "book"
            and not moving
            and (reading.day or reading.time or reading.time_near or reading.people or reading.shift is not None)
            and ("instead" in reading.intents or only_party or only_when or reading.shift is not None)
        ):
            # "make it 8 instead", "actually 5 people", "we'll be 6", "half an hour later": change the booking
            # just made (after a yes), or just listed
            reading.intents.add("move")
            prefer = just
        # "alle 21 invece delle 19 e 30", "we've got a table on Saturday, could we come at 7 instead?"
        said_of_theirs = "instead_of" in reading.intents or {"mine", "instead"} <= reading.intents
        # "can we do Sunday instead?" with nothing under way: their booking's new day, not a new booking
        when = bool(reading.day or reading.time or reading.time_near) and not reading.care_type  # not "un soin…"
        # "hey, can we do Sunday instead?", "any chance of 8.30 instead?"
        instead = reading.intents - {"greeting", "availability"} == {"instead"}
        instead = instead and when and not (mem.get("flow") or reading.name)
        said_of_theirs = said_of_theirs or instead
        replacing = said_of_theirs and reading.details and mem.get("flow") != "book"
        # "I booked for 4 but we'll be 6", "ho prenotato per 4 ma saremo 6", "we're 3 now": their booking's new party
        words = set(self.folded.split())
        corrected, changed = (CORRECTION_WORDS | BUT_WORDS) & words, NOW_WORDS & words and "book" not in reading.intents
        their_party = ("mine" in reading.intents and corrected or changed) and not mem.get("flow")
        only_people = reading.people and not (reading.day or reading.time or reading.time_near or reading.name)
        total = total or bool(their_party and only_people)
        # "actually we'll be 5 on Friday", "afinal somos 5 na sexta": the party of their booking that day, changed
        of_a_day = reading.people and reading.day and not (reading.time or reading.time_near or reading.name)
        if "instead" in reading.intents and of_a_day and not mem.get("flow") and "book" not in reading.intents:
            reading.intents |= {"move", "mine"}
        same_time_on = reading.shift == 0 and DAY_STEPS.keys() & reading.intents and not mem.get("flow")
        if (reading.shift and mem.get("flow") != "book") or total or replacing or same_time_on:  # "same time next week"
            reading.intents.add("move")  # "30 minutes earlier", the party's new total, "alle 21 invece delle 19 e 30"
        # "could we come a bit later?", "je peux venir plus tôt mercredi ?", "can we make it earlier, 7:30?",
        # "could we come before 8?": one of their bookings, moved (with none, a new booking: `manage`)
        arriving = _ARRIVING.search(self.folded)  # "we'll arrive later on Saturday", said
        sooner = {"later", "earlier"} & reading.intents and (self.asked_a_question or arriving)
        at = reading.time or reading.time_near
        said = reading.people or reading.shift is not None
        booking = "book" in reading.intents and "mine" not in reading.intents  # "mon rdv": theirs, not a new one
        asks_times = "availability" in reading.intents and not at  # "anything earlier?": a new booking's times
        if sooner and not (said or booking or asks_times or mem.get("flow") or {"bye", "thanks"} & reading.intents):
            reading.intents.add("move")
        return prefer

    def _party_changed(self, reading: Reading) -> bool:
        """ "2 more people", "una persona in meno": the party said so far (of the booking under way, of the
        one being moved, of the one just made) changed by that much; False when it is not known."""
        mem = self.mem
        if mem.get("flow") == "book":
            base = self.slots.get("people")
        elif mem.get("flow") == "move" and mem.get("target"):
            base = mem["target"].get("people")
        else:
            base = mem.get("last_party") if mem.get("last_created") else None
        people = base + (reading.party_change or 0) if base else 0
        if people < 1:
            return False
        reading.people = people
        return True

    def _of_their_booking(self, reading: Reading) -> AgentAnswer | None:
        """A time said of a booking the customer has ("we have a table on Saturday, can we come at 9?") is never
        a new booking. A question that only checks it lists the bookings, another question is the FAQ's or has
        no answer here; else `reading` becomes a move of that booking, to the day and time its question asks
        (None: `manage` moves it, or asks whether to move or cancel it when nothing new is said)."""
        text = (self.turn.text or "").strip()
        if faq := self.faq(text):
            return self.understood(faq)  # "we have a table on Saturday at 8, is there step-free access?"
        clauses = [clause for clause in _CLAUSE_ENDS.split(text) if clause.strip()]  # "8:30" is one clause
        if len(clauses) == 1 and text.endswith("?"):  # "ho prenotato sabato alle 20?": that booking, if so
            choices = self.own_bookings()
            said = (reading.day.isoformat() if reading.day else None, reading.time)
            if "check" in reading.intents or any(said in ((c["day"], c["time"]), (None, c["time"])) for c in choices):
                return self.list_own(choices)  # "is my booking at 9?": at 8, the list says
        elif text.endswith("?"):
            asked = read_message(clauses[-1], self.venue, self.now, ())
            if "check" in asked.intents:  # "…, c'est bien à 10h ?", "…, is it still at 8?": the list says
                return self.list_own()
            if not asked.details:  # "..., is that right?", "..., can I bring my dog?"
                return self.list_own() if "yes" in asked.intents else self.unanswered()
            if asked.day and reading.day and asked.day != reading.day:
                reading.day_from, reading.day = reading.day, asked.day  # "..., can we come on Sunday?"
            if asked.time or asked.time_near:
                reading.time, reading.time_near = asked.time, asked.time_near  # "..., on peut passer à 21h ?"
        reading.intents |= {"move", "of_theirs"}
        return None
