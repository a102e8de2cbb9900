"""The manual's nine tools as functions (/api/<tool>), over HTTP, on both stores.

The server's clock reads Thursday 19 February 2026, 17:00 in Lisbon: Tasca do Porto (pt) opens
at 19:30 with room for two overlapping bookings; the Harbour Kitchen speaks English.
"""

from __future__ import annotations

import pytest
from concierge.domain.knowledge_base import load_knowledge_base

from tests.conftest import VENUES_FILE
from tests.unit.conversations.fakes import FakeTools

PHONE = "+351912345678"


def tool(api, name: str, thread: str = "web:1", venue: str = "tasca", **params) -> dict:
    return api.ok(name, {"venue_id": venue, "conversation_id": thread, **params})


def book(api, thread="web:1", time="20:00", phone=PHONE, name="Ana Sousa", day="19/02/2026", people=2, **extra) -> dict:
    return tool(
        api,
        "schedule_appointment",
        thread,
        serviceName="Jantar",
        appointmentDate=day,
        appointmentTime=time,
        clientFullName=name,
        clientPhone=phone,
        people=people,
        **extra,
    )


def test_a_booking_is_saved_with_the_manuals_portuguese_words_and_listed_as_busy(api):
    booked = book(api)
    assert booked["success"] is True
    assert booked["message"] == "Agendamento salvo com sucesso no sistema."
    assert booked["appointmentDate"] == "19/02/2026" and booked["appointmentTime"] == "20:00"
    events = tool(api, "list_events", startDate="19/02/2026", endDate="20/02/2026")["events"]
    assert events == [
        {
            "id": booked["eventId"],
            "summary": "Compromisso Ocupado",
            "start": "19/02/2026 20:00",
            "end": "19/02/2026 22:00",
        }
    ]
    stored = api.ok("list_bookings", {"restaurant_id": "tasca", "phone": PHONE})
    assert [b["booking_id"] for b in stored["results"]] == [booked["eventId"]]


def test_relative_days_are_read_in_the_venues_language(api):
    booked = book(api, day="amanhã", time="21:00")
    assert booked["success"] is True and booked["appointmentDate"] == "20/02/2026"


def test_the_voice_tools_booking_rules_refuse_in_the_venues_language(api):
    late = book(api, time="23:00")
    assert late["success"] is False and late["error_code"] == "OUTSIDE_HOURS"
    assert late["nearestSlots"] == ["21:30", "22:00", "22:30"]
    assert book(api)["success"] is True
    again = book(api)
    assert again["success"] is False and again["error_code"] == "DUPLICATE_BOOKING"
    assert api.ok("list_bookings", {"restaurant_id": "tasca", "phone": PHONE})["count"] == 1


def test_without_a_phone_the_booking_is_refused_and_asks_for_it(api):
    refused = tool(
        api,
        "schedule_appointment",
        serviceName="Jantar",
        appointmentDate="19/02/2026",
        appointmentTime="20:00",
        clientFullName="Ana",
    )
    assert refused == {
        "success": False,
        "error": "O telefone do cliente ainda não é conhecido: peça-o antes.",
        "conversation_id": "web:1",
        "status": "active",
    }


def test_available_slots_show_hours_full_times_and_free_start_times(api):
    book(api, thread="web:1", phone="+351912345671")
    book(api, thread="web:2", phone="+351912345672")
    days = tool(api, "get_available_slots", startDate="19/02/2026", endDate="21/02/2026")["days"]
    assert [d["date"] for d in days] == ["19/02/2026", "20/02/2026", "21/02/2026"]
    thursday = days[0]
    assert thursday["businessHours"] == "19:30-23:30"
    # Two bookings at 20:00 staying two hours fill every start from 18:30 to 21:30 (half-hour grid).
    assert thursday["busySlots"] == [{"start": "19:30", "end": "22:00"}]
    assert thursday["freeSlots"] == ["22:00", "22:30"]
    assert days[1]["businessHours"] == "12:30-15:00, 19:30-23:30"


