"""check_openings over HTTP, against the contract's examples (Trattoria Roma, Thursday 19 February 2026)."""

from __future__ import annotations

import pytest

THURSDAY = "2026-02-19"
ROMA_THURSDAY_SLOTS = ["19:00", "19:30", "20:00", "20:30", "21:00", "21:30", "22:00"]


def book(api, time, phone, day=THURSDAY, venue="roma", people=2):
    return api.ok(
        "create_booking",
        {"restaurant_id": venue, "day": day, "time": time, "people": people, "name": "Ospite", "phone": phone},
    )


def test_a_free_slot_is_available_with_the_full_http_payload(api):
    body = api.ok("check_openings", {"restaurant_id": "roma", "day": THURSDAY, "time": "20:00"})
    assert body == {
        "ok": True,
        "restaurant_id": "roma",
        "day": THURSDAY,
        "day_label": "giovedì 19 febbraio",
        "closed": False,
        "slots": ROMA_THURSDAY_SLOTS,
        "lunch_range": None,
        "dinner_range": ["19:00", "22:30"],
        "ranges": {"dinner": ["19:00", "22:30"]},
        "requested_time": "20:00",
        "time_human": "20",
        "available": True,
        "reason": None,
        "nearest_slots": [],
        "nearest_slots_human": None,
        "max_people": 8,
        "message": "Disponibile.",
    }


def test_a_day_without_time_lists_the_opening_hours(api):
    body = api.ok("check_openings", {"restaurant_id": "roma", "day": "2026-02-20"})
    assert body["available"] is None and body["requested_time"] is None and body["time_human"] is None
    assert body["lunch_range"] == ["12:30", "14:30"] and body["dinner_range"] == ["19:00", "23:00"]
    assert body["message"] == "Orari di apertura: pranzo dalle 12 e 30 alle 14 e 30 e cena dalle 19 alle 23."


def test_a_weekly_closing_day_names_the_next_opening_day_and_its_hours(api):
    body = api.ok("check_openings", {"restaurant_id": "roma", "day": "2026-02-22", "time": "20:00"})
    assert body["closed"] is True and body["available"] is False and body["reason"] == "closed"
    assert body["slots"] == []
    assert body["next_open_day"] == "2026-02-23"
    assert body["next_open_day_label"] == "lunedì 23 febbraio"
    assert body["next_open_ranges"] == {"lunch": None, "dinner": "19 alle 22 e 30"}
    assert body["message"] == (
        "Il ristorante è chiuso domenica. Il prossimo giorno di apertura è "
        "lunedì 23 febbraio con cena dalle 19 alle 22 e 30."
    )


def test_a_closed_date_overrides_the_weekly_schedule_and_is_named_by_its_date(serve):
    api = serve(now="2026-12-20T12:00:00+01:00")
    body = api.ok("check_openings", {"restaurant_id": "roma", "day": "2026-12-25"})
    assert body["closed"] is True and body["available"] is None
    assert body["next_open_day"] == "2026-12-28"
    assert body["message"].startswith("Il ristorante è chiuso venerdì 25 dicembre. ")


def test_special_hours_replace_the_weekly_schedule_on_that_date(serve):
    api = serve(now="2026-12-20T12:00:00+01:00")
    body = api.ok("check_openings", {"restaurant_id": "roma", "day": "2026-12-31"})
    assert body["dinner_range"] == ["20:00", "23:30"] and body["lunch_range"] is None
    assert body["slots"] == ["20:00", "20:30", "21:00", "21:30", "22:00", "22:30", "23:00"]


def test_a_time_before_opening_is_not_in_openings_with_the_three_nearest_slots(api):
    body = api.ok("check_openings", {"restaurant_id": "roma", "day": THURSDAY, "time": "18:00"})
    assert (body["available"], body["reason"]) == (False, "not_in_openings")
    assert body["nearest_slots"] == ["19:00", "19:30", "20:00"]
    assert body["nearest_slots_human"] == ["19", "19 e 30", "20"]
    assert body["message"] == "Questo orario non è disponibile. Orari più vicini: 19, 19 e 30, 20."


def test_a_time_off_the_slot_grid_is_not_in_openings_and_alternatives_come_in_time_order(api):
    body = api.ok("check_openings", {"restaurant_id": "roma", "day": THURSDAY, "time": "20:15"})
    assert body["reason"] == "not_in_openings"
    assert body["nearest_slots"] == ["19:30", "20:00", "20:30"]


def test_a_time_in_the_last_minutes_before_closing_is_cutoff(api):
    body = api.ok("check_openings", {"restaurant_id": "roma", "day": THURSDAY, "time": "22:30"})
    assert (body["available"], body["reason"]) == (False, "cutoff")
    assert body["nearest_slots"] == ["21:00", "21:30", "22:00"]
    assert body["message"] == "Questo orario è troppo vicino alla chiusura. Orari più vicini: 21, 21 e 30, 22."


