"""The rdv answer: the seed's schema instantiated per venue, and builders whose output always validates."""

from __future__ import annotations

import datetime as dt

import pytest
from concierge.conversations.rdv import (
    Details,
    Disposition,
    Patient,
    RdvBuilder,
    Session,
    Slot,
)
from concierge.conversations.rdv_schema import clinic_address, phone_patterns, rdv_schema

from tests.support.rdv import assert_valid_rdv, rdv_errors

VENUE_IDS = ["roma", "cabinet", "harbour", "tasca", "duo", "unconfigured"]
# A mobile number of each venue's country, and one from elsewhere.
MOBILE = {
    "IT": "+393471234567",
    "DZ": "+213555987654",
    "GB": "+447400123456",
    "PT": "+351912345678",
    None: "+33612345678",
}


def builder(venue, **session) -> RdvBuilder:
    now = dt.datetime(2026, 11, 23, 10, 0, tzinfo=venue.tz)
    return RdvBuilder(venue, now, Session(**session))


def every_action(venue) -> dict[str, dict]:
    b = builder(venue, attempt_count=2, has_name=True, has_phone=True, last_bot_message="Hello")
    patient = Patient("Amina Benali", MOBILE[venue.country])
    slot = Slot.at(venue, dt.date(2026, 11, 26), "10:00")
    details = Details(reason="Contrôle annuel", care_type="controle", party_size=1)
    return {
        "SHOW_WELCOME": b.welcome("Welcome"),
        "NEED_INFO": b.need_info(
            "Your name?", ["patient.name", "slot.start_iso"], Patient(None, patient.phone), details
        ),
        "NEED_INFO appointment": b.need_info("Which one?", ["appointment_id"], options=b.slot_buttons([slot])),
        "FIND_SLOTS": b.find_slots(
            "Free times", patient, [slot, Slot.at(venue, slot.start.date(), "11:00")], details, requested=slot
        ),
        "CONFIRMATION": b.confirmation("Shall I book?", patient, slot, details),
        "CREATE": b.create("Booked", patient, slot, "bk_123", details),
        "RESCHEDULE": b.reschedule("Move it?", "bk_123", slot, patient, confirm=True),
        "RESCHEDULE done": b.reschedule("Moved", "bk_123", slot, done=True),
        "CANCEL": b.cancel("Cancel it?", "bk_123", slot, confirm=True),
        "CANCEL done": b.cancel("Cancelled", "bk_123", done=True),
        "ROUTE_TO_HUMAN": b.route_to_human(
            "A person will answer", Disposition("SENSITIVE_HEALTH", "health", 0.8, ("douleur intense",))
        ),
    }


@pytest.mark.parametrize("venue_id", VENUE_IDS)
def test_every_builder_validates_for_every_venue(venues, venue_id):
    venue = venues[venue_id]
    for name, rdv in every_action(venue).items():
        assert rdv["action"] == name.split()[0]
        assert_valid_rdv(rdv, venue)


def test_address_and_timezone_come_from_the_venue_not_the_seed(venues):
    cabinet, harbour = venues["cabinet"], venues["harbour"]
    assert rdv_schema(harbour)["properties"]["timezone"]["const"] == "Europe/London"
    assert clinic_address(cabinet) == "Cité 109, Daboussy El Achour, Alger"
    assert clinic_address(harbour) == "The Harbour Kitchen"  # no address in its knowledge base: its name
    rdv = builder(harbour).welcome("Hi")
    assert rdv_errors({**rdv, "timezone": "Africa/Algiers"}, harbour)
    assert rdv_errors({**rdv, "clinic_address": "Cité 109, Daboussy El Achour, Alger"}, harbour)


def test_care_type_exists_only_for_clinics(venues):
    cabinet, roma = venues["cabinet"], venues["roma"]
    assert "care_type" in rdv_schema(cabinet)["properties"]
    assert "care_type" not in rdv_schema(roma)["properties"]
    slot = Slot.at(roma, dt.date(2026, 11, 26), "20:00")
    rdv = builder(roma).confirmation(
        "Book?", Patient("Mario Rossi", MOBILE["IT"]), slot, Details(care_type="controle", party_size=4)
    )
    assert "care_type" not in rdv and rdv["party_size"] == 4
    assert rdv_errors({**rdv, "care_type": "controle"}, roma)
    assert "care_type" not in rdv_schema(roma)["properties"]["missing_fields"]["items"]["enum"]