@pytest.mark.parametrize("venue", ["tasca", "harbour", "cabinet", "roma"])
def test_the_unit_dialogues_fake_offers_the_free_times_this_tool_offers(api, venue):
    """The chat's unit dialogues run on a hand-written fake of these tools: its free times are these."""
    real = tool(api, "get_available_slots", venue=venue, startDate="20/02/2026", endDate="26/02/2026")["days"]
    fake = FakeTools(load_knowledge_base(VENUES_FILE)[venue]).get_available_slots("20/02/2026", "26/02/2026")
    assert [day["freeSlots"] for day in fake["days"]] == [day["freeSlots"] for day in real]
    assert any(day["freeSlots"] for day in real)


def test_a_closed_day_says_so_in_the_venues_language(api):
    monday = tool(api, "get_available_slots", startDate="23/02/2026", endDate="23/02/2026")["days"][0]
    assert monday == {"date": "23/02/2026", "businessHours": "Fechado", "busySlots": [], "freeSlots": []}


def test_a_conversation_sees_and_cancels_only_its_own_bookings(api):
    theirs = book(api, thread="web:other", phone="+351912345679", name="Rui")
    mine = book(api, thread="web:mine")
    assert [
        e["id"] for e in tool(api, "list_events", "web:mine", startDate="19/02/2026", endDate="19/02/2026")["events"]
    ] == [mine["eventId"]]
    refused = tool(api, "cancel_appointment", "web:mine", eventId=theirs["eventId"])
    assert refused["success"] is False
    assert refused["error"] == "Não há nenhum agendamento deste cliente com esse ID."
    assert api.ok("get_booking", {"restaurant_id": "tasca", "booking_id": theirs["eventId"]})["ok"] is True
    cancelled = tool(api, "cancel_appointment", "web:mine", eventId=mine["eventId"])
    assert cancelled["success"] is True and cancelled["message"] == "O agendamento foi cancelado com sucesso."
    assert tool(api, "list_events", "web:mine", startDate="19/02/2026", endDate="19/02/2026")["events"] == []


def stored(api, booking_id: str) -> dict:
    return api.ok("get_booking", {"restaurant_id": "tasca", "booking_id": booking_id})


def test_a_booking_that_replaces_another_moves_it_in_one_change_keeping_its_id_and_name(api):
    old = book(api)
    moved = book(api, time="21:00", name="Someone Else", replacesEventId=old["eventId"], people=4)
    assert moved["success"] is True and moved["message"] == "O agendamento foi alterado com sucesso no sistema."
    assert moved["eventId"] == old["eventId"] and moved["appointmentTime"] == "21:00"
    booking = stored(api, old["eventId"])
    assert (booking["time"], booking["people"], booking["name"]) == ("21:00", 4, "Ana Sousa")
    assert api.ok("list_bookings", {"restaurant_id": "tasca", "phone": PHONE})["count"] == 1


def test_a_new_party_size_at_the_same_time_fits_even_when_the_time_is_otherwise_full(api):
    mine = book(api)
    book(api, thread="web:2", phone="+351912345672", name="Rui")  # the second of two tables at 20:00
    assert book(api, thread="web:3", phone="+351912345673", name="Eva")["error_code"] == "SLOT_FULL"
    bigger = tool(
        api,
        "schedule_appointment",
        serviceName="Jantar",
        appointmentDate="19/02/2026",
        appointmentTime="20:00",
        people=5,
        replacesEventId=mine["eventId"],
    )
    assert bigger["success"] is True
    assert (stored(api, mine["eventId"])["time"], stored(api, mine["eventId"])["people"]) == ("20:00", 5)