def test_a_slot_is_full_when_max_concurrent_bookings_overlap_its_stay(api):
    for phone in ("+393331111111", "+393332222222", "+393333333333"):
        book(api, "20:00", phone)
    body = api.ok("check_openings", {"restaurant_id": "roma", "day": THURSDAY, "time": "20:30"})
    assert (body["available"], body["reason"]) == (False, "full")
    # Stays of 90 minutes from 20:00 cover every slot from 19:00 to 21:00.
    assert body["nearest_slots"] == ["21:30", "22:00"]
    assert body["message"] == "Nessun tavolo disponibile a quest'ora. Orari più vicini: 21 e 30, 22."


def test_a_stay_that_ends_when_another_starts_does_not_overlap_it(api):
    for phone in ("+393331111111", "+393332222222", "+393333333333"):
        book(api, "20:00", phone)
    body = api.ok("check_openings", {"restaurant_id": "roma", "day": THURSDAY, "time": "21:30"})
    assert body["available"] is True


def test_a_weekday_that_does_not_match_the_date_is_corrected_to_the_next_such_weekday(api):
    response = api.call(
        "check_openings", {"restaurant_id": "roma", "day": "2026-02-23", "time": "20:00", "expected_weekday": "giovedi"}
    )
    assert response.status_code == 422
    assert response.json() == {
        "ok": False,
        "error_code": "WEEKDAY_MISMATCH",
        "message": "La data 2026-02-23 è lunedì 23 febbraio, non giovedì. Il prossimo giovedì è giovedì 19 febbraio.",
        "corrected_day": "2026-02-19",
        "corrected_day_label": "giovedì 19 febbraio",
    }


@pytest.mark.parametrize("weekday", ["giovedì", "Thursday", "jeudi", "quinta-feira", "GIOVEDI"])
def test_a_matching_weekday_in_any_language_passes(api, weekday):
    body = api.ok("check_openings", {"restaurant_id": "roma", "day": THURSDAY, "expected_weekday": weekday})
    assert body["day_label"] == "giovedì 19 febbraio"


def test_a_past_date_is_refused(api):
    response = api.call("check_openings", {"restaurant_id": "roma", "day": "2026-02-18"})
    assert (response.status_code, response.json()["error_code"]) == (422, "PAST_DATE")
    assert response.json()["message"] == "La data indicata è già passata."


def test_an_earlier_time_today_is_refused(serve):
    api = serve(now="2026-02-19T20:10:00+01:00")
    response = api.call("check_openings", {"restaurant_id": "roma", "day": THURSDAY, "time": "20:00"})
    assert (response.status_code, response.json()["error_code"]) == (422, "PAST_TIME")


def test_later_today_offers_only_slots_that_have_not_passed(serve):
    api = serve(now="2026-02-19T20:10:00+01:00")
    body = api.ok("check_openings", {"restaurant_id": "roma", "day": THURSDAY, "time": "20:45"})
    assert body["nearest_slots"] == ["20:30", "21:00", "21:30"]


@pytest.mark.parametrize(
    "body, field",
    [
        ({"day": THURSDAY}, "restaurant_id"),
        ({"restaurant_id": "roma"}, "day"),
        ({"restaurant_id": "roma", "day": "19/02/2026"}, "day"),
        ({"restaurant_id": "roma", "day": "{{day}}"}, "day"),
        ({"restaurant_id": "roma", "day": "2026-02-30"}, "day"),
        ({"restaurant_id": "roma", "day": THURSDAY, "time": "8pm"}, "time"),
        ({"restaurant_id": "roma", "day": THURSDAY, "time": "24:00"}, "time"),
        ({"restaurant_id": "roma", "day": THURSDAY, "expected_weekday": "someday"}, "expected_weekday"),
    ],
)
def test_bad_input_is_a_validation_error_naming_the_field(api, body, field):
    response = api.call("check_openings", body)
    assert response.status_code == 400
    assert response.json()["error_code"] == "VALIDATION_ERROR"
    assert response.json()["field"] == field


def test_a_day_or_time_in_words_is_refused_pointing_to_the_resolver_that_reads_them(api):
    day = api.call("check_openings", {"restaurant_id": "roma", "day": "tomorrow"}).json()
    time = api.call("check_openings", {"restaurant_id": "roma", "day": THURSDAY, "time": "8pm"}).json()
    assert "resolve_relative_day" in day["message"] and "resolve_relative_time" in time["message"]


def test_a_venue_without_capacity_settings_is_a_config_error(api):
    response = api.call("check_openings", {"restaurant_id": "unconfigured", "day": THURSDAY, "time": "20:00"})
    assert (response.status_code, response.json()["error_code"]) == (500, "CONFIG_ERROR")
