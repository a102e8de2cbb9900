"""The Google Calendar provider over real HTTP against a local Calendar v3 server."""

from __future__ import annotations

import datetime as dt
import json
import logging
import time
from zoneinfo import ZoneInfo

import pytest

from concierge.adapters.providers.gcal import GoogleCalendarProvider
from concierge.domain.booking import Booking, BookingDraft
from concierge.domain.errors import ToolError
from concierge.domain.knowledge_base import load_knowledge_base
from concierge.speech import phrases_for
from concierge.tools.booking_rules import admit
from concierge.tools.provider_errors import SpokenProvider
from tests.support.gcal_server import new_service_account, start_gcal_server
from tests.support.local import IMPATIENT, LATE, PATIENT, free_port

CAL = "roma@group.calendar.google.com"
ENV_NAME = "GCAL_SERVICE_ACCOUNT_JSON"
DAY = dt.date(2026, 3, 5)  # a Thursday: dinner 19:00-22:30, slots up to 22:00
NEXT_DAY = dt.date(2026, 3, 6)
LOCAL_NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=ZoneInfo("Europe/Rome"))
PHONE = "+393331234567"
SECRET_TITLE = "Visita privata di Giulia Bianchi"
SECRET_DETAIL = "+393470000000"
SAY = phrases_for("it")


@pytest.fixture
def gcal():
    with start_gcal_server() as server:
        yield server


@pytest.fixture
def venue():
    return load_knowledge_base("tests/fixtures/venues.yaml")["roma"]


def provider_for(server, env: dict | None = None, **block) -> SpokenProvider:
    """The provider as the tools reach it: its failures as the contract's codes, in the venue's words."""
    config = {
        "kind": "gcal",
        "base_url": server.base_url,
        "calendar_id": CAL,
        "credentials_env": ENV_NAME,
        "timeout_seconds": PATIENT,
        **block,
    }
    return SpokenProvider(GoogleCalendarProvider(config, {ENV_NAME: server.credentials_json()} if env is None else env))


@pytest.fixture
def provider(gcal):
    return provider_for(gcal)


def draft(time="20:00", phone=PHONE, name="Mario Rossi", people=2, day=DAY, notes=None) -> BookingDraft:
    return BookingDraft(day=day, time=time, people=people, name=name, phone=phone, notes=notes)


def admitting(venue, d: BookingDraft):
    return lambda seen: admit(venue, d.day, d.time, d.phone, seen, LOCAL_NOW)


def book(provider, venue, **fields) -> Booking:
    d = draft(**fields)
    return provider.create(venue, d, admitting(venue, d))


def foreign(server, start: str, end: str, day: dt.date = DAY, **fields) -> dict:
    """Someone else's event: a private title and description that must never reach a caller."""
    return server.add_event(
        CAL,
        f"{day}T{start}:00+01:00",
        f"{day}T{end}:00+01:00",
        summary=SECRET_TITLE,
        description=f"Paziente {SECRET_DETAIL}",
        **fields,
    )


def move(venue, time=None, day=None, people=None):
    """The change modify_booking makes: new values, re-admitted against the target day's others."""

    def change(current: Booking, day_of) -> Booking:
        updated = current.model_copy(
            update={"time": time or current.time, "day": day or current.day, "people": people or current.people}
        )
        if (updated.day, updated.time) != (current.day, current.time):
            target = day_of(updated.day)
            others = target.without(current) if updated.day == current.day else target
            admit(venue, updated.day, updated.time, updated.phone, others, LOCAL_NOW)
        return updated

    return change


def refusal(call) -> ToolError:
    with pytest.raises(ToolError) as caught:
        call()
    return caught.value


