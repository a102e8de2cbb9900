"""resolve_relative_day and resolve_relative_time over HTTP: spoken dates, parts of the day, weeks, holidays.

The server's clock reads Thursday 19 February 2026, 18:00 in Rome.
"""

from __future__ import annotations

import json

import pytest


def day(api, venue: str, text: str) -> dict:
    return api.ok("resolve_relative_day", {"restaurant_id": venue, "text": text})


@pytest.mark.parametrize(
    "venue, text, date, part, part_range, part_hours",
    [
        ("roma", "domani sera", "2026-02-20", "evening", ["19:00", "23:00"], "cena dalle 19 alle 23"),
        ("roma", "sabato a pranzo", "2026-02-21", "lunch", ["12:30", "14:30"], "pranzo dalle 12 e 30 alle 14 e 30"),
        ("harbour", "Sunday lunch", "2026-02-22", "lunch", ["12:00", "16:00"], "lunch from noon to 4 pm"),
        ("cabinet", "lundi après-midi", "2026-02-23", "afternoon", ["13:00", "18:00"], "après-midi de 13 h à 18 h"),
        ("tasca", "sexta à noite", "2026-02-20", "night", ["19:30", "23:30"], "jantar das 19h30 às 23h30"),
    ],
)
def test_a_day_with_a_part_of_the_day_gives_the_venues_range_in_it(
    api, venue, text, date, part, part_range, part_hours
):
    body = day(api, venue, text)
    assert (body["date"], body["part"], body["part_range"], body["part_hours"], body["closed"]) == (
        date,
        part,
        part_range,
        part_hours,
        False,
    )


def test_a_part_of_the_day_the_venue_does_not_open_in_has_no_range(api):
    body = day(api, "roma", "giovedì 26 a pranzo")  # Trattoria Roma serves lunch on Fridays and Saturdays only
    assert (body["date"], body["part"], body["closed"]) == ("2026-02-26", "lunch", False)
    assert "part_range" not in body and "part_hours" not in body


def test_a_holiday_is_the_venues_closed_date_when_it_says_so(api):
    body = day(api, "roma", "Natale")
    assert body == {
        "ok": True,
        "date": "2026-12-25",
        "day_label": "venerdì 25 dicembre",
        "ambiguous": False,
        "closed": True,
        "holiday": "Natale",
    }


def test_a_holiday_with_special_hours_gives_the_range_of_that_day(api):
    body = day(api, "roma", "San Silvestro a cena")
    assert (body["date"], body["part_range"], body["closed"]) == ("2026-12-31", ["20:00", "23:30"], False)


def test_a_national_day_is_found_by_its_name_in_the_venues_country(api):
    assert (day(api, "roma", "festa della Repubblica")["date"], day(api, "tasca", "Dia de Portugal")["date"]) == (
        "2026-06-02",
        "2026-06-10",
    )


def test_the_weekend_alone_is_ambiguous_with_both_days_to_ask_about(api):
    body = day(api, "roma", "questo weekend")
    assert body == {
        "ok": True,
        "date": "2026-02-21",
        "day_label": "sabato 21 febbraio",
        "ambiguous": True,
        "closed": False,
        "candidates": [
            {"date": "2026-02-21", "day_label": "sabato 21 febbraio"},
            {"date": "2026-02-22", "day_label": "domenica 22 febbraio"},
        ],
    }


@pytest.mark.parametrize(
    "venue, text, date",
    [
        ("roma", "il 3 marzo", "2026-03-03"),
        ("harbour", "a week on Saturday", "2026-02-28"),
        ("cabinet", "samedi en huit", "2026-02-28"),
        ("tasca", "segunda da semana que vem", "2026-02-23"),
        ("harbour", "tomorow", "2026-02-20"),
        ("tasca", "neste sábado", "2026-02-21"),
    ],
)
def test_spoken_dates_and_week_idioms_resolve_in_each_language(api, venue, text, date):
    assert day(api, venue, text)["date"] == date


def test_a_weekday_that_disagrees_with_the_date_is_reported_with_the_nearest_matching_day(api):
    response = api.call("resolve_relative_day", {"restaurant_id": "roma", "text": "martedì 25"})
    assert response.status_code == 422
    assert response.json() == {
        "ok": False,
        "error_code": "WEEKDAY_MISMATCH",
        "message": "Mercoledì 25 febbraio non è martedì. Il martedì più vicino è martedì 24 febbraio.",
        "date": "2026-02-25",
        "day_label": "mercoledì 25 febbraio",
        "corrected_day": "2026-02-24",
        "corrected_day_label": "martedì 24 febbraio",
    }


@pytest.mark.parametrize(("venue", "text", "message"), [
    ("roma", "il 30 febbraio", "Il 30 febbraio non esiste."),
    ("harbour", "the 31st of November", "There is no 31 November."),
    ("harbour", "31/11", "There is no 31 November."),
    ("cabinet", "le 31 avril", "Le 31 avril n'existe pas."),
    ("tasca", "29 de fevereiro de 2027", "O dia 29 de fevereiro não existe."),
])  # fmt: skip
def test_a_day_its_month_never_has_is_said_not_to_exist_rather_than_read_as_another(api, venue, text, message):
    response = api.call("resolve_relative_day", {"restaurant_id": venue, "text": text})
    assert response.status_code == 422
    assert response.json() == {"ok": False, "error_code": "NO_SUCH_DATE", "message": message}


