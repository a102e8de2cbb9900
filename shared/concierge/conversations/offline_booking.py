"""The offline agent's booking flow: slot-filling, free times near the request, confirmation, creation."""

from __future__ import annotations

import datetime as dt
from typing import Any

from concierge.conversations.agent import AgentAnswer
from concierge.conversations.offline_booking_days import BookingDays
from concierge.conversations.offline_free_times import nearest_to
from concierge.conversations.offline_turn import ddmmyyyy
from concierge.conversations.rdv import Patient, Slot, button
from concierge.conversations.rdv_schema import beyond_the_pattern, in_latin_letters
from concierge.conversations.time_shifts import shifted
from concierge.conversations.readings import Reading
from concierge.domain.openings import next_open_day
from concierge.domain.phone import example_number

EDGES = frozenset({"earliest", "latest"})  # intents that ask for a day's first or last free time


class BookingFlow(BookingDays):
    def book(self, reading: Reading) -> AgentAnswer:
        self.mem["misunderstood"] = 0
        slots, notes = self.slots, self._taken(reading)
        restaurant = not self.venue.is_clinic
        choices = self.open_day_choices(reading)
        if len(choices) > 1:
            return self.which_day(choices, notes, free_times="availability" in reading.intents)
        if choices:
            slots["day"] = choices[0].isoformat()
        elif "next_week" in reading.intents and slots.get("day"):  # "saturday at 8" - "next week": that day then
            weekday = dt.date.fromisoformat(slots["day"]).weekday()
            slots["day"] = (self.next_monday() + dt.timedelta(days=weekday)).isoformat()
        day = dt.date.fromisoformat(slots["day"]) if slots.get("day") else None
        if day is not None and day == reading.day and reading.day_else:
            day = self.open_one_of_two(day, reading, notes)
        following = None  # the next open day, when the day said is closed
        if day is not None and not self.venue.ranges_on(day):
            notes.append(self.words.say("closed_day", day=self.day_words(day)))
            following = next_open_day(self.venue, day)
            if following and "availability" in reading.intents and not slots.get("time"):
                slots.pop("day")  # "any tables tonight (around 9)?" when closed: the next open day's free times
                return self.offer(following, None, notes, around=slots.pop("near", None))
            if following is not None:
                notes.append(self.words.say("closed_day.next", day=self.day_words(following)))
                slots["next_open"] = following.isoformat()
            slots.pop("day")  # the time is kept: "ok, Tuesday then" books it then
            day = None
        week_of = reading.week_of  # "la semaine du 7 décembre", "anything next week?": the week's first free times
        if "next_week" in reading.intents:
            week_of = self.next_monday()
        first = next_open_day(self.venue, max(week_of, self.now.date()) - dt.timedelta(days=1)) if week_of else None
        if (edge := EDGES & reading.intents) and not reading.time:
            # "the latest tonight", closed tonight: the next day's; "the earliest next week": its first open day's
            day = self.edge_of_day(day or following or first, edge)
        elif (reading.care_type == "urgence" or "now" in reading.intents) and day is None and not slots.get("time"):
            day = self.edge_of_day(None, frozenset({"earliest"}))  # an emergency, "right now": the first from now
        if week_of and day is None and not slots.get("next_open"):
            if first is not None:
                slots["week"] = week_of.isoformat()
                if reading.part_named:  # "la semaine prochaine l'après-midi": the week's first afternoon
                    first = self.first_with_part(first, week_of, reading.part_named)
                if self.part_of_the_day_under_way(reading, first.isoformat()) and reading.part:
                    slots["part"] = list(reading.part)
                return self.offer(first, None, notes, around=slots.pop("time", None) or slots.pop("near", None))
        missing = self.missing()
        complete_patient = bool(self.name and self.phone)
        if day is not None and missing == ["slot.start_iso"] and complete_patient:
            return self.offer(day, None, notes, around=slots.pop("near", None))
        asks_times = "availability" in reading.intents or bool(EDGES & reading.intents)  # "the earliest you can do"
        # "is 8 ok?", "can I book for 2 at 10pm on friday?"
        asks_times = asks_times or bool(self.asked_a_question and reading.time and not reading.intents - {"book"})
        over_limit = bool(reading.people and reading.people > self.venue.max_people)  # free for no party said
        if missing and asks_times and day is not None and not over_limit:  # "is Friday at 8 free?"
            if slots.get("time") in self.free_times(day):
                notes.append(self.words.say("is_free", day=self.day_words(day), time=self.time_words(slots["time"])))
            else:  # "anything free on Saturday evening?": the free times, before the name
                return self.offer(day, slots.get("time"), notes, around=slots.pop("near", None))
        said = slots.get("time") if "slot.start_iso" not in missing else None
        if missing and said and day is not None and (self.gone(day, said) or not self.open_then(day, said)):
            return self.offer(day, said, notes)  # "all'una", no lunch then; gone: its free times before the name
        part = slots.get("part")
        if missing and part and day is not None and not self.free_in_part(day, part):
            return self.offer(day, None, notes)  # "Sunday evening", lunch only: what there is that day, first
        # "can I book for Saturday?", "do you do bookings for New Year's Eve?": its hours say yes, and when
        asked_of_a_day = self.asked_a_question and day == reading.day and not over_limit
        # its times next; a time held already: "can we do Friday?" moves the booking under way, its confirmation says
        asked_of_a_day = asked_of_a_day and not (slots.get("time") or reading.time_near or reading.part)
        if ("hours" in reading.intents or asked_of_a_day) and day is not None:
            notes.insert(0, self.day_hours(day))  # "are you open on Christmas Eve? can I book for 6?": yes, then
        if missing:
            return self.need_info(missing, notes)
        assert day is not None
        time = slots["time"]
        free = self.free_times(day)
        if time not in free and slots.get("time_else") in free:  # "at 7 or 7:30": 7 taken, 7:30 then
            notes.append(self.words.say("time_taken", time=self.time_words(time)))
            time = slots["time"] = slots.pop("time_else")
        if time in free:
            # a visit's reason said to its confirmation ("c'est pour une douleur"): said noted, as a table's note is
            reason_added = reading.reason is not None and self.confirming
            self.mem["pending"] = {"kind": "create"}
            if asks_times:  # "do you have availability Saturday at 7:30pm? I'm Emily": said free, then asked
                notes.append(self.words.say("is_free", day=self.day_words(day), time=self.time_words(time)))
            if (restaurant or reason_added) and slots.get("reason"):
                notes.append(self.words.say("noted", note=slots["reason"]))
            message = " ".join(notes + [self.confirm_sentence(day, time)])
            return self.answer(
                message, self.rdv.confirmation(message, self.patient, Slot.at(self.venue, day, time), self.details)
            )
        return self.offer(day, time, notes)

    def _taken(self, reading: Reading) -> list[str]:
        """What the message says of the booking, kept in its slots, read against what was said before ("ok,
        Tuesday then", "make that 3", "no, half an hour later"); the notes to say first (a name or phone
        refused, a party over the limit)."""
        slots, notes = self.slots, []
        named = dt.date.fromisoformat(slots["next_open"]) if slots.get("next_open") else None
        if named and reading.day and reading.day.weekday() == named.weekday() and named >= reading.day:
            # "ok, Tuesday then": the Tuesday just named as the next open day ("lunedì" on a Monday: not asked)
            reading.day, reading.day_choices = named, ()
        week = dt.date.fromisoformat(slots.pop("week")) if reading.day and slots.get("week") else None
        if reading.day and week and reading.day < week and self.weekday_alone():
            # "next week" or "the week of the 7th" offered, then "Tuesday": that week's Tuesday
            reading.day -= dt.timedelta(days=7 * ((reading.day - week).days // 7))
        said_day = slots.get("day") or slots.get("next_open")
        self.party_not_hour(reading, reading.day or (dt.date.fromisoformat(said_day) if said_day else None))
        if reading.made_it is not None and reading.time and slots.get("people") and not slots.get("time"):
            reading.people, reading.time = reading.made_it, None  # "table for 2 tonight" - "make that 3": the party
        if reading.shift is not None and not reading.time and slots.get("time"):  # "no, half an hour later"
            reading.time = shifted(slots["time"], reading.shift)
        restaurant = not self.venue.is_clinic
        if not restaurant and reading.for_someone and not reading.name:
            slots.pop("name", None)  # "et un autre pour ma fille": not the last patient's name
        if restaurant and reading.reason and slots.get("reason") and reading.reason not in slots["reason"]:
            reading.reason = f"{slots['reason']}; {reading.reason}"[:200]  # a guest's requests add up
        if reading.care_assumed and slots.get("care_type"):
            reading.care_type = None  # "un contrôle…" - "c'est pour une douleur": the care chosen stays
        for key in ("day", "time", "people", "care_type", "reason", "for_someone"):
            value = getattr(reading, key)
            if value is not None:
                slots[key] = value.isoformat() if isinstance(value, dt.date) else value
        if reading.time:
            slots.pop("near", None)
            slots.pop("bound", None)
            slots["time_else"] = reading.time_else  # the second of two times offered, or none
        elif reading.time_near:  # "verso le 20": the free times around it are offered, never one taken as said
            slots["near"], slots["bound"] = reading.time_near, reading.bound  # "after 8pm": those from 8 pm
            slots.pop("time", None)
        said_time = reading.time or reading.time_near
        if (
            (said_time or "yes" in reading.intents)
            and not reading.day
            and not slots.get("day")
            and "next_open" in slots
        ):
            slots["day"] = slots["next_open"]  # "closed on Friday; the next day we are open is Sunday" - "10am", "ok"
        if slots.get("day"):
            slots.pop("next_open", None)
        if (
            said_time
            and not (
                reading.day
                or slots.get("day")
                or "next_week" in reading.intents
                or reading.no_such_date
                or reading.past_day
            )
            and self.today_open_at(said_time)
        ):
            slots["day"] = self.now.date().isoformat()  # "a table at 8", "around 8": today, when today can be meant
        if reading.day or reading.time:  # "domani sera": the evening's times are offered
            slots["part"] = list(reading.part) if reading.part and not reading.time else None
        kept = slots.get("time")
        if kept and not reading.time and reading.outside_part(kept):
            slots.pop("time")  # "Friday at 8" - "Saturday lunch instead": lunch's free times, not 8 pm on Saturday
        if reading.name:
            if Patient(name := in_latin_letters(reading.name)).as_rdv(self.venue):
                slots["name"] = name  # "Łukasz Nowak" as Lukasz Nowak, which the rdv's name pattern takes
            else:
                self.mem["name_attempts"] += 1  # the booking's name is written in Latin letters (the rdv's pattern)
                other_script = any(
                    c.isalpha() and beyond_the_pattern(c) for c in reading.name
                )  # "王伟", "Александр", "أحمد"
                notes.append(self.words.say("bad_name.latin" if other_script else "bad_name"))
        if reading.phone and Patient(phone=reading.phone).as_rdv(self.venue):
            slots["phone"] = reading.phone
        elif reading.phone or reading.bad_phone:  # not a number, or none a person has ("0347…": a UK shared line)
            self.mem["phone_attempts"] += 1
            notes.append(self.words.say("bad_phone", example=example_number(self.venue.country)))
        if slots.get("people") and slots["people"] > self.venue.max_people:
            notes += self.too_many()
            slots.pop("people")
        return notes

    def other_time(self) -> AgentAnswer:
        """ "No" to the times offered: another day or time is asked for, the rest is kept."""
        self.slots.pop("time", None)
        message = self.words.say("other_time")
        self.mem["awaiting"] = ["slot.start_iso"]
        return self.answer(message, self.rdv.need_info(message, ["slot.start_iso"], self.patient, self.details))

    def which_day(self, choices: list[dt.date], notes: list[str], free_times: bool = False) -> AgentAnswer:
        """ "Giovedì" said on a Thursday: today or next week? Asked, with a button for each day; with
        `free_times` (they were asked for: "any availability this weekend?"), the day picked offers its own."""
        self.slots.pop("day", None)
        self.mem["day_asked"] = [day.isoformat() for day in choices]  # "Saturday" next picks its one
        self.mem["day_asked_free"] = free_times
        today = self.now.date()
        labels = [
            self.words.say("day.today", day=self.day_words(day)) if day == today else self.day_words(day)
            for day in choices
        ]
        message = " ".join(notes + [self.words.say("which_day", days=self.words.say("or").join(labels))])
        buttons = [
            button(label, "choose_day", self.words.say("day.aria", day=self.day_words(day)), "secondary",
                   {"day": day.isoformat()})
            for label, day in zip(labels, choices, strict=True)
        ]  # fmt: skip
        missing = self.missing()
        self.mem["awaiting"] = missing  # a bare name or party size after the question is still read as one
        return self.answer(message, self.rdv.need_info(message, missing, self.patient, self.details, buttons))

    def missing(self) -> list[str]:
        slots, out = self.slots, []
        if not self.name:
            out.append("patient.name")
        if not self.phone:
            out.append("patient.phone_e164")
        if not self.venue.is_clinic and not slots.get("people"):
            out.append("party_size")  # before the time: a bare "7" next is read as the party, as asked first
        if not (slots.get("day") and slots.get("time")):
            out.append("slot.start_iso")
        if self.venue.is_clinic:
            if not slots.get("care_type"):
                out.append("care_type")
            if not slots.get("reason") and slots.get("care_type") in (None, "autre"):
                out.append("reason")  # "pour un détartrage" is its own reason; "autre" needs one
        return out

    def need_info(self, missing: list[str], notes: list[str]) -> AgentAnswer:
        slots = self.slots
        labels = []
        for field in missing:
            if field == "slot.start_iso" and slots.get("day") and (slots.get("near") or slots.get("part")):
                continue  # "around 8", "in the morning": the free times then are offered once the rest is known
            if field == "slot.start_iso" and self._offered_stand() and len(missing) > 1:
                continue  # the times just offered stand: one is picked from them, not asked for again
            if field == "slot.start_iso" and slots.get("day"):
                labels.append(self.words.say("field.time"))
            elif field == "slot.start_iso" and (slots.get("time") or slots.get("near")):
                labels.append(self.words.say("field.day"))  # "around 9" said: only the day is missing
            else:  # "pour mon fils" at a clinic: his name, not the one writing's
                other = field == "patient.name" and self.slots.get("for_someone") and self.venue.is_clinic
                labels.append(self.words.say(f"field.{field}" + (".other" if other else "")))
        sentence = self.words.say("need_info", fields=self.phrases.join_and(labels))
        if "care_type" in missing:
            sentence += " " + self.words.say(
                "need_info.care_types",
                types=", ".join(
                    self.words.care_type(c) for c in ("consultation", "controle", "detartrage", "soin", "urgence")
                ),
            )
        message = " ".join(notes + [sentence])
        self.mem["awaiting"] = missing
        return self.answer(message, self.rdv.need_info(message, missing, self.patient, self.details))

    def _offered_stand(self) -> bool:
        offered = self.mem.get("offered")
        return bool(offered and self.slots.get("day") == offered["day"])

    def offer(self, day: dt.date, time: str | None, notes: list[str], around: str | None = None) -> AgentAnswer:
        """Free times near `time` (asked for and not free) or `around` (said approximately), else the day's."""
        offered_day, free = self.nearest(day, time or around)
        part = self.slots.get("part")
        if part and time is None and offered_day == day:  # "domani sera verso le 21": the evening's, near 21
            in_part = self.free_in_part(day, part)
            free = nearest_to(in_part, around) or nearest_to(self.free_times(day), around or part[0])  # closed then
        elif part and time is None and (in_part := self.free_in_part(offered_day, part)):
            free = nearest_to(in_part, around)  # "any tables tonight?", none left: the next day's evening
        bound = self.slots.pop("bound", None) if around and time is None and offered_day == day else None
        free, bound = self.on_side(day, free, around, bound)
        self.slots.pop("time", None)
        sentence = self.times_sentence(day, offered_day, free, time, around, None if time else part, bound)
        requested = Slot.at(self.venue, day, time) if time else None
        closed = self.words.say("closed_day.next", day=self.day_words(offered_day))
        said = [note for note in notes if note != closed and note not in sentence]  # the day's hours said once
        return self.offer_times(offered_day, free, " ".join(said + [sentence]), requested, around, bound)

    def offer_times(
        self,
        day: dt.date,
        free: list[str],
        message: str,
        requested: Slot | None = None,
        around: str | None = None,
        bound: str | None = None,
    ) -> AgentAnswer:
        """`free` times of `day` offered with `message`, as buttons; the next message may pick one by its
        place ("the first one"), say yes to the one they are `around`, or ask for later or earlier ones; one
        that says no other time has the same times offered again (`offer_kept`)."""
        # the name or the party may come first ("Lina Haddad", "4" to the times offered): read as such while missing
        also = [field for field in self.missing() if field in ("patient.name", "party_size")]
        self.mem["awaiting"] = ["slot.start_iso", *also]
        self.slots["day"] = day.isoformat()
        asked = requested.start.strftime("%H:%M") if requested else None  # a time asked that was not free
        self.mem["offered"] = {"day": day.isoformat(), "times": free, "around": around, "bound": bound, "asked": asked}
        options = [Slot.at(self.venue, day, t) for t in free]
        if not (self.name and self.phone):
            missing = self.missing()
            return self.answer(
                message,
                self.rdv.need_info(message, missing, self.patient, self.details, self.rdv.slot_buttons(options)),
            )
        return self.answer(message, self.rdv.find_slots(message, self.patient, options, self.details, requested))

    def offer_kept(self, offered: dict[str, Any], reading: Reading) -> None:
        """The times offered stand when the answer to them gives another detail and no day or time ("Lina
        Haddad", "we're 4"; "same time" is one): offered again the same way, or picked from next ("the second
        one")."""
        if reading.details and not (reading.day or reading.time or reading.time_near or reading.shift is not None):
            self.mem["offered"] = offered
            if near := offered.get("around") or offered.get("asked"):  # "12h30" not free: near it again
                self.slots.update(near=near, bound=offered.get("bound"))
            elif "later" in offered:  # "anything later?" - "Tom": the later ones again, from the first of them
                times, later = offered["times"], offered["later"]
                self.slots.update(near=times[0] if later else times[-1], bound="after" if later else "before")

    def too_many(self) -> list[str]:
        """A party over the venue's limit: the limit, and the venue's number (a larger group is for it to arrange)."""
        notes = [self.words.say("too_many", limit=self.venue.max_people)]
        if self.venue.contact.phone:
            notes.append(self.words.say("handover.contact", phone=self.venue.contact.phone_written))
        return notes

    def what(self) -> str:
        if self.venue.is_clinic:
            care = self.words.care_type(self.slots.get("care_type", "autre"))
            said = self.words.say("confirm.clinic", care=care)
            return said.replace(f" ({care})", "") if said.count(care) > 1 else said  # not "uma consulta (consulta)"
        return self.words.say("confirm.people", people=self.slots.get("people"))

    def confirm_sentence(self, day: dt.date, time: str) -> str:
        return self.words.say(
            "confirm", what=self.what(), day=self.day_words(day), time=self.time_words(time), name=self.name
        )

    def create(self) -> AgentAnswer:
        slots = self.slots
        day, time = dt.date.fromisoformat(slots["day"]), slots["time"]
        params: dict[str, Any] = {
            "serviceName": self.service_name(),
            "appointmentDate": ddmmyyyy(day),
            "appointmentTime": time,
            "clientFullName": self.name,
            "clientPhone": self.phone,
        }
        if self.venue.is_clinic:
            params.update(careType=slots.get("care_type"), reason=slots.get("reason"))
        else:
            params["people"] = slots.get("people")
            if slots.get("reason"):
                params["reason"] = slots["reason"]  # the guest's requests, kept as the booking's note
        result = self.tool("schedule_appointment", params)
        if not result.get("success"):
            return self.offer(day, time, [self.words.say("create_failed", error=result.get("error") or "")])
        message = self.words.say(
            "created", what=self.what(), day=self.day_words(day), time=self.time_words(time), name=self.name
        )
        slot, details, patient = Slot.at(self.venue, day, time), self.details, self.patient
        own = not slots.get("for_someone")  # "pour mon fils": his name is no name of the one writing
        if own and slots.get("name") and not (self.turn.profile and self.turn.profile.preferred_name):
            self.tool("update_client_info", {"preferredName": slots["name"]})
        self.mem["flow"] = None
        self.mem["slots"] = {k: v for k, v in slots.items() if k == "phone" or (k == "name" and own)}
        # "and Saturday as well", "also Saturday, same time": another booking, the same party (and time)
        self.mem.update(last_party=slots.get("people"), last_time=time, last_day=day.isoformat())
        if self.venue.is_clinic:
            self.mem["last_care"] = slots.get("care_type")  # "… et un autre pour mon fils": the same care
        event_id = result.get("eventId") or result.get("id")
        self.mem["last_created"] = event_id if isinstance(event_id, str) else None
        return self.answer(
            message, self.rdv.create(message, patient, slot, event_id if isinstance(event_id, str) else None, details)
        )

    def service_name(self) -> str:
        if self.venue.is_clinic:
            return self.words.care_type(self.slots.get("care_type") or "consultation").capitalize()
        return self.words.say("service.table")  # the party is the booking's own field, changed on its own
