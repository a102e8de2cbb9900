"""The offline agent: a deterministic chat receptionist for it, en, fr and pt, with no model.

It welcomes, books by slot-filling (name, phone, day, time, party size; care type and reason for
clinics), offers free times near the request, confirms, creates; moves and cancels the customer's
own bookings; answers hours and the venue's FAQ; hands over on request, when the customer is clearly
angry, or after two misunderstandings. It acts only through the ToolRunner. Its state between turns
lives in the conversation's `memory` (see `Memory`).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import phonenumbers

from concierge.conversations.agent import AgentAnswer, ToolCallRecord, ToolRunner, Turn
from concierge.conversations.out_of_scope import hand_over
from concierge.conversations.rdv import Details, Disposition, Patient, RdvBuilder, Session, Slot, button, is_clinic
from concierge.conversations.understanding import Reading, read_message
from concierge.domain.venue import Venue, minutes
from concierge.speech import phrases_for
from concierge.speech.receptionist import agent_words, weekly_hours
from concierge.tools.faq import THRESHOLD, best_match

MAX_OPTIONS = 4
LOOKAHEAD_DAYS = 7
BOOKINGS_HORIZON_DAYS = 89  # today and the next 89 days: three windows
LIST_WINDOW_DAYS = 30  # list_events reads at most 31 days at once
MISUNDERSTANDINGS_BEFORE_HANDOVER = 2
EVENING = 18  # from this hour the welcome says good evening


def _ddmmyyyy(day: dt.date) -> str:
    return day.strftime("%d/%m/%Y")


class _Run:
    """One turn of the offline agent: the turn, its tools, the memory it updates, the calls it makes."""

    def __init__(self, turn: Turn, tools: ToolRunner) -> None:
        self.turn, self.venue, self.now = turn, turn.venue, turn.now
        self._tools = tools
        self.calls: list[ToolCallRecord] = []
        self._free: dict[str, list[str]] = {}  # free times by day, read once per turn
        self.mem: dict[str, Any] = {
            "slots": {},
            "misunderstood": 0,
            "attempts": 0,
            "name_attempts": 0,
            "phone_attempts": 0,
            **turn.conversation.memory,
        }
        self.mem["slots"] = dict(self.mem.get("slots") or {})
        self.mem["attempts"] += 1
        self.words = agent_words(self.venue.locale)
        self.phrases = phrases_for(self.venue.locale, self.venue.kind)

    # --- plumbing

    def tool(self, name: str, params: dict[str, Any]) -> dict[str, Any]:
        result = self._tools(name, params)
        self.calls.append(ToolCallRecord(name=name, ok=bool(result.get("success"))))
        return result

    @property
    def rdv(self) -> RdvBuilder:
        return RdvBuilder(
            self.venue,
            self.now,
            Session(
                attempt_count=self.mem["attempts"],
                last_bot_message=self.mem.get("last_bot_message"),
                has_name=bool(self.name),
                has_phone=bool(self.phone),
                name_attempts=self.mem["name_attempts"],
                phone_attempts=self.mem["phone_attempts"],
            ),
        )

    def answer(self, message: str, rdv: dict[str, Any]) -> AgentAnswer:
        self.mem["last_bot_message"] = message
        return AgentAnswer(reply=message, rdv=rdv, tool_calls=self.calls, turns=0, memory=self.mem)

    def day_words(self, day: dt.date) -> str:
        return self.phrases.day_label(day)

    def time_words(self, hhmm: str) -> str:
        return self.phrases.time_human(hhmm)

    # --- what we know of the customer

    @property
    def slots(self) -> dict[str, Any]:
        return self.mem["slots"]

    @property
    def name(self) -> str | None:
        profile = self.turn.profile
        return (
            self.slots.get("name")
            or self.turn.conversation.customer_name
            or (profile.preferred_name if profile else None)
        )

    @property
    def phone(self) -> str | None:
        conversation = self.turn.conversation
        verified = conversation.customer_phone if conversation.phone_verified else None
        return self.slots.get("phone") or verified or (self.turn.profile.phone if self.turn.profile else None)

    @property
    def patient(self) -> Patient:
        return Patient(self.name, self.phone)

    @property
    def details(self) -> Details:
        return Details(
            reason=self.slots.get("reason"), care_type=self.slots.get("care_type"), party_size=self.slots.get("people")
        )

    # --- the turn

    def respond(self) -> AgentAnswer:
        turn, mem = self.turn, self.mem
        reading = (
            read_message(turn.text, self.venue, self.now, tuple(mem.get("awaiting") or ())) if turn.text else Reading()
        )
        mem["awaiting"] = []
        self._apply_action(reading)
        if turn.action in ("human", "emergency") or {"human", "angry"} & reading.intents:
            return self.handover(self._handover_reason(reading))
        pending = mem.get("pending")
        if pending and "yes" in reading.intents and not reading.details:
            return self.execute(pending)
        if pending and "no" in reading.intents and not reading.details:
            return self.decline(pending)
        mem["pending"] = None
        if mem.get("last_created") and (reading.day or reading.time) and "instead" in reading.intents:
            reading.intents.add("move")  # "make it 8 instead", right after a booking: move that booking
        if "cancel" in reading.intents or "move" in reading.intents:
            mem["flow"] = "move" if "move" in reading.intents else "cancel"
            mem["target"], mem["choices"] = None, None
            return self.manage(reading, fresh=True)
        if mem.get("flow") in ("cancel", "move") and (reading.details or turn.action == "choose_booking"):
            return self.manage(reading, fresh=False)
        if ("hours" in reading.intents and "book" not in reading.intents) or turn.action == "show_info":
            return self.understood(self.words.say("hours", hours=weekly_hours(self.venue)))  # "open on Saturday?"
        if (
            "book" in reading.intents
            or turn.action in ("start_booking", "show_calendar")
            or (mem.get("flow") == "book" and reading.details)
            or (reading.day or reading.time or reading.people or reading.care_type)
        ):
            mem["flow"] = "book"
            return self.book(reading)
        if turn.text and not {"yes", "no"} & reading.intents and (faq := self.faq(turn.text)):
            return self.understood(faq)
        if ("thanks" in reading.intents and not mem.get("flow")) or ("bye" in reading.intents and not reading.details):
            return self.goodbye()  # "bye" ends the conversation even with a booking half asked; "thanks" does not
        if "greeting" in reading.intents or (not turn.history and not turn.text):
            return self.welcome()
        if mem.get("flow") == "book" and reading.details:
            return self.book(reading)
        return self.not_understood()

    def _apply_action(self, reading: Reading) -> None:
        action, data = self.turn.action, self.turn.data or {}
        if action == "confirm":
            reading.intents.add("yes")
        elif action == "decline":
            reading.intents.add("no")
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

    # --- answers that end or reset a flow

    def welcome(self) -> AgentAnswer:
        self.mem["misunderstood"] = 0
        profile_name = self.turn.profile.preferred_name if self.turn.profile else None
        message = (
            self.words.say("welcome_back", name=profile_name, venue=self.venue.name)
            if profile_name
            else self.words.say("welcome.evening" if self.now.hour >= EVENING else "welcome", venue=self.venue.name)
        )
        return self.answer(message, self.rdv.welcome(message))

    def goodbye(self) -> AgentAnswer:
        """Thanks or goodbye with nothing under way: the goal is met, the conversation is archived."""
        self.tool("end_conversation", {"reason": "The customer said goodbye"})
        self.mem.update(misunderstood=0, pending=None, flow=None, slots={})
        return self.understood(self.words.say("goodbye"))

    def understood(self, message: str) -> AgentAnswer:
        self.mem["misunderstood"] = 0
        return self.answer(message, self.rdv.welcome(message))

    def not_understood(self) -> AgentAnswer:
        self.mem["misunderstood"] += 1
        if self.mem["misunderstood"] >= MISUNDERSTANDINGS_BEFORE_HANDOVER:
            return self.handover("The customer was not understood twice")
        message = self.words.say("not_understood")
        return self.answer(message, self.rdv.welcome(message))

    def handover(self, reason: str) -> AgentAnswer:
        self.mem.update(pending=None, flow=None, misunderstood=0)
        answer = hand_over(
            self.turn, self._tools, Disposition("IN_SCOPE", reason), self.words.say("handover"), self.rdv.session
        )
        answer.tool_calls = self.calls + answer.tool_calls
        self.mem["last_bot_message"] = answer.reply
        answer.memory = self.mem
        return answer

    def faq(self, text: str) -> str | None:
        if len(text.split()) < 2:
            return None  # "não", "sì": too short to be a question, and fuzzy matching would find one
        match = best_match(text, [entry.question for entry in self.venue.faq])
        if match is None or match[1] < THRESHOLD:
            return None
        return self.venue.faq[match[0]].answer

    # --- booking

    def book(self, reading: Reading) -> AgentAnswer:
        self.mem["misunderstood"] = 0
        slots, notes = self.slots, []
        for key in ("day", "time", "people", "care_type", "reason"):
            value = getattr(reading, key)
            if value is not None:
                slots[key] = value.isoformat() if isinstance(value, dt.date) else value
        if reading.time and not reading.day and not slots.get("day") and self._today_open_at(reading.time):
            slots["day"] = self.now.date().isoformat()  # "a table at 8": today, when today can be meant
        if reading.day or reading.time:  # "domani sera": the evening's times are offered
            slots["part"] = list(reading.part) if reading.part and not reading.time else None
        if reading.name:
            if Patient(reading.name).as_rdv(self.venue):
                slots["name"] = reading.name
            else:
                self.mem["name_attempts"] += 1
                notes.append(self.words.say("bad_name"))
        if reading.phone:
            slots["phone"] = reading.phone
        elif reading.bad_phone:
            self.mem["phone_attempts"] += 1
            notes.append(self.words.say("bad_phone", example=_example_number(self.venue.country)))
        if slots.get("people") and slots["people"] > self.venue.max_people:
            notes.append(self.words.say("too_many", limit=self.venue.max_people))
            slots.pop("people")
        day = dt.date.fromisoformat(slots["day"]) if slots.get("day") else None
        if day is not None and not self.venue.ranges_on(day):
            notes.append(self.words.say("closed_day", day=self.day_words(day)))
            slots.pop("day"), slots.pop("time", None)
            day = None
        missing = self.missing()
        complete_patient = bool(self.name and self.phone)
        if day is not None and missing == ["slot.start_iso"] and complete_patient:
            return self.offer(day, None, notes)
        if missing:
            return self.need_info(missing, notes)
        assert day is not None
        time = slots["time"]
        free = self.free_times(day)
        if time in free:
            self.mem["pending"] = {"kind": "create"}
            message = " ".join(notes + [self.confirm_sentence(day, time)])
            return self.answer(
                message, self.rdv.confirmation(message, self.patient, Slot.at(self.venue, day, time), self.details)
            )
        return self.offer(day, time, notes)

    def _today_open_at(self, time: str) -> bool:
        t = minutes(time)
        return t > self.now.hour * 60 + self.now.minute and any(
            r.open_min <= t < r.close_min for r in self.venue.ranges_on(self.now.date())
        )

    def missing(self) -> list[str]:
        slots, out = self.slots, []
        if not self.name:
            out.append("patient.name")
        if not self.phone:
            out.append("patient.phone_e164")
        if not (slots.get("day") and slots.get("time")):
            out.append("slot.start_iso")
        if is_clinic(self.venue):
            if not slots.get("care_type"):
                out.append("care_type")
            if not slots.get("reason") and slots.get("care_type") in (None, "autre"):
                out.append("reason")  # "pour un détartrage" is its own reason; "autre" needs one
        elif not slots.get("people"):
            out.append("party_size")
        return out

    def need_info(self, missing: list[str], notes: list[str]) -> AgentAnswer:
        slots = self.slots
        labels = []
        for field in missing:
            if field == "slot.start_iso" and slots.get("day"):
                labels.append(self.words.say("field.time"))
            elif field == "slot.start_iso" and slots.get("time"):
                labels.append(self.words.say("field.day"))
            else:
                labels.append(self.words.say(f"field.{field}"))
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

    def free_times(self, day: dt.date) -> list[str]:
        if day.isoformat() in self._free:
            return self._free[day.isoformat()]
        params: dict[str, Any] = {"startDate": _ddmmyyyy(day), "endDate": _ddmmyyyy(day)}
        people = self.slots.get("people") or (self.mem.get("target") or {}).get("people")
        if people and not is_clinic(self.venue):
            params["people"] = people  # free times bookable for this party
        result = self.tool("get_available_slots", params)
        days = (result.get("days") or []) if result.get("success") else []
        free = [t for d in days if d.get("date") == _ddmmyyyy(day) for t in d.get("freeSlots") or []]
        if day == self.now.date():
            free = [t for t in free if minutes(t) > self.now.hour * 60 + self.now.minute]
        self._free[day.isoformat()] = free
        return free

    def nearest(self, day: dt.date, time: str | None) -> tuple[dt.date, list[str]]:
        """Free times on `day` near `time` (or the first of the day), else on the next days with any."""
        for offset in range(LOOKAHEAD_DAYS):
            candidate = day + dt.timedelta(days=offset)
            if offset and not self.venue.ranges_on(candidate):
                continue
            free = self.free_times(candidate) if self.venue.ranges_on(candidate) else []
            if free:
                if time is not None:
                    free = sorted(free, key=lambda t: abs(minutes(t) - minutes(time)))[:MAX_OPTIONS]
                return candidate, sorted(free[:MAX_OPTIONS])
        return day, []

    def offer(self, day: dt.date, time: str | None, notes: list[str]) -> AgentAnswer:
        offered_day, free = self.nearest(day, time)
        part = self.slots.get("part")
        if part and time is None and offered_day == day:
            in_part = [t for t in self.free_times(day) if part[0] <= t < part[1]]
            free = in_part[:MAX_OPTIONS] or free
        self.slots.pop("time", None)
        self.mem["awaiting"] = ["slot.start_iso"]
        times = ", ".join(self.time_words(t) for t in free)
        if not free:
            sentence = self.words.say("none_free", day=self.day_words(day))
        elif offered_day != day:
            sentence = (
                self.words.say("none_free", day=self.day_words(day))
                + " "
                + self.words.say("free_on", day=self.day_words(offered_day), times=times)
            )
        elif time is not None:
            sentence = self.words.say("free_near", time=self.time_words(time), day=self.day_words(day), times=times)
        else:
            sentence = self.words.say("free_on", day=self.day_words(day), times=times)
        self.slots["day"] = offered_day.isoformat()
        message = " ".join(notes + [sentence])
        options = [Slot.at(self.venue, offered_day, t) for t in free]
        if not (self.name and self.phone):
            missing = self.missing()
            return self.answer(
                message,
                self.rdv.need_info(message, missing, self.patient, self.details, self.rdv.slot_buttons(options)),
            )
        requested = Slot.at(self.venue, day, time) if time else None
        return self.answer(message, self.rdv.find_slots(message, self.patient, options, self.details, requested))

    def what(self) -> str:
        if is_clinic(self.venue):
            return self.words.say("confirm.clinic", care=self.words.care_type(self.slots.get("care_type", "autre")))
        return self.words.say("confirm.people", people=self.slots.get("people"))

    def confirm_sentence(self, day: dt.date, time: str) -> str:
        return self.words.say(
            "confirm", what=self.what(), day=self.day_words(day), time=self.time_words(time), name=self.name
        )

    # --- confirmations

    def execute(self, pending: dict[str, Any]) -> AgentAnswer:
        self.mem["pending"] = None
        if pending["kind"] == "create":
            return self.create()
        if pending["kind"] == "cancel":
            return self.cancel(pending)
        return self.move(pending)

    def decline(self, pending: dict[str, Any]) -> AgentAnswer:
        self.mem["pending"] = None
        if pending["kind"] == "create":
            self.slots.pop("time", None)
            message = self.words.say("not_confirmed")
            self.mem["awaiting"] = ["slot.start_iso"]
            return self.answer(message, self.rdv.need_info(message, ["slot.start_iso"], self.patient, self.details))
        self.mem["flow"] = None
        return self.understood(self.words.say("cancel_kept"))

    def create(self) -> AgentAnswer:
        slots = self.slots
        day, time = dt.date.fromisoformat(slots["day"]), slots["time"]
        params: dict[str, Any] = {
            "serviceName": self.service_name(),
            "appointmentDate": _ddmmyyyy(day),
            "appointmentTime": time,
            "clientFullName": self.name,
            "clientPhone": self.phone,
        }
        if is_clinic(self.venue):
            params.update(careType=slots.get("care_type"), reason=slots.get("reason"))
        else:
            params["people"] = slots.get("people")
        result = self.tool("schedule_appointment", params)
        if not result.get("success"):
            return self.offer(day, time, [self.words.say("create_failed", error=result.get("error") or "")])
        message = self.words.say(
            "created", what=self.what(), day=self.day_words(day), time=self.time_words(time), name=self.name
        )
        slot, details, patient = Slot.at(self.venue, day, time), self.details, self.patient
        if slots.get("name") and not (self.turn.profile and self.turn.profile.preferred_name):
            self.tool("update_client_info", {"preferredName": slots["name"]})
        self.mem["flow"] = None
        self.mem["slots"] = {k: v for k, v in slots.items() if k in ("name", "phone")}
        event_id = result.get("eventId") or result.get("id")
        self.mem["last_created"] = event_id if isinstance(event_id, str) else None
        if isinstance(event_id, str) and slots.get("people"):  # list_events does not say it; a move needs it
            self.mem["party_sizes"] = {**(self.mem.get("party_sizes") or {}), event_id: slots["people"]}
        return self.answer(
            message, self.rdv.create(message, patient, slot, event_id if isinstance(event_id, str) else None, details)
        )

    def service_name(self) -> str:
        if is_clinic(self.venue):
            return self.words.care_type(self.slots.get("care_type") or "consultation").capitalize()
        return self.words.say("confirm.people", people=self.slots.get("people"))

    # --- the customer's own bookings: cancel and move

    def own_bookings(self) -> list[dict[str, Any]]:
        """The customer's bookings over the horizon, read in windows list_events accepts."""
        first = self.now.date()
        events: list[dict[str, Any]] = []
        while first <= self.now.date() + dt.timedelta(days=BOOKINGS_HORIZON_DAYS):
            last = first + dt.timedelta(days=LIST_WINDOW_DAYS - 1)
            result = self.tool("list_events", {"startDate": _ddmmyyyy(first), "endDate": _ddmmyyyy(last)})
            events += (result.get("events") or []) if result.get("success") else []
            first = last + dt.timedelta(days=1)
        out = []
        for event in events:
            start = event_start(event.get("start"), self.venue)
            if start is not None and isinstance(event.get("id"), str):
                item = {"id": event["id"], "day": start[0].isoformat(), "time": start[1]}
                people = event.get("people") or (self.mem.get("party_sizes") or {}).get(event["id"])
                if isinstance(people, int):
                    item["people"] = people
                out.append(item)
        return out

    def manage(self, reading: Reading, fresh: bool) -> AgentAnswer:
        self.mem["misunderstood"] = 0
        mem = self.mem
        if mem.get("target") and mem["flow"] == "move":
            return self.move_to(reading)
        if fresh or not mem.get("choices"):
            mem["choices"] = self.own_bookings()
        choices = mem["choices"]
        chosen = self._chosen(choices, reading)
        if not choices:
            mem["flow"], mem["choices"] = None, None
            return self.understood(self.words.say("no_bookings"))
        if chosen is None and len(choices) == 1:
            chosen = choices[0]
        if chosen is None:
            listing = "; ".join(self._item(c) for c in choices)
            message = self.words.say("your_bookings", list=listing)
            buttons = [self._booking_button(c) for c in choices[:10]]
            return self.answer(message, self.rdv.need_info(message, ["appointment_id"], options=buttons))
        day, time = dt.date.fromisoformat(chosen["day"]), chosen["time"]
        if mem["flow"] == "cancel":
            mem["pending"] = {"kind": "cancel", **chosen}
            message = self.words.say("cancel_confirm", day=self.day_words(day), time=self.time_words(time))
            return self.answer(
                message, self.rdv.cancel(message, chosen["id"], Slot.at(self.venue, day, time), confirm=True)
            )
        mem["target"] = chosen
        if (reading.day and reading.day.isoformat() != chosen["day"]) or (reading.time and reading.time != time):
            return self.move_to(reading)
        message = self.words.say("move_ask", day=self.day_words(day), time=self.time_words(time))
        mem["awaiting"] = ["slot.start_iso"]
        return self.answer(message, self.rdv.reschedule(message, chosen["id"], patient=self.patient))

    def _chosen(self, choices: list[dict[str, Any]], reading: Reading) -> dict[str, Any] | None:
        data = self.turn.data or {}
        if self.turn.action == "choose_booking":
            return next((c for c in choices if c["id"] == data.get("appointment_id")), None)
        matching = [
            c
            for c in choices
            if (reading.day is None or c["day"] == reading.day.isoformat())
            and (reading.time is None or c["time"] == reading.time)
        ]
        if (reading.day or reading.time) and len(matching) == 1:
            return matching[0]
        # "move my Wednesday booking to 8pm": the day names the booking, the time is the new one
        said_day = reading.day.isoformat() if reading.day else None
        for key, value in (("day", said_day), ("time", reading.time)):
            matching = [c for c in choices if value is not None and c[key] == value]
            if len(matching) == 1:
                return matching[0]
        return None

    def _item(self, choice: dict[str, Any]) -> str:
        return self.words.say(
            "booking_item",
            day=self.day_words(dt.date.fromisoformat(choice["day"])),
            time=self.time_words(choice["time"]),
        )

    def _booking_button(self, choice: dict[str, Any]) -> dict[str, Any]:
        day, time = self.day_words(dt.date.fromisoformat(choice["day"])), self.time_words(choice["time"])
        return button(
            self._item(choice),
            "choose_booking",
            self.words.say("booking.aria", day=day, time=time),
            "secondary",
            {"appointment_id": choice["id"]},
        )

    def cancel(self, pending: dict[str, Any]) -> AgentAnswer:
        day, time = dt.date.fromisoformat(pending["day"]), pending["time"]
        result = self.tool("cancel_appointment", {"eventId": pending["id"]})
        self.mem.update(flow=None, choices=None, target=None)
        if not result.get("success"):
            message = self.words.say("cancel_failed", error=result.get("error") or "")
            return self.answer(message, self.rdv.cancel(message, pending["id"]))
        message = self.words.say("cancelled", day=self.day_words(day), time=self.time_words(time))
        return self.answer(message, self.rdv.cancel(message, pending["id"], Slot.at(self.venue, day, time), done=True))

    def move_to(self, reading: Reading) -> AgentAnswer:
        target = self.mem["target"]
        if reading.people:
            target["people"] = reading.people
        if reading.day or reading.time:
            target["new_day"] = (reading.day or dt.date.fromisoformat(target["day"])).isoformat()
            target["new_time"] = reading.time
        day = dt.date.fromisoformat(target.get("new_day") or target["day"])
        time = target.get("new_time")
        old_day, old_time = dt.date.fromisoformat(target["day"]), target["time"]
        if time is None:
            message = self.words.say("move_ask", day=self.day_words(old_day), time=self.time_words(old_time))
            self.mem["awaiting"] = ["slot.start_iso"]
            return self.answer(message, self.rdv.reschedule(message, target["id"], patient=self.patient))
        if not is_clinic(self.venue) and not target.get("people"):
            self.mem["awaiting"] = ["party_size"]
            message = self.words.say("ask_people")
            return self.answer(message, self.rdv.need_info(message, ["party_size"], self.patient))
        free = self.free_times(day) if self.venue.ranges_on(day) else []
        if time not in free:
            offered_day, options = self.nearest(day, time)
            message = (
                self.words.say(
                    "free_near",
                    time=self.time_words(time),
                    day=self.day_words(day),
                    times=", ".join(self.time_words(t) for t in options),
                )
                if options
                else self.words.say("none_free", day=self.day_words(day))
            )
            self.mem["awaiting"] = ["slot.start_iso"]
            return self.answer(
                message,
                self.rdv.reschedule(
                    message,
                    target["id"],
                    patient=self.patient,
                    options=[Slot.at(self.venue, offered_day, t) for t in options],
                ),
            )
        self.mem["pending"] = {
            "kind": "move",
            "id": target["id"],
            "old_day": target["day"],
            "old_time": old_time,
            "day": day.isoformat(),
            "time": time,
            "people": target.get("people"),
        }
        message = self.words.say(
            "move_confirm",
            old_day=self.day_words(old_day),
            old_time=self.time_words(old_time),
            day=self.day_words(day),
            time=self.time_words(time),
        )
        return self.answer(
            message,
            self.rdv.reschedule(message, target["id"], Slot.at(self.venue, day, time), self.patient, confirm=True),
        )

    def move(self, pending: dict[str, Any]) -> AgentAnswer:
        """Book the new time, then cancel the old booking; if that cancel fails, undo the new booking."""
        day, time = dt.date.fromisoformat(pending["day"]), pending["time"]
        params: dict[str, Any] = {
            "serviceName": self.service_name(),
            "appointmentDate": _ddmmyyyy(day),
            "appointmentTime": time,
            "clientPhone": self.phone,
        }
        if self.name:
            params["clientFullName"] = self.name
        if pending.get("people"):
            params["people"] = pending["people"]
        self.mem.update(flow=None, choices=None, target=None)
        created = self.tool("schedule_appointment", params)
        new_id = created.get("eventId") or created.get("id")
        if created.get("success"):
            cancelled = self.tool("cancel_appointment", {"eventId": pending["id"]})
            if cancelled.get("success"):
                message = self.words.say("moved", day=self.day_words(day), time=self.time_words(time))
                return self.answer(
                    message,
                    self.rdv.reschedule(
                        message,
                        new_id if isinstance(new_id, str) else pending["id"],
                        Slot.at(self.venue, day, time),
                        self.patient,
                        done=True,
                    ),
                )
            if isinstance(new_id, str):
                self.tool("cancel_appointment", {"eventId": new_id})
            error = cancelled.get("error") or ""
        else:
            error = created.get("error") or ""
        message = self.words.say("move_failed", error=error)
        return self.answer(message, self.rdv.reschedule(message, pending["id"], patient=self.patient))