# --- creating --------------------------------------------------------------------------------------------
def test_a_booking_becomes_an_event_in_the_venue_time_zone_with_our_data_private(gcal, provider, venue):
    booking = book(provider, venue, notes="seggiolone")
    assert (booking.day, booking.time, booking.people, booking.name, booking.phone, booking.notes) == (
        DAY,
        "20:00",
        2,
        "Mario Rossi",
        PHONE,
        "seggiolone",
    )
    event = gcal.event(CAL, booking.booking_id)
    assert event["start"] == {"dateTime": "2026-03-05T20:00:00+01:00", "timeZone": "Europe/Rome"}
    assert event["end"]["dateTime"] == "2026-03-05T21:30:00+01:00"  # + avg_stay_minutes
    assert event["summary"] == "Prenotazione: Mario Rossi (2)"
    private = event["extendedProperties"]["private"]
    assert private["concierge"] == "booking" and private["concierge_venue"] == "roma"
    assert (private["phone"], private["people"], private["name"]) == (PHONE, "2", "Mario Rossi")


def test_a_clinic_appointment_lasts_its_stay_and_is_labelled_in_the_venue_language(gcal, venue):
    clinic = venue.model_copy(update={"kind": "clinic", "locale": "fr", "avg_stay_minutes": 30})
    booking = book(provider_for(gcal), clinic)
    event = gcal.event(CAL, booking.booking_id)
    assert event["end"]["dateTime"] == "2026-03-05T20:30:00+01:00"
    assert event["summary"] == "Réservation: Mario Rossi (2)"


def test_the_same_phone_day_and_time_is_refused_as_a_duplicate_and_nothing_is_written(gcal, provider, venue):
    book(provider, venue)
    error = refusal(lambda: book(provider, venue, name="Mario again"))
    assert error.code == "DUPLICATE_BOOKING" and error.message == SAY.duplicate()
    assert len(gcal.events(CAL)) == 1


def test_a_full_slot_is_refused_by_admit_with_the_nearest_free_times(gcal, provider, venue):
    for phone in ("+393330000001", "+393330000002", "+393330000003"):
        book(provider, venue, phone=phone)
    error = refusal(lambda: book(provider, venue))
    assert error.code == "SLOT_FULL" and error.extra["nearest_slots"]
    assert len(gcal.events(CAL)) == 3


def test_a_time_outside_the_hours_is_refused_without_writing(gcal, provider, venue):
    error = refusal(lambda: book(provider, venue, time="17:00"))
    assert error.code == "OUTSIDE_HOURS"
    assert gcal.events(CAL) == []


def test_a_booking_that_lost_a_race_for_the_same_slot_is_withdrawn_and_refused(gcal, provider, venue):
    """Another writer inserts the same phone and time between our check and our write: ours yields."""
    rival = {}
    d = draft()

    def admit_then_rival_writes(seen):
        admitting(venue, d)(seen)
        if not rival:
            rival["booking"] = provider_for(gcal).create(venue, draft(name="Rival"), lambda _: None)

    error = refusal(lambda: provider.create(venue, d, admit_then_rival_writes))
    assert error.code == "DUPLICATE_BOOKING"
    assert [e["id"] for e in gcal.events(CAL)] == [rival["booking"].booking_id]


def test_the_earlier_writer_keeps_its_booking_when_a_later_one_races_it(gcal, provider, venue):
    """A rival event for the last place lands right after ours: ours was first, so it stands."""
    single = venue.model_copy(update={"max_concurrent_bookings": 1})
    gcal.after_next_insert(
        lambda state: state.add_event(
            CAL,
            "2026-03-05T20:00:00+01:00",
            "2026-03-05T21:30:00+01:00",
            summary="Prenotazione: Later (2)",
            extendedProperties={
                "private": {
                    "concierge": "booking",
                    "concierge_venue": "roma",
                    "phone": "+393330000002",
                    "people": "2",
                    "name": "Later",
                }
            },
        )
    )
    mine = book(provider, single)
    assert provider.get(single, mine.booking_id) == mine
    assert len(gcal.events(CAL)) == 2  # the rival's own re-check is what withdraws it