def test_a_refused_replacement_leaves_the_booking_as_it_was(api):
    mine = book(api)
    theirs = book(api, thread="web:other", phone="+351912345679", name="Rui")
    late = book(api, time="23:00", replacesEventId=mine["eventId"], people=6)
    assert late["success"] is False and late["error_code"] == "OUTSIDE_HOURS"
    not_mine = book(api, time="21:00", replacesEventId=theirs["eventId"])
    assert not_mine["error"] == "Não há nenhum agendamento deste cliente com esse ID."
    unknown = book(api, time="21:00", replacesEventId="no-such-booking")
    assert unknown["error"] == "Não há nenhum agendamento deste cliente com esse ID."
    assert (stored(api, mine["eventId"])["time"], stored(api, mine["eventId"])["people"]) == ("20:00", 2)
    assert stored(api, theirs["eventId"])["time"] == "20:00"


def test_a_replacement_without_a_party_size_keeps_the_party(api):
    mine = book(api)
    moved = tool(
        api,
        "schedule_appointment",
        serviceName="Jantar",
        appointmentDate="19/02/2026",
        appointmentTime="21:30",
        replacesEventId=mine["eventId"],
    )
    assert moved["success"] is True
    assert (stored(api, mine["eventId"])["time"], stored(api, mine["eventId"])["people"]) == ("21:30", 2)


def test_client_details_tags_and_summary_are_saved_with_the_manuals_words(api):
    book(api)
    saved = tool(api, "update_client_info", preferredName="João", notes="Prefere a esplanada")
    assert saved["message"] == (
        "Dados do cliente foram salvos no sistema: Nome Preferido='João', Notas='Prefere a esplanada'."
    )
    assert (
        tool(api, "update_conversation_tags", tags=["Agendamento"])["message"]
        == "As etiquetas foram salvas com sucesso na conversa."
    )
    assert tool(api, "summarize_conversation")["message"] == "Resumo salvo com sucesso."
    profile = api.store.get_profile("tasca", PHONE)
    assert profile.preferred_name == "João" and profile.notes == ["Prefere a esplanada"]
    assert profile.tags == ["Agendamento"] and profile.summaries[0].startswith("Cliente: João (+351912345678).")


def test_human_support_stops_the_ai_and_ending_archives_the_conversation(api):
    handed = tool(api, "request_human_support", reason="Cliente pediu um atendente")
    assert handed["message"] == "A conversa foi transferida para um atendente humano."
    assert handed["status"] == "human_support"
    conversation = api.store.current_conversation("tasca", "web:1")
    assert conversation.ai_active is False and "human_support" in conversation.tags
    assert "Cliente pediu um atendente" in conversation.summary
    ended = tool(api, "end_conversation", reason="resolvido")
    assert ended["message"] == "A conversa foi finalizada e arquivada." and ended["status"] == "archived"


def test_english_venues_get_natural_english(api):
    booked = book(api, venue="harbour", phone="+447911123456", day="next Tuesday", time="19:00")
    assert booked["success"] is True and booked["message"] == "Booking saved in the system."
    assert booked["appointmentDate"] == "24/02/2026"
    events = tool(api, "list_events", venue="harbour", startDate="24/02/2026", endDate="24/02/2026")["events"]
    assert [e["summary"] for e in events] == ["Busy"]


def test_bad_parameters_are_answered_not_raised(api):
    assert tool(api, "list_events", startDate="31/02/2026", endDate="01/03/2026") == {
        "success": False,
        "error": '"31/02/2026" não é uma data (DD/MM/AAAA).',
        "conversation_id": "web:1",
        "status": "active",
    }
    assert tool(api, "cancel_appointment")["error"] == "Parâmetros inválidos: eventId: is required"
    missing = api.call("list_events", {"venue_id": "tasca"})
    assert missing.status_code == 400 and missing.json()["error_code"] == "VALIDATION_ERROR"
    unknown = api.call(
        "list_events",
        {"venue_id": "nowhere", "conversation_id": "x", "startDate": "19/02/2026", "endDate": "19/02/2026"},
    )
    assert unknown.status_code == 404
