"""The offline agent: a deterministic chat receptionist for it, en, fr and pt, with no model.

It welcomes, books by slot-filling (name, phone, day, time, party size; care type and reason for
clinics), offers free times near the request, confirms, creates; lists, moves and cancels the
customer's own bookings; answers hours and the venue's FAQ; hands over on request, when the customer
is clearly angry, or after two misunderstandings. It acts only through the ToolRunner; its state between turns
lives in the conversation's `memory` (see `Memory`)."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Any

from concierge.conversations.agent import AgentAnswer, ToolRunner, Turn
from concierge.conversations.customer_language import in_customer_language, remember_language
from concierge.conversations.customer_names import full_name
from concierge.conversations.message_words import ANOTHER_DAY
from concierge.conversations.name_words import INTENTS_OF_A_SURNAME
from concierge.conversations.offline_booking import EDGES
from concierge.conversations.offline_changes import ChangesFlow
from concierge.conversations.second_bookings import second_booking
from concierge.conversations.readings import Reading
from concierge.conversations.understanding import read_message
from concierge.tools.faq import normalise

LAST_RDV = "last_rdv"  # the memory's copy of the last answer, to say again when asked
_MOVE_WORDS = frozenset({"all", "next_week", "later", "earlier"})  # a booking being moved or cancelled: its answer
# Said while a booking is asked, it goes on: "ok", "thanks", "what times do you have?", "the earliest"
_BOOKING_GOES_ON = frozenset({"yes", "thanks", "availability", "next_week"}) | EDGES  # "next week" to "which day?"
_HELLO_OR_BYE = frozenset({"ciao", "salut", "ok", "okay", "allora", "bene"})  # hello first, goodbye later


class _Run(ChangesFlow):
    """One turn: what the customer said or pressed decides the flow (`offline_turn`, `offline_free_times`,
    `offline_booking`, `offline_own_bookings`, `offline_questions`, `offline_picks`, `offline_changes` hold them)."""

    def respond(self) -> AgentAnswer:
        awaited = tuple(self.mem.get("awaiting") or ())
        if self.mem.get("flow") != "book":
            self.mem.pop("second_booking", None)  # the booking it was to follow was made, dropped or left
            self.mem.pop("second_at_the_same_time", None)
        two = second_booking(self.turn.text, self.venue, self.now) if self.turn.text else None
        if two is not None:  # "… and another for 4 on Saturday at 7": the first now, the second once it is made
            self.turn = replace(self.turn, text=two.first)
            self.mem.update(second_booking=two.second, second_at_the_same_time=two.one_booking_on_two_days)
        reading = read_message(self.turn.text, self.venue, self.now, awaited) if self.turn.text else Reading()
        if two is not None and not (reading.name and reading.phone):  # "…, and another on Saturday at 7, Sam Lee"
            said_last = read_message(two.second, self.venue, self.now)
            reading.name, reading.phone = reading.name or said_last.name, reading.phone or said_last.phone
        if (again := self._said_again(reading)) is not None:
            return again
        impossible, passed = reading.no_such_date, reading.past_day
        answer = self._answered(reading, awaited)
        if impossible is not None:  # "the 31st of November": said so, before whatever else is answered
            return self.asked_again(self.phrases.no_such_date(*impossible), answer)
        if passed is not None:  # "20/11/2026" on the 23rd: so is a day gone by
            said = self.words.say("day_passed", day=self.day_words(passed))
            return self.asked_again(said[:1].upper() + said[1:], answer)  # "Venerdì 20 novembre è già passato."
        if two is not None and self.mem.get("flow") == "book":
            return self.asked_again(self.words.say("second_booking_next"), answer)
        return answer

    def _said_again(self, reading: Reading) -> AgentAnswer | None:
        """The last answer, as it was, when asked for again and nothing else ("can you repeat that?", "what day
        was that?"): what was asked or offered stands, so the answer to it is read as it would have been."""
        last = self.mem.get(LAST_RDV)
        alone = "repeat" in reading.intents and reading.intents <= {"repeat", "greeting", "thanks", "no"}
        if last is None or reading.details or not alone:
            return None
        rdv = self.rdv.again(last)
        return AgentAnswer(reply=rdv["message"], rdv=rdv, tool_calls=self.calls, turns=0, memory=self.mem)

    def _answered(self, reading: Reading, awaited: tuple[str, ...]) -> AgentAnswer:
        turn, mem = self.turn, self.mem
        mem["awaiting"] = []
        anything_else = mem.pop("anything_else", False)  # "Is there anything else…?" was the last question
        declined = mem.pop("declined", False)  # "What would you like to change?" was
        listed = mem.pop("listed", None)  # the customer's bookings the last answer listed
        offered = mem.pop("offered", None)
        reading = self.against_what_was_listed(reading, offered, listed)
        if not (mem.get("flow") == "move" and mem.get("choices") and not mem.get("target")):
            mem.pop("change", None)  # the change asked is kept only while its booking is being picked
        self._apply_action(reading)
        also = "another" in reading.intents and (reading.day or reading.time) and not reading.people
        if mem.pop("just_cancelled", False) and also and "book" not in reading.intents:
            reading.intents.add("cancel")  # "e anche quella del 5 dicembre", right after a cancellation
        if turn.action in ("human", "emergency") or {"human", "angry"} & reading.intents:
            return self.handover(self._handover_reason(reading))
        if offered and turn.text and {"later", "earlier"} & reading.intents and not reading.details:
            return self.more_times(offered, later="later" in reading.intents)  # "anything later?"
        if not offered and mem.get("flow") == "book" and (sooner := {"later", "earlier"} & reading.intents):
            held = self.slots.get("day"), self.slots.get("time")
            if all(held) and not reading.details:  # "can I come earlier?": the times before the one held
                mem["pending"] = None  # a yes next is to none of the times offered
                return self.more_times({"day": held[0], "times": [held[1]]}, later="later" in sooner)
            reading.intents.add("availability")  # "pode ser mais tarde?" before any time was offered: the times
        if "how_to_change" in reading.intents and not reading.details:  # "how do I cancel if I need to?": how,
            return self.understood(self.words.say("how_to_change"))  # not now ("how do I cancel Friday's?": now)
        if (for_the_team := self._for_the_team(reading)) is not None:
            return for_the_team
        if reading.intents == {"wait"} and not reading.details and not self.asked_a_question:
            return self._waited()
        if "phone_why" in reading.intents and "patient.phone_e164" in awaited and not reading.phone:
            return self.asked_again(self.words.say("phone_why"), self.book(reading))  # "why do you need my number?"
        pending = mem.get("pending")
        asking = (pending and pending["kind"] == "create") or (not pending and mem.get("flow") == "book")
        if asking and reading.details and "mine" not in reading.intents:
            reading.intents.discard("move")  # "can we move it to Saturday?" before the yes: the booking asked
        if (confirming := self._while_confirming(reading)) is not None:
            return confirming
        pending, mem["pending"] = mem.get("pending"), None
        if anything_else and "no" in reading.intents and not reading.details:
            return self.goodbye("thanks" in reading.intents)  # "no, that's all" to "anything else?"
        # "just confirming my booking for Saturday at 8", "volevo confermare la prenotazione"
        if "confirming" in reading.intents and mem.get("flow") != "book" and not {"cancel", "move"} & reading.intents:
            return self.list_own()
        day_asked_about, days_asked_about = mem.pop("day_asked_about", None), mem.pop("days_asked_about", None)
        if mem.pop("hours_asked", False) and self._day_alone(reading) and not mem.get("flow"):
            return self.hours_of(self._asked_day(reading))  # "open on Christmas Day?" then "Boxing Day?"
        booking = reading.time or reading.people or "book" in reading.intents
        if day_asked_about and booking and not reading.day and not mem.get("flow"):
            reading.day = dt.date.fromisoformat(day_asked_about)  # "open on New Year's Eve?", "table for 6 at 9pm then"
        if days_asked_about and booking and not reading.day and not mem.get("flow"):
            reading.day_choices = tuple(map(dt.date.fromisoformat, days_asked_about))  # "open Friday and Saturday?"
        if declined and "no" in reading.intents and not reading.details and mem.get("flow") == "book":
            return self.drop_booking(anything_else=True)  # "never mind" to "What would you like to change?"
        letting_go = "never_mind" in reading.intents or reading.intents == {"cancel"}
        if letting_go and mem.get("flow") == "book" and not reading.details:
            return self.drop_booking()  # "never mind", "cancel" while a booking is asked: the request dropped
        if (
            "no" in reading.intents
            and not reading.details
            and mem.get("flow") == "book"
            and "slot.start_iso" in awaited
        ):
            return self.other_time()  # none of the times offered suits
        if reading.party_change is not None and not self._party_changed(reading):
            mem["awaiting"] = ["party_size"]  # "2 more" to a party we do not know: the total, asked
            return self.understood(self.words.say("party_total"))
        listed_alone = listed[0]["id"] if listed and len(listed) == 1 else None
        prefer = self._as_a_change(reading, awaited, listed_alone)
        about_theirs = "mine" in reading.intents and (reading.time or reading.time_near) and not reading.people
        if about_theirs and mem.get("flow") != "book" and not {"cancel", "move", "another"} & reading.intents:
            if (answered := self._of_their_booking(reading)) is not None:
                return answered
        target = mem.get("target") if mem.get("flow") == "move" else None
        if "cancel" in reading.intents and target and not (reading.day or reading.time):
            prefer = target["id"]  # "cancel it", to "...move it to another day, or cancel it?"
        if {"cancel", "move"} & reading.intents and listed_alone and not (reading.day or reading.time):
            prefer = prefer or listed_alone  # "cancel it" to the one booking listed, of several the customer has
        if "cancel" in reading.intents or "move" in reading.intents:
            mem["flow"] = "move" if "move" in reading.intents else "cancel"
            mem["target"], mem["choices"] = None, None
            mem["then_book"] = {"cancel", "another"} <= reading.intents  # "cancel it and book a new one"
            return self.manage(reading, fresh=True, prefer=prefer)
        if target and "yes" in reading.intents and not reading.details:
            return self.move_to(reading)  # "yes" to "move it or cancel it?": which day and time, asked
        picking = reading.part_named and mem.get("choices") and not mem.get("target")  # "the lunch one"
        times_asked = target and "availability" in reading.intents  # "what do you have?" to "To which day…?"
        if mem.get("flow") in ("cancel", "move") and (  # "the latest you have", "next week"
            reading.details
            or turn.action == "choose_booking"
            or (EDGES | _MOVE_WORDS) & reading.intents
            or picking
            or times_asked
            or (target and reading.part_named)  # "l'après-midi" to "To which day and time…?": that day's
        ):
            return self.manage(reading, fresh=False)
        if mem.get("flow") in ("cancel", "move") and "no" in reading.intents:
            mem.update(flow=None, choices=None, target=None)  # "never mind": nothing changes
            return self.understood(self.words.say("cancel_kept"))
        if (answered := self._question_answered(reading, awaited)) is not None:
            return self._then_the_booking(answered)
        if turn.action == "show_calendar" and not reading.details:  # "see free times": the first ones there are
            mem["flow"] = "book"
            return self.offer(self.now.date(), None, [])
        if (
            "book" in reading.intents
            or turn.action == "start_booking"
            or (
                mem.get("flow") == "book" and (reading.details or reading.week_of or _BOOKING_GOES_ON & reading.intents)
            )
            or (reading.day or reading.time or reading.people or reading.care_type)
            or EDGES & reading.intents  # "what's the earliest you can do?"
            or ("availability" in reading.intents and (reading.week_of or "next_week" in reading.intents))
            or ("availability" in reading.intents and reading.time_near)  # "any tables after 9?": which day, asked
        ):  # "anything next week?", "des créneaux cette semaine ?"
            mem["flow"] = "book"
            return self._book_answering(reading)
        if turn.text and not {"yes", "no"} & reading.intents and (faq := self.faq(turn.text)):
            return self._then_the_booking(self.understood(faq))
        thanked = "thanks" in reading.intents and not (mem.get("flow") or self.asked_a_question)  # not "thanks, and…?"
        if thanked or ("bye" in reading.intents and not reading.details):  # "bye" even with a booking half asked
            return self.goodbye("thanks" in reading.intents)
        if "greeting" in reading.intents and turn.history and set(normalise(turn.text or "").split()) <= _HELLO_OR_BYE:
            return self.goodbye(thanked=False)  # "ciao", "salut" once the conversation is under way: goodbye
        if "greeting" in reading.intents or (not turn.history and not turn.text):
            return self._then_the_booking(self.welcome())  # "hi" to "what name?": hello, and the name asked again
        if mem.get("flow") == "book" and (reading.details or reading.day_choices):
            return self.book(reading)  # "le matin" to "today or Monday 30?": which day, asked again
        if pending and not reading.details:  # "which one?" to "Shall I cancel…?": the yes is still awaited
            return self.unanswered(pending)
        if reading.intents == {"yes"} and not (reading.details or mem.get("flow") or awaited):  # "ok", "great"
            if not turn.history:
                return self.welcome()
            mem["anything_else"] = True  # the day asked about stays: "open on Friday?" - "ok" - "a table at 8"
            mem.update(day_asked_about=day_asked_about, days_asked_about=days_asked_about)
            return self.understood(self.words.say("anything_else"))
        return self.unanswered()

    def _then_the_booking(self, answered: AgentAnswer) -> AgentAnswer:
        """A question answered while a booking is asked for ("avete il parcheggio?" to "what name?"): the
        booking's question asked again after the answer, so that "Luca" next is still read as the name. An
        answer that asks already (`unanswered`, "how much is it?": what is missing, or the yes) is left as it is."""
        if self.mem.get("flow") != "book" or self.mem["awaiting"] or self.mem.get("pending"):
            return answered
        return self.asked_again(answered.reply, self.book(Reading()))

    def _waited(self) -> AgentAnswer:
        """ "Hold on", "un attimo": said to be fine; the booking under way is asked again, any other question
        stands (a yes next still confirms what was asked)."""
        said = self.words.say("wait")
        pending = self.mem.get("pending")
        if (pending and pending["kind"] == "create") or (not pending and self.mem.get("flow") == "book"):
            return self.asked_again(said, self.book(Reading()))
        return self.understood(said)

    def _while_confirming(self, reading: Reading) -> AgentAnswer | None:
        """The answer to "Shall I ...?" just asked: yes, no, "cancel" to a booking asked, or a question
        answered before the question is asked again; None when the message is none of these."""
        pending = self.mem.get("pending")
        if pending and "yes" in reading.intents and not reading.details:
            return self.execute(pending)
        another = pending and self.asked_a_question and ANOTHER_DAY.search(self.folded)
        creating = pending and pending["kind"] == "create"
        changing = creating and "move" in reading.intents and "mine" not in reading.intents  # "can I change it?"
        if pending and ("no" in reading.intents or another or changing) and not reading.details:
            return self.decline(pending)  # "no", "any other day?", "can I change it?"
        if creating and "cancel" in reading.intents and not reading.details:
            return self.drop_booking()  # "cancel" to "Shall I book...?": the request, not a booking
        if pending and reading.intents == {"thanks"} and not reading.details:
            return self.confirmed_again(pending)  # "merci" to "Shall I book...?": no yes yet, asked again, no "sorry"
        if creating and not (reading.intents - INTENTS_OF_A_SURNAME or reading.details):
            reading.name = full_name(self.turn.text or "")  # "Ben" asked about, then "Ben Carter": asked again with it
            reading.intents -= INTENTS_OF_A_SURNAME if reading.name else set()  # "Megan Price"
        if pending and (said := self._aside(reading)):
            return self.asked_again(said, self.confirmed_again(pending))  # "can I pay by card?" before the yes
        if creating and not reading.details:
            reading.reason = reading.request_asked  # "could we sit by the window?" before the yes: noted
        moving = self.mem.get("flow") == "move" and self.mem.get("target")
        asks_times = "availability" in reading.intents  # "che orari avete venerdì?" while moving: its free times
        if not pending and moving and not asks_times and (said := self._aside(reading)):
            return self.asked_again(said, self.move_to(Reading()))  # "open on Wednesday?" while moving
        return None

    @staticmethod
    def _day_alone(reading: Reading) -> bool:
        return (
            reading.day is not None and not (reading.intents - {"instead"}) and not replace(reading, day=None).details
        )

    def _apply_action(self, reading: Reading) -> None:
        action, data = self.turn.action, self.turn.data or {}
        if action == "confirm":
            reading.intents.add("yes")
        elif action == "decline":
            reading.intents.add("no")
        elif action == "choose_day" and isinstance(data.get("day"), str):
            try:
                reading.day = dt.date.fromisoformat(data["day"])
            except ValueError:
                return
        elif action == "choose_slot" and isinstance(data.get("start_iso"), str):
            try:
                start = dt.datetime.fromisoformat(data["start_iso"]).astimezone(self.venue.tz)
            except ValueError:
                return
            reading.day, reading.time = start.date(), start.strftime("%H:%M")

    def _handover_reason(self, reading: Reading) -> str:
        if self.turn.action == "emergency":
            return "Urgent request from the welcome screen"
        return "The customer is angry" if "angry" in reading.intents else "The customer asked for a person"

    # --- confirmations

    def execute(self, pending: dict[str, Any]) -> AgentAnswer:
        self.mem["pending"] = None
        if pending["kind"] == "create":
            day, time = self.slots["day"], self.slots["time"]
            return self._then_the_second(self.create(), dt.date.fromisoformat(day), time)
        if pending["kind"] == "cancel":
            return self.cancel(pending)
        return self.move(pending)

    def _then_the_second(self, created: AgentAnswer, day: dt.date, time: str) -> AgentAnswer:
        """The second booking asked in the message that asked the first, read now that the first (on `day` at
        `time`) is made: its confirmation, or what it still needs, after the "Done!". Said without a day ("and
        another one at 9"), it is on the first one's day; one booking asked on two days without a time ("for 2
        on Friday and Saturday" - "at 8pm") is at the first one's time on both; with no party (or care) of its own,
        it is for the first one's."""
        second, same_time = self.mem.pop("second_booking", None), self.mem.pop("second_at_the_same_time", False)
        if not second or created.rdv["action"] != "CREATE":
            return created
        self.turn = replace(self.turn, text=second, action=None, data=None)
        reading = read_message(second, self.venue, self.now)
        if not (reading.day or reading.day_choices or reading.week_of):
            reading.day = day
        if same_time and not (reading.time or reading.time_near or reading.part):
            reading.time = time
        if reading.people is None and not self.venue.is_clinic:
            reading.people = self.mem.get("last_party")  # "… and another on Saturday at 8": the same party
        if reading.care_type is None and self.venue.is_clinic:
            reading.care_type = self.mem.get("last_care")  # "… et un autre pour mon fils à 10h30": the same care
        return self.asked_again(created.reply, self._answered(reading, ()))

    def drop_booking(self, anything_else: bool = False) -> AgentAnswer:
        """The booking asked for dropped, its name and phone kept; said so, or `anything_else` asked (a "no, that's
        all" next says goodbye)."""
        self.mem.update(pending=None, flow=None, slots={k: v for k, v in self.slots.items() if k in ("name", "phone")})
        if anything_else:
            self.mem["anything_else"] = True
        return self.understood(self.words.say("anything_else" if anything_else else "create_dropped"))

    def decline(self, pending: dict[str, Any]) -> AgentAnswer:
        self.mem["pending"] = None
        self.mem.pop("to_cancel", None)  # "no" to one of several cancellations keeps the rest too
        if pending["kind"] == "create":  # all is kept: what is said next changes it ("make it 4 people")
            message = self.words.say("not_confirmed")
            self.mem.update(awaiting=["slot.start_iso"], declined=True)
            return self.answer(message, self.rdv.need_info(message, ["slot.start_iso"], self.patient, self.details))
        self.mem["flow"] = None
        return self.understood(self.words.say("cancel_kept"))


class OfflineAgent:
    """The deterministic agent; put it behind the out-of-scope screen (`ScreenedAgent`)."""

    def respond(self, turn: Turn, tools: ToolRunner) -> AgentAnswer:
        spoken = in_customer_language(turn)
        answer = _Run(spoken, tools).respond()
        answer.memory[LAST_RDV] = answer.rdv
        remember_language(answer.memory, turn, spoken)
        return answer
