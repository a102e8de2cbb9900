"""create, list, modify and cancel over HTTP on the built-in provider."""

from __future__ import annotations

import pytest

THURSDAY = "2026-02-19"
MARIO = {
    "restaurant_id": "roma",
    "day": THURSDAY,
    "time": "20:00",
    "people": 4,
    "name": "Mario Rossi",
    "phone": "+393331234567",
}


def create(api, **changes):
    return api.call("create_booking", {**MARIO, **changes})


# --- create_booking ----------------------------------------------------------------------


def test_a_booking_is_confirmed_with_a_ready_to_say_message(api):
    response = create(api)
    assert response.status_code == 200
    body = response.json()
    assert body["ok"] is True and len(body["booking_id"]) >= 8
    assert {k: body[k] for k in ("day", "day_label", "time", "time_human", "people", "name", "phone")} == {
        "day": THURSDAY,
        "day_label": "giovedì 19 febbraio",
        "time": "20:00",
        "time_human": "20",
        "people": 4,
        "name": "Mario Rossi",
        "phone": "+393331234567",
    }
    assert body["message"] == "Prenotazione confermata per giovedì 19 febbraio alle 20, 4 persone a nome Mario Rossi."


@pytest.mark.parametrize("local", ["333 123 4567", "3331234567", "0039 333 1234567", "+39 333 123 4567"])
def test_a_phone_number_is_stored_in_e164_reading_local_numbers_in_the_venues_country(api, local):
    assert create(api, phone=local).json()["phone"] == "+393331234567"


def test_a_party_larger_than_max_people_is_refused_with_the_limit(api):
    response = create(api, people=9)
    assert response.status_code == 422
    assert response.json() == {
        "ok": False,
        "error_code": "MAX_PEOPLE_EXCEEDED",
        "message": "Per le prenotazioni online il massimo è 8 persone.",
        "max_people": 8,
    }


def test_the_same_phone_day_and_time_twice_is_a_duplicate(api):
    create(api)
    response = create(api, name="Mario R.", people=2)
    assert (response.status_code, response.json()["error_code"]) == (409, "DUPLICATE_BOOKING")
    assert response.json()["message"] == "Risulta già una prenotazione con questi dati."


def test_a_full_slot_is_refused_with_spoken_alternatives(api):
    for phone in ("+393331111111", "+393332222222", "+393333333333"):
        assert create(api, phone=phone).status_code == 200
    response = create(api, phone="+393334444444")
    assert response.status_code == 409
    body = response.json()
    assert body["error_code"] == "SLOT_FULL"
    assert body["nearest_slots"] == ["21:30", "22:00"] and body["nearest_slots_human"] == ["21 e 30", "22"]
    assert body["message"] == "Capacità esaurita a quest'ora. Orari più vicini: 21 e 30, 22."


def test_a_full_slot_the_caller_already_holds_is_told_as_a_duplicate_not_as_full(api):
    for phone in ("+393331234567", "+393332222222", "+393333333333"):  # Mario's own booking among them
        assert create(api, phone=phone).status_code == 200
    response = create(api, name="Mario R.", people=2)
    assert (response.status_code, response.json()["error_code"]) == (409, "DUPLICATE_BOOKING")
    assert response.json()["message"] == "Risulta già una prenotazione con questi dati."


@pytest.mark.parametrize(
    "day, time", [(THURSDAY, "18:00"), (THURSDAY, "20:10"), (THURSDAY, "22:30"), ("2026-02-22", "20:00")]
)
def test_a_time_outside_the_opening_slots_is_outside_hours(api, day, time):
    response = create(api, day=day, time=time)
    assert (response.status_code, response.json()["error_code"]) == (422, "OUTSIDE_HOURS")
    assert response.json()["message"].startswith("Orario fuori dagli orari di apertura.")