# --- foreign events: busy, never revealed ----------------------------------------------------------------------
def test_foreign_events_are_busy_bookings_with_a_neutral_name_and_no_details(gcal, provider, venue):
    foreign(gcal, "19:00", "20:00")
    mine = book(provider, venue)
    day = provider.bookings_on(venue, DAY)
    assert [b.time for b in day] == ["19:00", "20:00"]
    busy = day[0]
    assert (busy.name, busy.phone, busy.notes) == ("Occupato", "", None)
    assert day[1] == mine
    dumped = json.dumps([b.model_dump(mode="json") for b in day])
    assert SECRET_TITLE not in dumped and SECRET_DETAIL not in dumped and "Giulia" not in dumped
    assert all(e["id"] not in dumped for e in gcal.events(CAL) if e["summary"] == SECRET_TITLE)


@pytest.mark.parametrize(
    "locale, name", [("it", "Occupato"), ("en", "Busy"), ("fr", "Occupé"), ("pt", "Compromisso ocupado")]
)
def test_the_busy_name_is_in_the_venue_language(gcal, provider, venue, locale, name):
    foreign(gcal, "19:00", "20:00")
    assert [b.name for b in provider.bookings_on(venue.model_copy(update={"locale": locale}), DAY)] == [name]


def test_foreign_events_count_for_capacity(gcal, provider, venue):
    foreign(gcal, "20:00", "21:00")
    book(provider, venue, phone="+393330000001")
    book(provider, venue, phone="+393330000002")
    error = refusal(lambda: book(provider, venue))
    assert error.code == "SLOT_FULL"


def test_a_foreign_event_longer_than_a_stay_blocks_every_slot_it_covers(gcal, provider, venue):
    single = venue.model_copy(update={"max_concurrent_bookings": 1})
    foreign(gcal, "19:00", "22:00")
    for time_ in ("19:00", "20:00", "20:30", "21:30"):
        assert refusal(lambda: book(provider, single, time=time_)).code == "SLOT_FULL"
    assert book(provider, single, time="22:00").time == "22:00"


def test_an_all_day_foreign_event_blocks_the_day_and_a_free_one_blocks_nothing(gcal, provider, venue):
    single = venue.model_copy(update={"max_concurrent_bookings": 1})
    gcal.add_event(CAL, "2026-03-05", "2026-03-06", summary=SECRET_TITLE)
    gcal.add_event(
        CAL, "2026-03-06T19:00:00+01:00", "2026-03-06T23:00:00+01:00", summary=SECRET_TITLE, transparency="transparent"
    )
    assert refusal(lambda: book(provider, single, time="21:00")).code == "SLOT_FULL"
    assert book(provider, single, time="21:00", day=NEXT_DAY).day == NEXT_DAY
    assert provider.bookings_on(venue, NEXT_DAY)[0].name == "Mario Rossi"


def test_a_foreign_event_from_the_previous_evening_occupies_the_morning_it_runs_into(gcal, provider, venue):
    gcal.add_event(CAL, "2026-03-04T23:00:00+01:00", "2026-03-05T01:00:00+01:00", summary=SECRET_TITLE)
    assert [b.time for b in provider.bookings_on(venue, DAY)] == ["00:00"]


def test_busy_times_of_other_calendars_come_from_freebusy(gcal, venue):
    gcal.add_calendar("dottore@example.com")
    gcal.add_event(
        "dottore@example.com", "2026-03-05T19:00:00+01:00", "2026-03-05T20:00:00+01:00", summary=SECRET_TITLE
    )
    provider = provider_for(gcal, busy_calendar_ids=["dottore@example.com"])
    day = provider.bookings_on(venue, DAY)
    assert [(b.time, b.name) for b in day] == [("19:00", "Occupato")]
    assert SECRET_TITLE not in json.dumps([b.model_dump(mode="json") for b in day])
    assert [r["path"] for r in gcal.requests if r["path"].endswith("freeBusy")] == ["/calendar/v3/freeBusy"]


def test_a_busy_calendar_freebusy_cannot_read_is_a_provider_error(gcal, venue):
    provider = provider_for(gcal, busy_calendar_ids=["unknown@example.com"])
    error = refusal(lambda: provider.bookings_on(venue, DAY))
    assert error.code == "PROVIDER_ERROR" and error.message == SAY.provider_error()


