"""Builders of the `rdv` structured answer: the patient, the slot, the session context and one rdv per action.

Every rdv they build validates against the venue's schema (`rdv_schema`).
"""

from __future__ import annotations

import copy
import datetime as dt
import re
import uuid
from dataclasses import dataclass, field
from typing import Any

from concierge.conversations.rdv_schema import (
    CARE_TYPES,
    NAME_PATTERN,
    clinic_address,
    missing_field_names,
    phone_patterns,
)
from concierge.domain.venue import Venue
from concierge.speech import Phrases, phrases_for
from concierge.speech.receptionist import AgentWords, agent_words
from concierge.speech.weekly_hours import weekly_hours


@dataclass(frozen=True)
class Patient:
    name: str | None = None
    phone: str | None = None  # E.164

    def as_rdv(self, venue: Venue) -> dict[str, str]:
        """Only the fields that satisfy the venue's rules: the structure never carries an invalid value."""
        out: dict[str, str] = {}
        if self.name and re.match(NAME_PATTERN, self.name.strip()):
            out["name"] = self.name.strip()
        if self.phone and re.match(phone_patterns(venue.country).patient, self.phone):
            out["phone_e164"] = self.phone
        return out


@dataclass(frozen=True)
class Slot:
    start: dt.datetime  # aware, in the venue's zone
    minutes: int

    @classmethod
    def at(cls, venue: Venue, day: dt.date, hhmm: str) -> Slot:
        start = dt.datetime.combine(day, dt.time.fromisoformat(hhmm), tzinfo=venue.tz)
        return cls(start, stay_minutes(venue))

    @property
    def end(self) -> dt.datetime:
        return self.start + dt.timedelta(minutes=self.minutes)

    def as_rdv(self) -> dict[str, Any]:
        return {
            "start_iso": self.start.isoformat(),
            "end_iso": self.end.isoformat(),
            "duration_minutes": min(180, max(15, self.minutes)),
        }


def stay_minutes(venue: Venue) -> int:
    return venue.avg_stay_minutes or venue.slot_minutes


@dataclass(frozen=True)
class Disposition:
    category: str = "IN_SCOPE"
    reason: str | None = None
    confidence: float | None = None
    detected_patterns: tuple[str, ...] = ()

    def as_rdv(self) -> dict[str, Any]:
        out: dict[str, Any] = {"category": self.category}
        if self.reason:
            out["reason"] = self.reason[:500]
        if self.confidence is not None:
            out["confidence"] = round(min(1.0, max(0.0, self.confidence)), 3)
        if self.detected_patterns:
            out["detected_patterns"] = list(self.detected_patterns)
        return out


@dataclass(frozen=True)
class Session:
    """What the rdv's `session_context` reports about the collection so far."""

    attempt_count: int = 0
    last_bot_message: str | None = None
    has_name: bool = False
    has_phone: bool = False
    name_attempts: int = 0
    phone_attempts: int = 0

    def as_rdv(self, stage: str) -> dict[str, Any]:
        out: dict[str, Any] = {
            "attempt_count": self.attempt_count,
            "collected_info": {
                "has_name": self.has_name,
                "has_phone": self.has_phone,
                "phone_attempt_count": self.phone_attempts,
                "name_attempt_count": self.name_attempts,
            },
            "conversation_stage": stage,
        }
        if self.last_bot_message:
            out["last_bot_message"] = self.last_bot_message
        return out


@dataclass(frozen=True)
class Details:
    """Booking details a turn reports besides patient and slot."""

    reason: str | None = None
    care_type: str | None = None
    party_size: int | None = None


def button(
    label: str, action: str, aria_label: str, style: str = "secondary", data: dict[str, Any] | None = None
) -> dict[str, Any]:
    element: dict[str, Any] = {
        "type": "button",
        "label": label[:100],
        "action": action,
        "style": style,
        "accessibility": {"aria_label": aria_label, "role": "button"},
    }
    if data:
        element["data"] = data
    return element


# --- the builders ------------------------------------------------------------------------------------


