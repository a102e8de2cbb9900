"""The offline agent's flows on the customer's own bookings: find and list them, cancel one, move one."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Any

from concierge.conversations.agent import AgentAnswer
from concierge.conversations.listed_bookings import booking_named, event_start, month_picked, part_of_a_booking
from concierge.conversations.message_words import NEXT_WORDS
from concierge.conversations.offline_booking import EDGES, BookingFlow
from concierge.conversations.offline_free_times import MAX_OPTIONS, nearest_to
from concierge.conversations.offline_turn import ddmmyyyy
from concierge.conversations.rdv import Slot, button
from concierge.conversations.time_shifts import shifted
from concierge.conversations.readings import Reading

BOOKINGS_HORIZON_DAYS = 89  # today and the next 89 days: three windows
LIST_WINDOW_DAYS = 30  # list_events reads at most 31 days at once


# Said of a booking with no day: its own day moved by so many days
DAY_STEPS = {"next_week": 7, "day_after": 1, "day_before": -1}


class OwnBookingsFlow(BookingFlow):
    def own_bookings(self) -> list[dict[str, Any]]:
        """The customer's bookings over the horizon, read in windows list_events accepts."""
        first = self.now.date()
        events: list[dict[str, Any]] = []
        while first <= self.now.date() + dt.timedelta(days=BOOKINGS_HORIZON_DAYS):
            last = first + dt.timedelta(days=LIST_WINDOW_DAYS - 1)
            result = self.tool("list_events", {"startDate": ddmmyyyy(first), "endDate": ddmmyyyy(last)})
            events += (result.get("events") or []) if result.get("success") else []
            first = last + dt.timedelta(days=1)
        out = []
        for event in events:
            start = event_start(event.get("start"), self.venue)
            if start is not None and isinstance(event.get("id"), str):
                out.append({"id": event["id"], "day": start[0].isoformat(), "time": start[1]})
        return out

    def list_own(self, choices: list[dict[str, Any]] | None = None, day: dt.date | None = None) -> AgentAnswer:
        """The customer's upcoming bookings (`choices`, when just read), said, only those of the `day` asked about
        when there are ("what time is my booking on the 5th?"); nothing changes, no flow starts."""
        choices = self.own_bookings() if choices is None else choices
        choices = [c for c in choices if day and c["day"] == day.isoformat()] or choices
        if not choices:
            return self.understood(self._none_found())
        key = "upcoming_bookings.one" if len(choices) == 1 else "upcoming_bookings"
        answer = self.understood(self.words.say(key, list=self._listed(choices)))
        self.mem["listed"] = choices  # "cancel the second one", "can we make it 8?" (of the one listed) next
        return answer

    def _none_found(self) -> str:
        """No booking: under the verified number, or, with none, in this chat (the only ones list_events
        shows then), with the venue's number for a booking made another way."""
        conversation = self.turn.conversation
        if conversation.phone_verified and conversation.customer_phone:
            return self.words.say("no_bookings")
        said = self.words.say("no_bookings.chat")
        phone = self.venue.contact.phone_written
        return f"{said} {self.words.say('handover.contact', phone=phone)}" if phone else said

    def manage(self, reading: Reading, fresh: bool, prefer: str | None = None) -> AgentAnswer:
        """Cancel or move one of the customer's bookings: the one `prefer` names when it is still there
        (the booking just made, corrected with "instead"), else the one the message names, or ask."""
        self.mem["misunderstood"] = 0
        mem = self.mem
        if mem.get("target") and mem["flow"] == "move":
            return self.move_to(reading)
        if fresh or not mem.get("choices"):
            mem["choices"] = self.own_bookings()
        change = mem.pop("change", None) or {}
        for key, value in change.items():  # "4 people instead of 2", then "Wednesday's"
            if key not in ("day", "time") and getattr(reading, key) is None:
                setattr(reading, key, value)
        choices = mem["choices"]
        listed = [(c["day"], c["time"]) for c in choices]
        # "annuler le rendez-vous de décembre", "spostare la prenotazione di dicembre alle 20": December's (its
        # time, the new one); not with a day said ("move it to December 12": the new day)
        in_month = month_picked(listed, self.turn.text, short=False) if self.turn.text and not reading.day else None
        by_month = choices[listed.index(in_month)] if in_month else None
        chosen = (
            next((c for c in choices if c["id"] == prefer), None)
            or by_month
            or self._chosen(choices, reading, listed_before=not fresh)
        )
        if chosen:  # "move my booking to Sunday at 1pm", then "the Friday one": Sunday at 1pm, not the booking's own
            if change.get("day") and reading.day in (None, dt.date.fromisoformat(chosen["day"])):
                reading.day = dt.date.fromisoformat(change["day"])
            if change.get("time") and reading.time in (None, chosen["time"]):
                reading.time = change["time"]
        sooner_at = (reading.time or reading.time_near) and {"later", "earlier"} & reading.intents  # "…, at 7?"
        again = "rebook" in self.folded  # "I'd like to rebook" with none: booking again
        if not choices and ("instead_of" in reading.intents or sooner_at or again) and mem["flow"] == "move":
            mem["flow"], mem["choices"] = "book", None  # "Saturday instead of Friday" with none: a new booking
            return self.book(reading)
        if not choices:
            mem["flow"], mem["choices"] = None, None
            return self.understood(self._none_found())
        if chosen is None and len(choices) == 1:
            chosen = choices[0]
        named = [c for c in choices if c["day"] in {day.isoformat() for day in reading.days_named}]
        if mem["flow"] == "cancel" and len(named) > 1:
            chosen, mem["to_cancel"] = named[0], named[1:]  # "cancel Friday and Saturday": each after its own yes
        if chosen is None and mem["flow"] == "cancel" and "all" in reading.intents:
            chosen, mem["to_cancel"] = choices[0], choices[1:]  # "cancel them all": one after the other, each a yes
        if chosen is None:
            change = {  # a day said is none of theirs: the new one
                "day": reading.day.isoformat() if reading.day else None,
                "time": reading.time,
                "time_near": reading.time_near,
                "people": reading.people,
                "shift": reading.shift,
            }
            mem["change"] = {key: value for key, value in change.items() if value is not None}  # for the one picked
            listing = self._listed(choices)
            message = self.words.say("your_bookings", list=listing)
            buttons = [self._booking_button(c) for c in choices[:10]]
            return self.answer(message, self.rdv.need_info(message, ["appointment_id"], options=buttons))
        if mem["flow"] == "cancel":
            return self._confirm_cancel(chosen)
        day, time = dt.date.fromisoformat(chosen["day"]), chosen["time"]
        mem["target"] = chosen
        self._the_next_after_its_own(reading, day)
        self.part_of_the_day_under_way(reading, chosen["day"])  # "can we move it to the evening?": its own day's
        moved = (reading.day and reading.day.isoformat() != chosen["day"]) or (reading.time and reading.time != time)
        to_a_part = reading.outside_part(time)  # "Saturday's to the evening"
        if (
            moved
            or to_a_part
            or reading.time_near
            or reading.people
            or reading.shift is not None
            or ({"later", "earlier"} | DAY_STEPS.keys() | EDGES) & reading.intents
        ):
            return self.move_to(reading)
        # "we can't make it", "I have a booking on Saturday at 8": neither a move nor a cancellation said
        asked = "move_or_cancel" if {"cant_come", "of_theirs"} & reading.intents else "move_ask"
        message = self.words.say(asked, day=self.day_words(day), time=self.time_words(time))
        mem["awaiting"] = ["slot.start_iso"]
        return self.answer(message, self.rdv.reschedule(message, chosen["id"], patient=self.patient))

    def _chosen(self, choices: list[dict[str, Any]], reading: Reading, listed_before: bool) -> dict[str, Any] | None:
        if self.turn.action == "choose_booking":
            return next((c for c in choices if c["id"] == (self.turn.data or {}).get("appointment_id")), None)
        # "cancel the lunch one", "move the dinner one to 9pm", "the lunch one" to "Which one?"; not "move my
        # booking to the evening": the new time
        names_one = bool(reading.time or listed_before or self.mem.get("flow") == "cancel")
        if part := part_of_a_booking(self.folded):  # "move the lunch one to Sunday": lunch is the booking's
            names_one, reading = True, replace(reading, part_named=part)
        return booking_named(choices, reading, self.venue, part_names_it=names_one)

    def _listed(self, choices: list[dict[str, Any]]) -> str:
        """ "Friday 27 November at 7 pm; Saturday 28 November at 8 pm" ("… à 19 h ; le samedi …" in French)."""
        return self.words.say("list.between").join(self._item(c) for c in choices)

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

    def _confirm_cancel(self, chosen: dict[str, Any], said: str = "") -> AgentAnswer:
        """ "Shall I cancel your booking of ...?", after `said` (the booking just cancelled, when several are)."""
        day, time = dt.date.fromisoformat(chosen["day"]), chosen["time"]
        self.mem["pending"] = {"kind": "cancel", **chosen}
        asked = self.words.say("cancel_confirm", day=self.day_words(day), time=self.time_words(time))
        message = f"{said} {asked}".strip()
        return self.answer(
            message, self.rdv.cancel(message, chosen["id"], Slot.at(self.venue, day, time), confirm=True)
        )

    def cancel(self, pending: dict[str, Any]) -> AgentAnswer:
        day, time = dt.date.fromisoformat(pending["day"]), pending["time"]
        result = self.tool("cancel_appointment", {"eventId": pending["id"]})
        self.mem.update(flow=None, choices=None, target=None)
        to_cancel = self.mem.pop("to_cancel", None) or []
        if not result.get("success"):
            message = self.words.say("cancel_failed", error=result.get("error") or "")
            return self.answer(message, self.rdv.cancel(message, pending["id"]))
        if self.mem.get("last_created") == pending["id"]:
            self.mem["last_created"] = None  # "book Sunday instead" is a new booking: there is none to change
        message = self.words.say("cancelled", day=self.day_words(day), time=self.time_words(time))
        if to_cancel:  # "cancel them all": the next one, after its own yes
            self.mem.update(flow="cancel", to_cancel=to_cancel[1:])
            return self._confirm_cancel(to_cancel[0], said=message)
        self.mem["just_cancelled"] = True  # "and also the one on the 5th": that one, cancelled too
        if self.mem.pop("then_book", False):  # "cancel Friday's booking and book a new one": its day and time
            self.mem.update(flow="book", awaiting=["slot.start_iso"])
            message = f"{message} {self.words.say('new_booking_when')}"
        return self.answer(message, self.rdv.cancel(message, pending["id"], Slot.at(self.venue, day, time), done=True))

    def _the_next_after_its_own(self, reading: Reading, booked: dt.date) -> None:
        """ "Can we do next Saturday instead?" of a booking this Saturday: the Saturday after it (said on a Monday,
        "next Saturday" alone is this week's)."""
        if reading.day == booked and NEXT_WORDS.intersection(self.folded.split()):
            reading.day = booked + dt.timedelta(weeks=1)

    def move_to(self, reading: Reading) -> AgentAnswer:
        """The booking's new day and time, asked for or offered, then confirmed; a new party size alone
        ("make it 5 people") keeps the day and time, a shift ("half an hour later", "Friday, same time")
        moves from its time."""
        target = self.mem["target"]
        self._the_next_after_its_own(reading, dt.date.fromisoformat(target["day"]))
        self.part_of_the_day_under_way(reading, target.get("new_day") or target["day"])  # "to the evening"
        self.party_not_hour(reading, reading.day or dt.date.fromisoformat(target.get("new_day") or target["day"]))
        if reading.shift is not None and not reading.time:  # "half an hour later": from the booking's own time
            reading.time = shifted(target["time"], reading.shift)
        step = next((days for intent, days in DAY_STEPS.items() if intent in reading.intents), None)
        if step and not reading.day:  # "same time next week", "to the day after": from its own day
            reading.day = dt.date.fromisoformat(target["day"]) + dt.timedelta(days=step)
        if reading.people and not self.venue.is_clinic:
            target["people"] = reading.people
            # "my Saturday booking to 6 people": a day or time that is the booking's own only names it
            new_day = reading.day is not None and reading.day.isoformat() != target["day"]
            if not (new_day or (reading.time and reading.time != target["time"]) or target.get("new_time")):
                return self._confirm_party(target)
        if reading.day and self.weekday_alone():  # Monday 30th's booking "to Tuesday": the 1st, beside it
            offered = dt.date.fromisoformat(target["new_day"]) if target.get("new_day") else None
            booked = dt.date.fromisoformat(target["day"])
            reading.day = _nearest_the_booking(reading.day, booked, self.now.date(), offered)
        if reading.day or reading.time:  # a time alone: on the day under way (said, or of the times offered)
            target["new_day"] = (
                reading.day or dt.date.fromisoformat(target.get("new_day") or target["day"])
            ).isoformat()
            target["new_time"] = reading.time
        day = dt.date.fromisoformat(target.get("new_day") or target["day"])
        time = target.get("new_time")
        old_day, old_time = dt.date.fromisoformat(target["day"]), target["time"]
        if time is None and not reading.time_near and (sooner := {"later", "earlier"} & reading.intents):
            return self._offer_sooner_or_later(day, old_time, later="later" in sooner)  # "a bit later?"
        if time is None and reading.time_near:  # "move it to around 9", "to after 9": the free times then
            return self._offer_move(day, reading.time_near, approximate=True, bound=reading.bound)
        if time is None and (edge := EDGES & reading.intents) and (near := self.edge_time(day, edge)):
            return self._offer_move(day, near, approximate=True)
        if time is None and reading.part and reading.outside_part(old_time):
            return self._offer_move(day, reading.part[0], approximate=True, bound="after")  # "to Sunday lunch"
        another_day = target.get("new_day", target["day"]) != target["day"]
        if time is None and (another_day or "availability" in reading.intents):
            return self._offer_move(day, old_time, approximate=True)  # "to Sunday?", "what do you have?": around it
        if time is None or (day.isoformat(), time) == (target["day"], old_time):  # no new day or time yet
            target.pop("new_day", None)
            target.pop("new_time", None)
            message = self.words.say("move_ask", day=self.day_words(old_day), time=self.time_words(old_time))
            self.mem["awaiting"] = ["slot.start_iso"]
            return self.answer(message, self.rdv.reschedule(message, target["id"], patient=self.patient))
        free = self.free_times(day) if self.venue.ranges_on(day) else []
        if time not in free:
            return self._offer_move(day, time)
        old = {"id": target["id"], "old_day": target["day"], "old_time": old_time, "people": target.get("people")}
        return self.confirm_move({"kind": "move", **old, "day": day.isoformat(), "time": time})

    def _confirm_party(self, target: dict[str, Any]) -> AgentAnswer:
        day, time, people = target["day"], target["time"], target["people"]
        if people > self.venue.max_people:
            self.mem.update(flow=None, choices=None, target=None)
            return self.understood(" ".join(self.too_many()))
        kept = {"id": target["id"], "old_day": day, "old_time": time, "day": day, "time": time}
        return self.confirm_move({"kind": "move", **kept, "people": people}, party_only=True)

    def confirmed_again(self, pending: dict[str, Any]) -> AgentAnswer:
        """The question a yes was awaited for (`pending`: a booking, a cancellation, a move), asked again."""
        if pending["kind"] == "create":
            return self.book(Reading())
        if pending["kind"] == "cancel":
            return self._confirm_cancel({key: value for key, value in pending.items() if key != "kind"})
        kept = (pending["day"], pending["time"]) == (pending["old_day"], pending["old_time"])
        return self.confirm_move(pending, party_only=kept)

    def confirm_move(self, pending: dict[str, Any], party_only: bool = False) -> AgentAnswer:
        """ "Shall I move your booking of ... to ...?" ("... change ... to a table for 6?" for a new party only),
        the move `pending` being asked."""
        self.mem["pending"] = pending
        day, time, people = dt.date.fromisoformat(pending["day"]), pending["time"], pending["people"]
        words = {"day": self.day_words(day), "time": self.time_words(time), "people": people}
        if party_only:
            message = self.words.say("party_confirm", **words)
        else:
            old_day = self.day_words(dt.date.fromisoformat(pending["old_day"]))
            old = {"old_day": old_day, "old_time": self.time_words(pending["old_time"])}
            message = self.words.say("move_confirm.people" if people else "move_confirm", **old, **words)
        slot = Slot.at(self.venue, day, time)
        return self.answer(message, self.rdv.reschedule(message, pending["id"], slot, self.patient, confirm=True))

    def _offer_move(self, day: dt.date, time: str, approximate: bool = False, bound: str | None = None) -> AgentAnswer:
        """The free times nearest `time` to move the booking to: `time` not free, or said approximately (or
        as a `bound`: those on its side); on the next open day when `day` is closed or full."""
        offered_day, options = self.nearest(day, time)
        options, bound = self.on_side(day, options, time, bound) if offered_day == day else (options, None)
        message = self.times_sentence(
            day, offered_day, options, None if approximate else time, time if approximate else None, bound=bound
        )
        said = (time, None) if approximate else (None, time)
        return self.offer_move_times(offered_day, options, message, *said)

    def _offer_sooner_or_later(self, day: dt.date, time: str, later: bool) -> AgentAnswer:
        """ "Could we come a bit later?": the free times of the booking's day just after its time (or just
        before); when there are none, it says so and offers those nearest."""
        free = self.free_times(day)
        if not free:
            return self._offer_move(day, time, approximate=True)  # closed or full: the next open day's
        times, message = self._beyond(day, later, time, time, otherwise=nearest_to(free, time))
        return self.offer_move_times(day, times, message)

    def offer_move_times(
        self, day: dt.date, free: list[str], message: str, around: str | None = None, asked: str | None = None
    ) -> AgentAnswer:
        """`free` times of `day` offered with `message` as the booking's new time; "21h" next is on `day`, and
        a yes is to the time they are `around`, or the nearest to the one `asked` that was not free."""
        self.mem["awaiting"] = ["slot.start_iso"]
        self.mem["offered"] = {"day": day.isoformat(), "times": free, "around": around, "asked": asked}
        self.mem["target"]["new_day"] = day.isoformat()
        slots = [Slot.at(self.venue, day, t) for t in free]
        return self.answer(
            message, self.rdv.reschedule(message, self.mem["target"]["id"], patient=self.patient, options=slots)
        )

    def more_times(self, offered: dict[str, Any], later: bool) -> AgentAnswer:
        """ "Anything later?", "più presto?" after free times were offered: the next ones that day, after
        the last offered or before the first; when there are none, it says so and offers the same again."""
        day, shown = dt.date.fromisoformat(offered["day"]), offered["times"]
        times, message = self._beyond(day, later, shown[-1], shown[0], otherwise=shown)
        if self.mem.get("flow") == "move" and self.mem.get("target"):
            return self.offer_move_times(day, times, message)
        answer = self.offer_times(day, times, message)
        self.mem["offered"]["later"] = later  # offered again from there when the name comes next (`offer_kept`)
        return answer

    def _beyond(
        self, day: dt.date, later: bool, after: str, before: str, otherwise: list[str]
    ) -> tuple[list[str], str]:
        """The day's next free times after `after` (later) or before `before`, in the same service when it has
        any ("earlier?" to 8 pm: dinner's, not lunch's), and the sentence that says them; with none on that
        side, `otherwise`, said to be all there is."""
        free = self.free_times(day)
        side = [t for t in free if t > after] if later else [t for t in free if t < before]
        side = self.in_its_service(day, after if later else before, side)
        more = side[:MAX_OPTIONS] if later else side[-MAX_OPTIONS:]
        key = ("free_later" if later else "free_earlier") if more else ("none_later" if later else "none_earlier")
        times = more or otherwise
        return times, self.words.say(key, day=self.day_words(day), times=", ".join(self.time_words(t) for t in times))

    def move(self, pending: dict[str, Any]) -> AgentAnswer:
        """The booking moved, or its party changed, in one change (schedule_appointment replacing it):
        refused, it stays as it was."""
        day, time = dt.date.fromisoformat(pending["day"]), pending["time"]
        params: dict[str, Any] = {
            "serviceName": self.service_name(),
            "appointmentDate": ddmmyyyy(day),
            "appointmentTime": time,
            "replacesEventId": pending["id"],
        }
        if pending.get("people"):
            params["people"] = pending["people"]
        self.mem.update(flow=None, choices=None, target=None)
        result = self.tool("schedule_appointment", params)
        if not result.get("success"):
            message = self.words.say("move_failed", error=result.get("error") or "")
            return self.answer(message, self.rdv.reschedule(message, pending["id"], patient=self.patient))
        same_time = (pending["day"], time) == (pending["old_day"], pending["old_time"])
        words = dict(day=self.day_words(day), time=self.time_words(time))
        if same_time:
            message = self.words.say("party_changed", people=pending["people"], **words)
        else:
            message = self.words.say(
                "moved.people" if pending.get("people") else "moved", people=pending.get("people"), **words
            )
        slot = Slot.at(self.venue, day, time)
        return self.answer(message, self.rdv.reschedule(message, pending["id"], slot, self.patient, done=True))


def _nearest_the_booking(weekday: dt.date, booked: dt.date, today: dt.date, offered: dt.date | None) -> dt.date:
    """The coming `weekday` said to move a booking to, or that weekday in a later week when nearer the booking's
    day, or the day of the times `offered` for it ("next week?" - "mardi 14h": next week's), the earlier of two
    as near; the booking's own day with nothing offered (it names the booking: "my Saturday booking to 9pm")
    and one already placed further on (the Tuesday of the times offered) stay."""
    if (weekday == booked and offered is None) or (weekday - today).days >= 7:
        return weekday
    near = offered or booked
    weeks = (weekday + dt.timedelta(weeks=n) for n in range(9))
    return min((day for day in weeks if day != booked), key=lambda day: (abs((day - near).days), day))