# --- reading our own bookings ----------------------------------------------------------------------------------
def test_bookings_for_a_phone_are_only_ours_from_the_day_on(gcal, provider, venue):
    early = book(provider, venue, day=dt.date(2026, 3, 3), time="19:00")
    later = book(provider, venue, day=NEXT_DAY, time="12:30")
    mine = book(provider, venue)
    book(provider, venue, phone="+393330000009")
    foreign(gcal, "21:00", "22:00", extendedProperties={"private": {"phone": PHONE}})
    found = provider.bookings_for_phone(venue, PHONE, dt.date(2026, 3, 4))
    assert found == [mine, later]
    assert early not in found
    listed = [r for r in gcal.requests if r["args"].get("privateExtendedProperty")]
    assert listed and all(PHONE.lstrip("+") not in r["query"] for r in gcal.requests)


def test_bookings_between_lists_our_bookings_across_days_in_time_order(gcal, provider, venue):
    b = book(provider, venue, day=NEXT_DAY, time="19:00")
    a = book(provider, venue, time="21:00")
    foreign(gcal, "19:00", "20:00")
    book(provider, venue, day=dt.date(2026, 3, 7), time="19:00")
    assert provider.bookings_between(venue, DAY, NEXT_DAY) == [a, b]


def test_every_page_of_events_is_read(gcal, provider, venue):
    gcal.state.page_size = 2
    made = [
        book(provider, venue, phone=f"+39333000000{i}", time=t)
        for i, t in enumerate(["19:00", "19:30", "20:00", "21:00", "22:00"])
    ]
    assert provider.bookings_between(venue, DAY, DAY) == made
    assert [b.booking_id for b in provider.bookings_on(venue, DAY)] == [b.booking_id for b in made]


def test_get_returns_our_booking(gcal, provider, venue):
    made = book(provider, venue)
    assert provider.get(venue, made.booking_id) == made


@pytest.mark.parametrize("booking_id", ["no-such-event", "../../freeBusy", "", "a b"])
def test_get_of_an_unknown_or_impossible_id_is_not_found(gcal, provider, venue, booking_id):
    error = refusal(lambda: provider.get(venue, booking_id))
    assert error.code == "BOOKING_NOT_FOUND" and error.message == SAY.booking_not_found()


def test_get_of_a_foreign_event_is_not_found(gcal, provider, venue):
    event = foreign(gcal, "19:00", "20:00")
    error = refusal(lambda: provider.get(venue, event["id"]))
    assert error.code == "BOOKING_NOT_FOUND" and SECRET_TITLE not in str(error)


def test_a_booking_of_another_venue_on_the_same_calendar_is_not_ours(gcal, provider, venue):
    other = book(provider, venue.model_copy(update={"id": "roma2"}))
    assert refusal(lambda: provider.get(venue, other.booking_id)).code == "BOOKING_NOT_FOUND"
    assert provider.bookings_for_phone(venue, PHONE, DAY) == []
    assert [b.name for b in provider.bookings_on(venue, DAY)] == ["Occupato"]


def test_a_booking_staff_dragged_in_the_calendar_is_read_at_its_new_time(gcal, provider, venue):
    made = book(provider, venue)
    gcal.touch(
        CAL,
        made.booking_id,
        start={"dateTime": "2026-03-05T21:00:00+01:00"},
        end={"dateTime": "2026-03-05T22:30:00+01:00"},
    )
    assert provider.get(venue, made.booking_id).time == "21:00"


def test_our_event_with_unreadable_data_is_a_provider_error(gcal, provider, venue):
    made = book(provider, venue)
    gcal.touch(
        CAL,
        made.booking_id,
        extendedProperties={"private": {"concierge": "booking", "concierge_venue": "roma", "people": "two"}},
    )
    error = refusal(lambda: provider.get(venue, made.booking_id))
    assert error.code == "PROVIDER_ERROR"