@pytest.mark.parametrize(
    "changes, field",
    [
        ({"phone": "12"}, "phone"),
        ({"phone": ""}, "phone"),
        ({"people": 0}, "people"),
        ({"people": "four"}, "people"),
        ({"name": "  "}, "name"),
        ({"day": "2026-02-18"}, "day"),
        ({"time": "17:00"}, "time"),
        ({"time": None}, "time"),
    ],
)
def test_invalid_or_past_input_is_a_validation_error_and_writes_nothing(api, changes, field):
    response = create(api, **changes)
    assert response.status_code == 400
    assert (response.json()["error_code"], response.json()["field"]) == ("VALIDATION_ERROR", field)
    assert api.ok("list_bookings", {"restaurant_id": "roma", "phone": "+393331234567"})["count"] == 0


# --- list_bookings -----------------------------------------------------------------------


def test_bookings_are_listed_from_today_on_in_time_order(serve, tmp_path):
    early = serve(now="2026-02-16T12:00:00+01:00", data_dir=tmp_path / "shared")
    for day, time in [("2026-02-21", "21:00"), ("2026-02-17", "20:00"), ("2026-02-19", "20:30")]:
        assert create(early, day=day, time=time).status_code == 200
    later = serve(now=f"{THURSDAY}T12:00:00+01:00", data_dir=tmp_path / "shared")
    body = later.ok("list_bookings", {"restaurant_id": "roma", "phone": "333 1234567"})
    assert body["count"] == 2
    assert [(b["day"], b["time"]) for b in body["results"]] == [("2026-02-19", "20:30"), ("2026-02-21", "21:00")]
    assert body["results"][0]["day_label"] == "giovedì 19 febbraio" and body["results"][0]["time_human"] == "20 e 30"
    assert body["message"] == "Ho trovato 2 prenotazioni: giovedì 19 febbraio alle 20 e 30, sabato 21 febbraio alle 21."


def test_a_phone_without_bookings_gets_an_empty_list(api):
    body = api.ok("list_bookings", {"restaurant_id": "roma", "phone": "+393339999999"})
    assert (body["count"], body["results"]) == (0, [])
    assert body["message"] == "Non ho trovato prenotazioni per questo numero."


def test_listing_needs_a_phone(api):
    response = api.call("list_bookings", {"restaurant_id": "roma"})
    assert (response.status_code, response.json()["field"]) == (400, "phone")


# --- modify_booking ------------------------------------------------------------------------


def test_a_booking_moves_to_a_new_day_and_time(api):
    booking_id = create(api).json()["booking_id"]
    body = api.ok(
        "modify_booking",
        {"restaurant_id": "roma", "booking_id": booking_id, "new_day": "2026-02-21", "new_time": "21:00"},
    )
    assert (body["day"], body["time"], body["people"]) == ("2026-02-21", "21:00", 4)
    assert body["message"] == "Prenotazione modificata: sabato 21 febbraio alle 21."


def test_the_short_aliases_day_time_and_people_are_accepted(api):
    booking_id = create(api).json()["booking_id"]
    body = api.ok("modify_booking", {"restaurant_id": "roma", "booking_id": booking_id, "people": 3, "time": "20:30"})
    assert (body["time"], body["people"]) == ("20:30", 3)
    assert body["message"] == "Prenotazione modificata: giovedì 19 febbraio alle 20 e 30, 3 persone."


def test_a_short_alias_is_used_when_its_long_name_is_sent_as_null(api):
    booking_id = create(api).json()["booking_id"]
    change = {"restaurant_id": "roma", "booking_id": booking_id, "new_people": None, "people": 3}
    assert api.ok("modify_booking", change)["people"] == 3


def test_a_booking_can_stay_in_its_own_full_slot_while_changing_its_party(api):
    ids = [create(api, phone=p).json()["booking_id"] for p in ("+393331111111", "+393332222222", "+393333333333")]
    body = api.ok(
        "modify_booking", {"restaurant_id": "roma", "booking_id": ids[0], "new_people": 6, "new_time": "20:00"}
    )
    assert body["people"] == 6