@pytest.mark.parametrize(("venue", "text", "date", "time"), [
    ("roma", "venerdì alle 13", "2026-02-20", "13:00"),
    ("roma", "sabato alle 8", "2026-02-21", "20:00"),  # Saturday opens at 12:30 and 19: 8 is 20:00
    ("harbour", "next Sunday at 1pm", "2026-02-22", "13:00"),
    ("harbour", "8pm on Saturday", "2026-02-21", "20:00"),  # the time first
    ("cabinet", "lundi à 9h30", "2026-02-23", "09:30"),
    ("tasca", "sexta às 21h", "2026-02-20", "21:00"),
])  # fmt: skip
def test_a_day_said_with_its_time_is_that_day_and_tells_the_time_too(api, venue, text, date, time):
    body = day(api, venue, text)
    assert (body["date"], body["time"]) == (date, time)


def test_a_day_with_its_time_keeps_its_part_and_a_day_alone_tells_no_time(api):
    assert {k: v for k, v in day(api, "roma", "domani sera alle 9").items() if k in ("date", "part", "time")} == {
        "date": "2026-02-20",
        "part": "evening",
        "time": "21:00",
    }
    assert "time" not in day(api, "roma", "domani sera")


def test_the_time_said_with_a_part_of_the_day_is_in_that_part_not_in_the_venues_hours(api):
    body = day(api, "roma", "domani mattina alle 8")  # open in the evening only: 8 alone would be 20:00
    assert (body["part"], body["time"]) == ("morning", "08:00")


def test_a_day_said_with_a_time_of_either_half_of_the_day_tells_no_time(api):
    body = day(api, "roma", "sabato alle 3")  # 3:00 or 15:00, when Trattoria Roma is open at neither
    assert body["date"] == "2026-02-21" and "time" not in body
    assert day(api, "roma", "sabato alle 13")["time"] == "13:00"


def test_a_day_with_a_time_said_approximately_is_that_day_with_no_time(api):
    body = day(api, "roma", "sabato verso le 8")  # resolve_relative_time says VAGUE_TIME, about 20:00
    assert body["date"] == "2026-02-21" and "time" not in body


@pytest.mark.parametrize(("text", "code"), [
    ("martedì 25 alle 20", "WEEKDAY_MISMATCH"),  # the 25th is a Wednesday
    ("il 31 novembre alle 20", "NO_SUCH_DATE"),
    ("venerdì tra 20 minuti", "UNSUPPORTED_RELATIVE_DAY"),  # counted from now: no time of Friday
    ("venerdì quando capita", "UNSUPPORTED_RELATIVE_DAY"),
])  # fmt: skip
def test_a_day_with_its_time_is_refused_as_the_day_alone_would_be(api, text, code):
    response = api.call("resolve_relative_day", {"restaurant_id": "roma", "text": text})
    assert (response.status_code, response.json()["error_code"]) == (422, code)


@pytest.mark.parametrize("text", ["quando capita", "la settimana prossima"])
def test_what_is_not_fully_understood_is_refused_rather_than_guessed(api, text):
    response = api.call("resolve_relative_day", {"restaurant_id": "roma", "text": text})
    assert (response.status_code, response.json()["error_code"]) == (422, "UNSUPPORTED_RELATIVE_DAY")


def test_yesterday_is_the_day_gone_by_which_check_openings_then_refuses_as_past(api):
    yesterday = day(api, "roma", "ieri")
    assert (yesterday["date"], yesterday["day_label"]) == ("2026-02-18", "mercoledì 18 febbraio")
    response = api.call("check_openings", {"restaurant_id": "roma", "day": yesterday["date"]})
    assert (response.status_code, response.json()["error_code"]) == (422, "PAST_DATE")


def test_a_vapi_caller_gets_the_range_as_said_and_not_the_raw_one(api):
    call = {
        "id": "c1",
        "type": "function",
        "function": {"name": "resolve_relative_day", "arguments": {"restaurant_id": "roma", "text": "domani sera"}},
    }
    response = api.call("resolve_relative_day", {"message": {"type": "tool-calls", "toolCallList": [call]}})
    result = json.loads(response.json()["results"][0]["result"])
    assert result == {
        "date": "2026-02-20",
        "day_label": "venerdì 20 febbraio",
        "ambiguous": False,
        "closed": False,
        "part": "evening",
        "part_hours": "cena dalle 19 alle 23",
    }


@pytest.mark.parametrize("text, time", [("half seven", "19:30"), ("half one", "13:30"), ("at half eight", "20:30")])
def test_british_half_seven_is_half_past_the_hour_the_venues_hours_decide_which(api, text, time):
    body = api.ok("resolve_relative_time", {"restaurant_id": "harbour", "text": text})
    assert body == {"ok": True, "time": time, "day_offset": 0, "ambiguous": False}