# --- updating and cancelling -----------------------------------------------------------------------------------
def test_update_moves_a_booking_and_its_event(gcal, provider, venue):
    made = book(provider, venue)
    moved = provider.update(venue, made.booking_id, move(venue, time="21:00", people=4))
    assert (moved.booking_id, moved.time, moved.people) == (made.booking_id, "21:00", 4)
    event = gcal.event(CAL, made.booking_id)
    assert event["start"]["dateTime"] == "2026-03-05T21:00:00+01:00"
    assert event["end"]["dateTime"] == "2026-03-05T22:30:00+01:00"
    assert event["summary"] == "Prenotazione: Mario Rossi (4)"
    assert provider.get(venue, made.booking_id) == moved


def test_changing_only_the_party_size_keeps_the_event_times_staff_set(gcal, provider, venue):
    made = book(provider, venue)
    gcal.touch(CAL, made.booking_id, end={"dateTime": "2026-03-05T23:00:00+01:00"})
    provider.update(venue, made.booking_id, move(venue, people=3))
    assert gcal.event(CAL, made.booking_id)["end"]["dateTime"] == "2026-03-05T23:00:00+01:00"


def test_update_into_a_busy_slot_is_refused_and_the_event_is_left_as_it_was(gcal, provider, venue):
    single = venue.model_copy(update={"max_concurrent_bookings": 1})
    made = book(provider, single, time="19:00")
    foreign(gcal, "21:00", "22:30")
    before = gcal.event(CAL, made.booking_id)
    error = refusal(lambda: provider.update(single, made.booking_id, move(single, time="21:00")))
    assert error.code == "SLOT_FULL"
    assert gcal.event(CAL, made.booking_id) == before


def test_update_reads_and_decides_again_when_the_event_changed_in_between(gcal, provider, venue):
    made = book(provider, venue)
    calls = []

    def change(current, day_of):
        calls.append(current.people)
        if len(calls) == 1:  # staff edit the event while we decide
            gcal.touch(CAL, made.booking_id, extendedProperties={"private": {"people": "5"}})
        return current.model_copy(update={"people": current.people + 1})

    assert provider.update(venue, made.booking_id, change).people == 6
    assert calls == [2, 5]


def test_update_of_a_foreign_or_missing_event_is_not_found(gcal, provider, venue):
    event = foreign(gcal, "19:00", "20:00")
    for booking_id in (event["id"], "missing"):
        assert refusal(lambda: provider.update(venue, booking_id, move(venue, people=3))).code == "BOOKING_NOT_FOUND"
    assert gcal.event(CAL, event["id"])["summary"] == SECRET_TITLE


def test_cancel_deletes_our_event_and_a_second_cancel_is_not_found(gcal, provider, venue):
    made = book(provider, venue)
    provider.cancel(venue, made.booking_id)
    assert gcal.events(CAL) == []
    assert refusal(lambda: provider.cancel(venue, made.booking_id)).code == "BOOKING_NOT_FOUND"
    assert refusal(lambda: provider.get(venue, made.booking_id)).code == "BOOKING_NOT_FOUND"
    assert provider.bookings_on(venue, DAY) == []


def test_cancel_never_deletes_a_foreign_event(gcal, provider, venue):
    event = foreign(gcal, "19:00", "20:00")
    assert refusal(lambda: provider.cancel(venue, event["id"])).code == "BOOKING_NOT_FOUND"
    assert [e["id"] for e in gcal.events(CAL)] == [event["id"]]


def test_a_lease_given_by_the_wiring_is_held_around_writes(gcal, venue):
    from contextlib import contextmanager

    held = []

    @contextmanager
    def lease(name):
        held.append(name)
        yield

    provider = SpokenProvider(
        GoogleCalendarProvider(
            {"base_url": gcal.base_url, "calendar_id": CAL, "credentials_env": ENV_NAME},
            {ENV_NAME: gcal.credentials_json()},
            lease=lease,
        )
    )
    made = book(provider, venue)
    provider.update(venue, made.booking_id, move(venue, people=3))
    assert held == [f"gcal:{CAL}", f"gcal:{CAL}"]