@dataclass
class RdvBuilder:
    """Builds each action's rdv for one venue and turn. Every output validates against `rdv_schema(venue)`."""

    venue: Venue
    now: dt.datetime  # the venue's local time
    session: Session = field(default_factory=Session)
    model_version: str = "offline"

    @property
    def words(self) -> AgentWords:
        return agent_words(self.venue.locale, self.venue.kind)

    def _base(self, action: str, message: str, stage: str, disposition: Disposition | None = None) -> dict[str, Any]:
        return {
            "action": action,
            "clinic_address": clinic_address(self.venue),
            "timezone": self.venue.timezone,
            "message": message[:1000],
            "disposition": (disposition or Disposition()).as_rdv(),
            "session_context": self.session.as_rdv(stage),
            "metadata": {
                "timestamp": self.now.isoformat(),
                "model_version": self.model_version,
                "response_id": uuid.uuid4().hex,
            },
        }

    def again(self, rdv: dict[str, Any]) -> dict[str, Any]:
        """`rdv` said again ("can you repeat that?"): the same answer, as a new response of this turn."""
        metadata = {"timestamp": self.now.isoformat(), "response_id": uuid.uuid4().hex}
        return {**copy.deepcopy(rdv), "metadata": {**rdv["metadata"], **metadata}}

    def _details(self, rdv: dict[str, Any], details: Details | None) -> dict[str, Any]:
        if details is None:
            return rdv
        if details.reason:
            rdv["reason"] = details.reason[:200]
        if self.venue.is_clinic:
            if details.care_type in CARE_TYPES:
                rdv["care_type"] = details.care_type
        elif details.party_size is not None and 1 <= details.party_size <= self.venue.max_people:
            rdv["party_size"] = details.party_size
        return rdv

    def _patient(self, rdv: dict[str, Any], patient: Patient | None) -> dict[str, Any]:
        if patient is not None:
            rdv["patient"] = patient.as_rdv(self.venue)
        return rdv

    def welcome_buttons(self) -> list[dict[str, Any]]:
        w = self.words
        second = (
            button(
                w.say("button.emergency"),
                "emergency",
                w.say("button.emergency.aria"),
                "urgent",
                {"priority": "high", "immediate_routing": True},
            )
            if self.venue.is_clinic
            else button(w.say("button.human"), "human", w.say("button.human.aria"), "secondary")
        )
        return [
            button(w.say("button.book"), "start_booking", w.say("button.book.aria"), "primary"),
            second,
            button(w.say("button.calendar"), "show_calendar", w.say("button.calendar.aria"), "secondary"),
            button(w.say("button.info"), "show_info", w.say("button.info.aria"), "info"),
        ]

    def welcome(self, message: str) -> dict[str, Any]:
        rdv = self._base("SHOW_WELCOME", message, "welcome")
        rdv["ui_elements"] = self.welcome_buttons()
        return rdv

    def need_info(
        self,
        message: str,
        missing: list[str],
        patient: Patient | None = None,
        details: Details | None = None,
        options: list[dict[str, Any]] | None = None,
        disposition: Disposition | None = None,
    ) -> dict[str, Any]:
        allowed = missing_field_names(self.venue)
        fields = list(dict.fromkeys(m for m in missing if m in allowed))
        if not fields:
            raise ValueError(f"NEED_INFO without a known missing field ({missing})")
        stage = "slot_selection" if fields == ["appointment_id"] else "info_collection"
        rdv = self._base("NEED_INFO", message, stage, disposition)
        rdv["missing_fields"] = fields
        if options:
            rdv["ui_elements"] = options
        return self._details(self._patient(rdv, patient), details)

    def slot_buttons(self, slots: list[Slot], action: str = "choose_slot") -> list[dict[str, Any]]:
        phrases = _phrases(self.venue)
        out = []
        for slot in slots:
            day, time = phrases.day_label(slot.start.date()), phrases.time_human(slot.start.strftime("%H:%M"))
            out.append(
                button(
                    slot.start.strftime("%H:%M"),
                    action,
                    self.words.say("slot.aria", day=day, time=time),
                    "secondary",
                    slot.as_rdv(),
                )
            )
        return out

    def find_slots(
        self,
        message: str,
        patient: Patient,
        slots: list[Slot],
        details: Details | None = None,
        requested: Slot | None = None,
    ) -> dict[str, Any]:
        rdv = self._base("FIND_SLOTS", message, "slot_selection")
        rdv["ui_elements"] = self.slot_buttons(slots)
        if requested is not None:
            rdv["slot"] = requested.as_rdv()
        return self._details(self._patient(rdv, patient), details)

    def yes_no(self) -> list[dict[str, Any]]:
        w = self.words
        return [
            button(w.say("button.yes"), "confirm", w.say("button.yes.aria"), "primary"),
            button(w.say("button.no"), "decline", w.say("button.no.aria"), "secondary"),
        ]

    def confirmation(
        self, message: str, patient: Patient, slot: Slot, details: Details | None = None
    ) -> dict[str, Any]:
        rdv = self._base("CONFIRMATION", message, "confirmation")
        rdv["slot"] = slot.as_rdv()
        rdv["ui_elements"] = self.yes_no()
        return self._details(self._patient(rdv, patient), details)

    def create(
        self, message: str, patient: Patient, slot: Slot, appointment_id: str | None, details: Details | None = None
    ) -> dict[str, Any]:
        rdv = self._base("CREATE", message, "completed")
        rdv["slot"] = slot.as_rdv()
        if appointment_id:
            rdv["appointment_id"] = appointment_id
        return self._details(self._patient(rdv, patient), details)

    def reschedule(
        self,
        message: str,
        appointment_id: str,
        slot: Slot | None = None,
        patient: Patient | None = None,
        confirm: bool = False,
        done: bool = False,
        options: list[Slot] | None = None,
    ) -> dict[str, Any]:
        stage = "completed" if done else "confirmation" if confirm else "slot_selection"
        rdv = self._base("RESCHEDULE", message, stage)
        rdv["appointment_id"] = appointment_id
        if slot is not None:
            rdv["slot"] = slot.as_rdv()
        elements = (self.yes_no() if confirm else []) + self.slot_buttons(options or [])
        if elements:
            rdv["ui_elements"] = elements
        return self._patient(rdv, patient)

    def cancel(
        self, message: str, appointment_id: str, slot: Slot | None = None, confirm: bool = False, done: bool = False
    ) -> dict[str, Any]:
        stage = "completed" if done else "confirmation" if confirm else "slot_selection"
        rdv = self._base("CANCEL", message, stage)
        rdv["appointment_id"] = appointment_id
        if slot is not None:
            rdv["slot"] = slot.as_rdv()
        if confirm:
            rdv["ui_elements"] = self.yes_no()
        return rdv

    def clinic_contact(self) -> dict[str, Any]:
        contact: dict[str, Any] = {"business_hours": _phrases_hours(self.venue)}
        phone = self.venue.contact.phone
        if phone and re.match(phone_patterns(self.venue.country).contact, phone):
            contact["phone_e164"] = phone
        if self.venue.contact.email:
            contact["email"] = self.venue.contact.email
        contact["contact_available"] = "phone_e164" in contact or "email" in contact
        return contact

    def route_to_human(self, message: str, disposition: Disposition) -> dict[str, Any]:
        rdv = self._base("ROUTE_TO_HUMAN", message, "completed", disposition)
        contact = self.clinic_contact()
        rdv["clinic_contact"] = contact
        card: dict[str, Any] = {"hours": contact["business_hours"]}
        if "phone_e164" in contact:
            card["phone"] = contact["phone_e164"]
        if "email" in contact:
            card["email"] = contact["email"]
        rdv["ui_elements"] = [
            {
                "type": "contact_card",
                "label": self.venue.name[:100],
                "data": card,
                "style": "info",
                "accessibility": {"aria_label": self.venue.name, "role": "region"},
            }
        ]
        return rdv


def _phrases(venue: Venue) -> Phrases:
    return phrases_for(venue.locale, venue.kind)


def _phrases_hours(venue: Venue) -> str:
    return weekly_hours(venue)