@pytest.mark.parametrize(
    ("country", "number", "patient_ok", "contact_ok"),
    [
        ("DZ", "+213555123456", True, True),  # Algerian mobile
        ("DZ", "+21321123456", True, True),  # Algiers fixed line
        ("DZ", "+2135551234", False, False),  # too short for Algeria
        ("DZ", "+33612345678", True, False),  # a visitor's French mobile books; it is not the clinic's number
        ("IT", "+393471234567", True, True),
        ("IT", "+39347", False, False),
        ("PT", "+351912345678", True, True),
        ("PT", "+351512345678", False, False),  # no Portuguese number starts with 5
        ("GB", "+447400123456", True, True),
        (None, "+447400123456", True, True),  # no country known: any E.164 number
        (None, "0612345678", False, False),
    ],
)
def test_phone_rules_follow_the_venue_country(country, number, patient_ok, contact_ok):
    import re

    patterns = phone_patterns(country)
    assert bool(re.match(patterns.patient, number)) is patient_ok
    assert bool(re.match(patterns.contact, number)) is contact_ok


def test_the_seed_per_action_rules_are_enforced(venues):
    venue = venues["cabinet"]
    rdv = every_action(venue)
    assert rdv_errors({k: v for k, v in rdv["NEED_INFO"].items() if k != "missing_fields"}, venue)
    assert rdv_errors({k: v for k, v in rdv["CANCEL"].items() if k != "appointment_id"}, venue)
    assert rdv_errors({**rdv["CONFIRMATION"], "patient": {"name": "Amina Benali"}}, venue)
    assert rdv_errors({k: v for k, v in rdv["ROUTE_TO_HUMAN"].items() if k != "clinic_contact"}, venue)
    assert rdv_errors({**rdv["SHOW_WELCOME"], "ui_elements": []}, venue)
    assert rdv_errors({**rdv["SHOW_WELCOME"], "action": "BOOK"}, venue)
    assert rdv_errors({**rdv["SHOW_WELCOME"], "extra": 1}, venue)
    assert rdv_errors({**rdv["NEED_INFO"], "missing_fields": ["patient.name", "patient.name"]}, venue)


def test_invalid_values_never_enter_the_structure(venues):
    venue = venues["cabinet"]
    assert Patient("R2-D2 <script>", "+2135551234").as_rdv(venue) == {}
    assert Patient("Jean-Luc D'Amico", "+213555123456").as_rdv(venue) == {
        "name": "Jean-Luc D'Amico",
        "phone_e164": "+213555123456",
    }
    with pytest.raises(ValueError):
        builder(venue).need_info("?", ["party_size"])  # not a field a clinic asks for


def test_slot_times_are_iso_in_the_venue_zone(venues):
    cabinet, harbour = venues["cabinet"], venues["harbour"]
    assert Slot.at(cabinet, dt.date(2026, 7, 1), "09:30").as_rdv() == {
        "start_iso": "2026-07-01T09:30:00+01:00",
        "end_iso": "2026-07-01T10:00:00+01:00",
        "duration_minutes": 30,
    }
    summer = Slot.at(harbour, dt.date(2026, 7, 1), "19:00").as_rdv()
    assert summer["start_iso"] == "2026-07-01T19:00:00+01:00" and summer["duration_minutes"] == 90
    assert Slot.at(harbour, dt.date(2026, 12, 1), "19:00").as_rdv()["start_iso"].endswith("+00:00")


def test_welcome_has_the_seed_buttons_with_accessibility(venues):
    clinic = builder(venues["cabinet"]).welcome("Bonjour")
    assert [e["label"] for e in clinic["ui_elements"]] == ["Prendre RDV", "Urgence", "Voir calendrier", "Informations"]
    emergency = clinic["ui_elements"][1]
    assert emergency["style"] == "urgent" and emergency["data"] == {"priority": "high", "immediate_routing": True}
    assert all(
        e["accessibility"]["aria_label"] and e["accessibility"]["role"] == "button" for e in clinic["ui_elements"]
    )
    assert clinic["ui_elements"][0]["accessibility"]["aria_label"] == "Démarrer la prise de rendez-vous"
    restaurant = builder(venues["tasca"]).welcome("Olá")
    assert [e["action"] for e in restaurant["ui_elements"]] == ["start_booking", "human", "show_calendar", "show_info"]


def test_route_to_human_carries_the_venue_contact_and_hours(venues):
    rdv = builder(venues["cabinet"]).route_to_human("…", Disposition("PERSONAL_DATA", confidence=0.8))
    contact = rdv["clinic_contact"]
    assert contact["phone_e164"] == "+213555123456" and contact["email"] == "contact@cabinet.example"
    assert contact["contact_available"] is True
    assert contact["business_hours"].startswith("lun 08:00-12:00, 13:00-18:00")
    assert "ven fermé" in contact["business_hours"]
    assert rdv["ui_elements"][0]["type"] == "contact_card"
    unconfigured = builder(venues["unconfigured"]).route_to_human("…", Disposition("PERSONAL_DATA"))
    assert unconfigured["clinic_contact"]["contact_available"] is False