def test_moving_into_a_full_slot_is_refused_and_changes_nothing(api):
    for phone in ("+393331111111", "+393332222222", "+393333333333"):
        create(api, phone=phone)
    mover = create(api, time="22:00", phone="+393334444444").json()["booking_id"]
    response = api.call("modify_booking", {"restaurant_id": "roma", "booking_id": mover, "new_time": "20:00"})
    assert (response.status_code, response.json()["error_code"]) == (409, "SLOT_FULL")
    listed = api.ok("list_bookings", {"restaurant_id": "roma", "phone": "+393334444444"})["results"]
    assert listed[0]["time"] == "22:00"


@pytest.mark.parametrize(
    "change, code, status",
    [
        ({"new_time": "18:00"}, "OUTSIDE_HOURS", 422),
        ({"new_day": "2026-02-22"}, "OUTSIDE_HOURS", 422),
        ({"new_people": 9}, "MAX_PEOPLE_EXCEEDED", 422),
        ({"new_people": 0}, "VALIDATION_ERROR", 400),
        ({"new_day": "2026-02-18"}, "VALIDATION_ERROR", 400),
        ({}, "VALIDATION_ERROR", 400),
    ],
)
def test_a_change_is_rechecked_against_every_rule(api, change, code, status):
    booking_id = create(api).json()["booking_id"]
    response = api.call("modify_booking", {"restaurant_id": "roma", "booking_id": booking_id, **change})
    assert (response.status_code, response.json()["error_code"]) == (status, code)


def test_moving_onto_another_booking_of_the_same_phone_is_a_duplicate(api):
    create(api, time="21:00")
    booking_id = create(api).json()["booking_id"]
    response = api.call("modify_booking", {"restaurant_id": "roma", "booking_id": booking_id, "new_time": "21:00"})
    assert (response.status_code, response.json()["error_code"]) == (409, "DUPLICATE_BOOKING")


def test_modifying_an_unknown_booking_is_booking_not_found(api):
    response = api.call("modify_booking", {"restaurant_id": "roma", "booking_id": "nope", "new_people": 2})
    assert (response.status_code, response.json()["error_code"]) == (404, "BOOKING_NOT_FOUND")
    assert response.json()["message"] == "Non trovo quella prenotazione."


# --- cancel_booking ------------------------------------------------------------------------


def test_a_cancelled_booking_is_gone_and_a_second_cancel_is_not_found(api):
    booking_id = create(api).json()["booking_id"]
    body = api.ok("cancel_booking", {"restaurant_id": "roma", "booking_id": booking_id})
    assert body == {"ok": True, "booking_id": booking_id, "message": "Prenotazione cancellata."}
    again = api.call("cancel_booking", {"restaurant_id": "roma", "booking_id": booking_id})
    assert (again.status_code, again.json()["error_code"]) == (404, "BOOKING_NOT_FOUND")
    assert api.ok("list_bookings", {"restaurant_id": "roma", "phone": MARIO["phone"]})["count"] == 0
    modify = api.call("modify_booking", {"restaurant_id": "roma", "booking_id": booking_id, "new_people": 2})
    assert modify.json()["error_code"] == "BOOKING_NOT_FOUND"


def test_a_cancelled_booking_frees_its_slot_and_its_phone(api):
    booking_id = create(api).json()["booking_id"]
    api.ok("cancel_booking", {"restaurant_id": "roma", "booking_id": booking_id})
    assert create(api).status_code == 200


def test_a_booking_of_another_venue_cannot_be_cancelled_through_this_one(api):
    booking_id = create(api).json()["booking_id"]
    response = api.call("cancel_booking", {"restaurant_id": "duo", "booking_id": booking_id})
    assert response.json()["error_code"] == "BOOKING_NOT_FOUND"