# --- faults --------------------------------------------------------------------------------------------------
def test_a_timeout_is_provider_unavailable(gcal, venue):
    impatient = provider_for(gcal, timeout_seconds=IMPATIENT)
    gcal.fail_next("delay", seconds=LATE)
    error = refusal(lambda: impatient.bookings_on(venue, DAY))
    assert error.code == "PROVIDER_UNAVAILABLE" and error.message == SAY.provider_unavailable()


def test_a_server_error_is_provider_unavailable_and_nothing_is_written(gcal, provider, venue):
    provider.bookings_on(venue, DAY)  # token already held
    gcal.fail_next("500", times=2)
    assert refusal(lambda: book(provider, venue)).code == "PROVIDER_UNAVAILABLE"
    assert gcal.events(CAL) == []


def test_a_malformed_answer_is_a_provider_error(gcal, provider, venue):
    gcal.fail_next("malformed")
    error = refusal(lambda: provider.bookings_for_phone(venue, PHONE, DAY))
    assert error.code == "PROVIDER_ERROR" and error.message == SAY.provider_error()


def test_a_refused_connection_is_provider_unavailable(venue):
    provider = SpokenProvider(
        GoogleCalendarProvider(
            {
                "base_url": f"http://127.0.0.1:{free_port()}/calendar/v3",
                "calendar_id": CAL,
                "credentials_env": ENV_NAME,
                "timeout_seconds": IMPATIENT,
            },
            {ENV_NAME: json.dumps(new_service_account(f"http://127.0.0.1:{free_port()}/token")[0])},
        )
    )
    assert refusal(lambda: provider.get(venue, "abc")).code == "PROVIDER_UNAVAILABLE"


def test_a_429_is_retried_after_the_time_the_server_asks(gcal, provider, venue):
    made = book(provider, venue)
    gcal.fail_next("429", seconds=1)
    started = time.monotonic()
    assert provider.get(venue, made.booking_id) == made
    assert time.monotonic() - started >= 1.0


def test_a_rate_limit_403_is_retried_like_a_429(gcal, provider, venue):
    made = book(provider, venue)
    gcal.fail_next("403_rate", times=2)
    assert provider.get(venue, made.booking_id) == made


def test_a_429_that_persists_gives_up_within_three_tries_and_three_seconds(gcal, provider, venue):
    provider.bookings_on(venue, DAY)
    gcal.fail_next("429", times=5, seconds=1)
    before = len(gcal.requests)
    assert refusal(lambda: provider.bookings_on(venue, DAY)).code == "PROVIDER_UNAVAILABLE"
    assert len(gcal.requests) - before == 3


def test_a_retry_after_beyond_the_budget_gives_up_at_once(gcal, provider, venue):
    provider.bookings_on(venue, DAY)
    gcal.fail_next("429", seconds=30)
    before = len(gcal.requests)
    assert refusal(lambda: provider.bookings_on(venue, DAY)).code == "PROVIDER_UNAVAILABLE"
    assert len(gcal.requests) - before == 1


# --- credentials -------------------------------------------------------------------------------------------
def test_the_access_token_is_fetched_once_and_sent_as_a_bearer(gcal, provider, venue):
    made = book(provider, venue)
    provider.get(venue, made.booking_id)
    provider.bookings_on(venue, DAY)
    assert gcal.token_requests == 1
    api_calls = [r for r in gcal.requests if r["path"].startswith("/calendar/v3")]
    assert all(r["headers"]["Authorization"].startswith("Bearer ya29.test-") for r in api_calls)


def test_a_revoked_token_is_replaced_once_transparently(gcal, provider, venue):
    made = book(provider, venue)
    gcal.revoke_tokens()
    assert provider.get(venue, made.booking_id) == made
    assert gcal.token_requests == 2


