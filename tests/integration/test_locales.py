"""The same tools speak English, French and Portuguese for venues in those languages."""

from __future__ import annotations

import pytest

# Thursday 19 February 2026: 18:00 in London, Algiers and Lisbon alike for these purposes.
NOW = "2026-02-19T17:00:00+00:00"


@pytest.fixture
def api(serve):
    return serve(now=NOW)


@pytest.mark.parametrize(
    "venue, label, message",
    [
        ("harbour", "Thursday 19 February", "Opening hours: lunch from noon to 3 pm and dinner from 6 pm to 10 pm."),
        ("cabinet", "jeudi 19 février", "Horaires d'ouverture : matin de 8 h à 12 h et après-midi de 13 h à 18 h."),
        ("tasca", "quinta-feira, 19 de fevereiro", "Horário de funcionamento: jantar das 19h30 às 23h30."),
    ],
)
def test_opening_hours_are_spoken_in_the_venues_language(api, venue, label, message):
    body = api.ok("check_openings", {"restaurant_id": venue, "day": "2026-02-19"})
    assert (body["day_label"], body["message"]) == (label, message)


@pytest.mark.parametrize(
    "venue, day, message",
    [
        (
            "harbour",
            "2026-02-23",
            "The restaurant is closed on Monday. The next opening day is Tuesday 24 February, "
            "with lunch from noon to 3 pm and dinner from 6 pm to 10 pm.",
        ),
        (
            "cabinet",
            "2026-02-20",
            "Le cabinet est fermé vendredi. Le prochain jour d'ouverture est le dimanche 22 février : "
            "matin de 8 h à 12 h et après-midi de 13 h à 18 h.",
        ),
        (
            "tasca",
            "2026-02-22",
            "O restaurante está fechado no domingo. O próximo dia de abertura é "
            "quarta-feira, 25 de fevereiro, com jantar das 19h30 às 23h30.",
        ),
    ],
)
def test_closed_days_are_explained_in_the_venues_language(api, venue, day, message):
    assert api.ok("check_openings", {"restaurant_id": venue, "day": day})["message"] == message


@pytest.mark.parametrize(
    "venue, time, phone, message",
    [
        (
            "harbour",
            "20:30",
            "020 7946 0018",
            "Booking confirmed for Friday 20 February at 8:30 pm, 2 people, under the name Ana Lima.",
        ),
        (
            "cabinet",
            "09:30",
            "0555 12 34 56",
            "Rendez-vous confirmé pour le vendredi 20 février à 9 h 30, au nom d'Ana Lima.",
        ),
        (
            "tasca",
            "20:00",
            "912 345 678",
            "Reserva confirmada para sexta-feira, 20 de fevereiro, às 20h, 2 pessoas, em nome de Ana Lima.",
        ),
    ],
)
def test_bookings_are_confirmed_in_the_venues_language_with_local_phone_numbers(api, venue, time, phone, message):
    day = "2026-02-22" if venue == "cabinet" else "2026-02-20"
    message = message.replace("vendredi 20 février", "dimanche 22 février")
    people = 1 if venue == "cabinet" else 2
    body = api.ok(
        "create_booking",
        {"restaurant_id": venue, "day": day, "time": time, "people": people, "name": "Ana Lima", "phone": phone},
    )
    assert body["message"] == message
    assert body["phone"].startswith({"harbour": "+44", "cabinet": "+213", "tasca": "+351"}[venue])


@pytest.mark.parametrize(
    "venue, time, message",
    [
        ("harbour", "17:00", "That time is not available. Closest times: 6 pm, 6:15 pm, 6:30 pm."),
        ("cabinet", "12:30", "Cet horaire n'est pas disponible. Horaires les plus proches : 11 h 30, 12 h, 13 h."),
        ("tasca", "23:00", "Este horário está muito perto do fecho. Horários mais próximos: 21h30, 22h, 22h30."),
    ],
)
def test_unavailable_times_offer_alternatives_in_the_venues_language(api, venue, time, message):
    day = "2026-02-22" if venue == "cabinet" else "2026-02-20"
    assert api.ok("check_openings", {"restaurant_id": venue, "day": day, "time": time})["message"] == message


@pytest.mark.parametrize(
    "venue, text, date, label",
    [
        ("harbour", "tomorrow", "2026-02-20", "Friday 20 February"),
        ("cabinet", "après-demain", "2026-02-21", "samedi 21 février"),
        ("tasca", "daqui a uma semana", "2026-02-26", "quinta-feira, 26 de fevereiro"),
    ],
)
def test_relative_days_are_read_and_labelled_in_the_venues_language(api, venue, text, date, label):
    body = api.ok("resolve_relative_day", {"restaurant_id": venue, "text": text})
    assert (body["date"], body["day_label"]) == (date, label)
