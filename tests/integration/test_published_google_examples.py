"""The local Sheets and Calendar APIs answer in the shapes Google's live APIs were recorded answering, and say
nothing Google's own API description does not; the adapters read Google's published examples.

Sources in tests/fixtures/README.md: gspread's recorded cassettes (Sheets), a live events.list answer, the Calendar
guide's insert example and the Calendar v3 discovery document.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import time

import httpx
import pytest
from gspread.exceptions import APIError

from concierge.adapters.providers.gcal import GoogleCalendarProvider
from concierge.adapters.providers.sheets import SheetsProvider
from concierge.adapters.providers.sheets_copies import LocalSnapshots
from concierge.domain.booking import BookingDraft
from concierge.domain.knowledge_base import load_knowledge_base
from tests.conftest import VENUES_FILE
from tests.support.gcal_server import start_gcal_server
from tests.support.published import example, same_shape, undocumented
from tests.support.sheets_server import SPREADSHEET_ID, start_sheets_server

FRIDAY = dt.date(2026, 2, 20)
A1_RANGE = re.compile(r"^('(?:[^']|'')+'|\w+)!A1:[A-Z]+\d+$")  # a title quoted only when it must be; from A1


@pytest.fixture(scope="module")
def venues():
    return load_knowledge_base(VENUES_FILE)


def draft(time="20:00", phone="+393331234567", day=FRIDAY) -> BookingDraft:
    return BookingDraft(day=day, time=time, people=2, name="Mario Rossi", phone=phone)


# --- Google Sheets, as gspread calls it ---------------------------------------------------------------
@pytest.fixture
def sheets():
    with start_sheets_server() as server:
        yield server


@pytest.fixture
def sheet_provider(sheets):
    block = {
        "spreadsheet_id": SPREADSHEET_ID,
        "credentials_env": "SHEETS_CREDENTIALS_JSON",
        "base_url": sheets.base_url,
        "cache_seconds": 0,
    }
    env = {"SHEETS_CREDENTIALS_JSON": json.dumps(sheets.credentials())}
    return SheetsProvider(block, env, snapshots=LocalSnapshots())


def recorded(name: str) -> dict:
    return example(f"sheets/{name}.json")


def test_a_values_read_and_a_batch_read_answer_as_the_live_api_was_recorded(sheets, sheet_provider, venues):
    sheet_provider.create(venues["roma"], draft(), lambda seen: None)
    http = sheet_provider._http_client()
    one = http.values_get(SPREADSHEET_ID, "'roma'!A:H")
    both = http.values_batch_get(SPREADSHEET_ID, ["'roma'!A:H", "'duo'!A:H"])
    live_one, live_both = recorded("values_get")["response"], recorded("values_batch_get")["response"]
    assert same_shape(one, live_one) and same_shape(both, live_both)
    assert A1_RANGE.match(live_one["range"]) and A1_RANGE.match(one["range"])
    assert one["range"] == "roma!A1:H1000"  # the whole requested range, not the rows that hold values
    assert [r["range"] for r in both["valueRanges"]] == ["roma!A1:H1000", "duo!A1:H1000"]
    assert len(one["values"]) == 2 and both["valueRanges"][0]["values"] == one["values"]


def test_appends_answer_as_recorded_with_no_table_range_on_an_empty_sheet(sheets, sheet_provider):
    http = sheet_provider._http_client()
    sheets.add_worksheet("vuota", rows=[])
    row = recorded("values_append")["request"]["values"]
    first = http.values_append(SPREADSHEET_ID, "'vuota'!A:J", params={"valueInputOption": "RAW"}, body={"values": row})
    second = http.values_append(SPREADSHEET_ID, "'vuota'!A:J", params={"valueInputOption": "RAW"}, body={"values": row})
    empty, table = recorded("values_append_to_empty")["response"], recorded("values_append")["response"]
    assert same_shape(first, empty) and "tableRange" not in first and "tableRange" not in empty
    assert same_shape(second, table)
    assert (first["updates"]["updatedRange"], second["updates"]["updatedRange"]) == ("vuota!A1:J1", "vuota!A2:J2")
    assert (second["tableRange"], table["tableRange"]) == ("vuota!A1:J1", "Sheet1!A1:J1")


def test_a_row_update_and_a_row_deletion_answer_as_recorded(sheets, sheet_provider, venues):
    roma = venues["roma"]
    made = sheet_provider.create(roma, draft(), lambda seen: None)
    http = sheet_provider._http_client()
    update = recorded("values_update")
    answer = http.values_update(
        SPREADSHEET_ID, "'roma'!A3", params={"valueInputOption": "RAW"}, body={"values": update["request"]["values"]}
    )
    assert same_shape(answer, update["response"]) and answer["updatedRange"] == "roma!A3:C4"
    deletion = recorded("batch_update_delete_rows")
    request = json.loads(json.dumps(deletion["request"]))
    request["requests"][0]["deleteDimension"]["range"]["sheetId"] = sheet_provider._sheet_id(roma)
    request["requests"][0]["deleteDimension"]["range"] |= {"startIndex": 2, "endIndex": 4}
    assert same_shape(http.batch_update(SPREADSHEET_ID, request), deletion["response"])
    assert [r["booking_id"] for r in sheets.bookings("roma")] == [made.booking_id]


def test_the_metadata_and_a_missing_spreadsheet_answer_as_recorded(sheet_provider):
    http = sheet_provider._http_client()
    assert same_shape(http.fetch_sheet_metadata(SPREADSHEET_ID), recorded("spreadsheet_metadata")["response"])
    with pytest.raises(APIError) as missing:
        http.fetch_sheet_metadata("test")
    assert missing.value.response.status_code == recorded("spreadsheet_not_found")["status"]
    assert same_shape(missing.value.response.json(), recorded("spreadsheet_not_found")["response"])


def test_the_sheets_adapter_books_moves_and_cancels_on_answers_of_the_recorded_shapes(sheets, sheet_provider, venues):
    roma = venues["roma"]
    made = sheet_provider.create(roma, draft(), lambda seen: None)
    moved = sheet_provider.update(
        roma, made.booking_id, lambda current, day_of: current.model_copy(update={"time": "21:00"})
    )
    assert [(b.booking_id, b.time) for b in sheet_provider.bookings_on(roma, FRIDAY)] == [(made.booking_id, "21:00")]
    sheet_provider.cancel(roma, moved.booking_id)
    assert sheet_provider.bookings_on(roma, FRIDAY) == [] and sheets.bookings("roma") == []


# --- Google Calendar ----------------------------------------------------------------------------------
CAL = "roma@group.calendar.google.com"
DISCOVERY = example("gcal/discovery_schemas.json")


def calendar_api(server) -> httpx.Client:
    """A client of the local Calendar API with a token it issued."""
    server.tokens["ya29.published-examples"] = time.time() + 600
    return httpx.Client(base_url=server.base_url, headers={"Authorization": "Bearer ya29.published-examples"})


def gcal_provider(server) -> GoogleCalendarProvider:
    config = {"base_url": server.base_url, "calendar_id": CAL, "credentials_env": "GCAL_JSON"}
    return GoogleCalendarProvider(config, {"GCAL_JSON": server.credentials_json()})


def in_zone(venue, zone: str):
    return venue.model_copy(update={"timezone": zone})


def test_calendar_answers_have_the_live_shape_and_say_nothing_the_discovery_document_does_not(venues):
    live = example("gcal/events_list.json")["response"]
    roma = venues["roma"]
    with start_gcal_server() as server:
        made = gcal_provider(server).create(roma, draft(), lambda seen: None)
        booked = gcal_provider(server).bookings_on(roma, FRIDAY)
        client = calendar_api(server)
        listed = client.get(f"/calendars/{CAL}/events", params={"singleEvents": "true"}).json()
        event_id = listed["items"][0]["id"]
        patched = client.patch(f"/calendars/{CAL}/events/{event_id}", json={"summary": "Tavolo"}).json()
        deleted = client.delete(f"/calendars/{CAL}/events/{event_id}")
    schemas = DISCOVERY["schemas"]
    assert undocumented(listed, schemas["Events"], schemas) == []
    assert undocumented(patched, schemas["Event"], schemas) == []
    assert same_shape(listed, live) and [made.booking_id] == [b.booking_id for b in booked]
    assert (deleted.status_code, deleted.content) == (204, b"")  # events.delete: an empty body
    assert DISCOVERY["methods"]["delete"]["response"] is None


def test_the_calendar_adapter_reads_the_live_example_event_as_busy_time(venues):
    live_event = example("gcal/events_list.json")["response"]["items"][0]
    toronto = in_zone(venues["roma"], "America/Toronto")
    with start_gcal_server(time_zone="America/Toronto") as server:
        with server.lock:
            server.calendars[CAL][live_event["id"]] = json.loads(json.dumps(live_event))
        [busy] = gcal_provider(server).bookings_on(toronto, dt.date(2023, 10, 1))
    assert (busy.time, busy.phone, busy.name) == ("20:00", "", "Occupato")


def test_the_guides_insert_example_is_accepted_and_its_recurrence_occupies_each_day(venues):
    guide = example("gcal/event_insert.json")["request"]
    los_angeles = in_zone(venues["roma"], "America/Los_Angeles")
    with start_gcal_server(time_zone="America/Los_Angeles") as server:
        inserted = calendar_api(server).post(f"/calendars/{CAL}/events", json=guide)
        provider = gcal_provider(server)
        days = [provider.bookings_on(los_angeles, dt.date(2015, 5, d)) for d in (28, 29, 30)]
    schemas = DISCOVERY["schemas"]
    assert inserted.status_code == 200 and undocumented(inserted.json(), schemas["Event"], schemas) == []
    assert inserted.json()["start"] == guide["start"] and inserted.json()["recurrence"] == guide["recurrence"]
    times = [[b.time for b in day] for day in days]  # the 09:00-17:00 event, as busy stays from 09:00
    assert times[0] == times[1] and times[0][0] == "09:00" and times[2] == []  # COUNT=2: two days, then none