def test_a_token_endpoint_failure_is_provider_unavailable(gcal, provider, venue):
    gcal.fail_next("500", where="token")
    assert refusal(lambda: provider.bookings_on(venue, DAY)).code == "PROVIDER_UNAVAILABLE"
    assert provider.bookings_on(venue, DAY) == []


@pytest.mark.parametrize(
    "env",
    [
        {},
        {ENV_NAME: ""},
        {ENV_NAME: "{not json"},
        {ENV_NAME: json.dumps({"client_email": "x@y", "private_key": "nope"})},
    ],
)
def test_missing_or_unusable_credentials_are_gcal_not_configured(gcal, venue, env):
    error = refusal(lambda: provider_for(gcal, env=env).bookings_on(venue, DAY))
    assert error.code == "GCAL_NOT_CONFIGURED" and ENV_NAME in error.message
    assert gcal.requests == []


def test_a_key_the_token_endpoint_does_not_know_is_gcal_not_configured(gcal, venue):
    stranger, _ = new_service_account(gcal.token_uri)
    error = refusal(lambda: provider_for(gcal, env={ENV_NAME: json.dumps(stranger)}).bookings_on(venue, DAY))
    assert error.code == "GCAL_NOT_CONFIGURED"


def test_a_calendar_that_is_missing_or_not_shared_is_gcal_not_configured(gcal, venue):
    assert (
        refusal(lambda: provider_for(gcal, calendar_id="other@example.com").bookings_on(venue, DAY)).code
        == "GCAL_NOT_CONFIGURED"
    )
    no_id = SpokenProvider(
        GoogleCalendarProvider(
            {"base_url": gcal.base_url, "credentials_env": ENV_NAME}, {ENV_NAME: gcal.credentials_json()}
        )
    )
    assert refusal(lambda: no_id.bookings_on(venue, DAY)).code == "GCAL_NOT_CONFIGURED"


def test_secrets_never_reach_logs_or_error_messages(gcal, venue, caplog):
    caplog.set_level(logging.DEBUG)
    provider = provider_for(gcal, timeout_seconds=IMPATIENT)
    messages = []
    made = book(provider, venue)
    for kind in ("500", "malformed", "delay"):
        gcal.fail_next(kind, seconds=LATE)
        with pytest.raises(ToolError) as caught:
            provider.get(venue, made.booking_id)
        messages.append(str(caught.value))
    gcal.revoke_tokens()
    provider.get(venue, made.booking_id)
    stranger, _ = new_service_account(gcal.token_uri)
    with pytest.raises(ToolError) as caught:
        provider_for(gcal, env={ENV_NAME: json.dumps(stranger)}).bookings_on(venue, DAY)
    messages.append(str(caught.value))
    key_lines = [
        line
        for account in (gcal.service_account, stranger)
        for line in account["private_key"].splitlines()
        if "PRIVATE KEY" not in line
    ]
    tokens = list(gcal.tokens)
    assertions = [r["headers"].get("Authorization", "") for r in gcal.requests] + [
        r["form"]["assertion"] for r in gcal.requests if r["form"].get("assertion")
    ]
    text = caplog.text + "\n".join(messages)
    assert tokens and not any(t in text for t in tokens)
    assert not any(line in text for line in key_lines)
    assert len(assertions) > len(tokens) and not any(a and a in text for a in assertions)
    assert PHONE not in caplog.text.replace(" ", "")


@pytest.mark.parametrize("kind", ["wrong_shape", "items_not_a_list"])
def test_json_of_the_wrong_shape_is_a_provider_error_and_no_other_exception_escapes(gcal, provider, venue, kind):
    provider.bookings_on(venue, DAY)
    gcal.fail_next(kind)
    assert refusal(lambda: provider.bookings_on(venue, DAY)).code == "PROVIDER_ERROR"
    gcal.fail_next(kind, where="token")
    gcal.revoke_tokens()
    assert refusal(lambda: book(provider, venue)).code == "PROVIDER_ERROR"
    assert gcal.events(CAL) == []