def event_start(value: Any, venue: Venue) -> tuple[dt.date, str] | None:
    """A list_events start ("DD/MM/YYYY HH:mm" or ISO 8601) as the venue's local date and time."""
    if not isinstance(value, str):
        return None
    for pattern in ("%d/%m/%Y %H:%M", "%d/%m/%Y, %H:%M", "%d/%m/%Y %Hh%M"):
        try:
            parsed = dt.datetime.strptime(value.strip(), pattern)
            return parsed.date(), parsed.strftime("%H:%M")
        except ValueError:
            continue
    try:
        parsed = dt.datetime.fromisoformat(value)
    except ValueError:
        return None
    if parsed.tzinfo is not None:
        parsed = parsed.astimezone(venue.tz)
    return parsed.date(), parsed.strftime("%H:%M")


def _example_number(country: str | None) -> str:
    example = phonenumbers.example_number_for_type(country, phonenumbers.PhoneNumberType.MOBILE) if country else None
    if example is None:
        return "+44 7400 123456"
    return phonenumbers.format_number(example, phonenumbers.PhoneNumberFormat.INTERNATIONAL)


class OfflineAgent:
    """The deterministic agent; put it behind the out-of-scope screen (`ScreenedAgent`)."""

    def respond(self, turn: Turn, tools: ToolRunner) -> AgentAnswer:
        return _Run(turn, tools).respond()
