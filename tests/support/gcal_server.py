"""A small Google Calendar API v3 server for the tests: the subset the gcal provider uses.

OAuth token endpoint (JWT-bearer grant, the assertion's RS256 signature checked against the test
service account's public key), bearer-token checking, events list/get/insert/patch/delete with ETags
and soft deletion as Google does, freeBusy, all in memory. Faults are queued for the next requests.
"""

from __future__ import annotations

import contextlib
import copy
import datetime as dt
import json
import threading
import time
import uuid
from dataclasses import dataclass
from typing import Iterator
from zoneinfo import ZoneInfo

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from dateutil.rrule import rrulestr
from flask import Flask, Response, jsonify, request
from werkzeug.serving import WSGIRequestHandler, make_server

API_PREFIX = "/calendar/v3"
SCOPE = "https://www.googleapis.com/auth/calendar"
SERVICE_ACCOUNT_EMAIL = "concierge@test-project.iam.gserviceaccount.com"


def new_service_account(token_uri: str, email: str = SERVICE_ACCOUNT_EMAIL) -> tuple[dict, str]:
    """A throwaway service-account JSON and the PEM of its public key."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    private_pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()
    public_pem = (
        key.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )
    account = {
        "type": "service_account",
        "project_id": "test-project",
        "private_key_id": uuid.uuid4().hex,
        "private_key": private_pem,
        "client_email": email,
        "client_id": "1234567890",
        "token_uri": token_uri,
    }
    return account, public_pem


@dataclass
class Fault:
    kind: str  # "delay" | "429" | "403_rate" | "500" | "malformed" | "wrong_shape" | "items_not_a_list"
    where: str  # "api" | "token"
    seconds: float = 0.0  # delay, or Retry-After for 429


def _rfc3339(moment: dt.datetime) -> str:
    return moment.isoformat(timespec="seconds")


def _google_error(status: int, reason: str, message: str) -> Response:
    body = {
        "error": {
            "code": status,
            "message": message,
            "errors": [{"domain": "global", "reason": reason, "message": message}],
        }
    }
    return Response(json.dumps(body), status=status, mimetype="application/json")


class GcalServer:
    """State, inspection and fault injection; the Flask app below reads and writes it under `lock`."""

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.calendars: dict[str, dict[str, dict]] = {}  # calendar id -> event id -> event
        self.time_zones: dict[str, str] = {}
        self.faults: list[Fault] = []
        self.requests: list[dict] = []
        self.tokens: dict[str, float] = {}  # access token -> expiry (epoch seconds)
        self.token_requests = 0
        self.page_size = 250
        self.base_url = ""
        self.token_uri = ""
        self.public_pem = ""
        self._clock = 0
        self._after_insert: list = []

    # --- set-up and inspection ----------------------------------------------------------------
    def add_calendar(self, calendar_id: str, time_zone: str = "Europe/Rome") -> None:
        with self.lock:
            self.calendars.setdefault(calendar_id, {})
            self.time_zones[calendar_id] = time_zone

    def add_event(self, calendar_id: str, start: str, end: str, summary: str = "Private appointment", **fields) -> dict:
        """An event written by someone else (no concierge marker unless given in `fields`).

        start/end: RFC 3339 with offset, or YYYY-MM-DD for an all-day event."""

        def when(value: str) -> dict:
            return {"date": value} if len(value) == 10 else {"dateTime": value}

        body = {"summary": summary, "start": when(start), "end": when(end), **fields}
        with self.lock:
            return copy.deepcopy(self._insert(calendar_id, body))

    def events(self, calendar_id: str, include_deleted: bool = False) -> list[dict]:
        with self.lock:
            found = self.calendars[calendar_id].values()
            return [copy.deepcopy(e) for e in found if include_deleted or e["status"] != "cancelled"]

    def event(self, calendar_id: str, event_id: str) -> dict:
        with self.lock:
            return copy.deepcopy(self.calendars[calendar_id][event_id])

    def touch(self, calendar_id: str, event_id: str, **changes) -> None:
        """Someone else edits the event (extendedProperties merged, as a patch does): new ETag."""
        with self.lock:
            event = self.calendars[calendar_id][event_id]
            for scope, values in changes.pop("extendedProperties", {}).items():
                event.setdefault("extendedProperties", {}).setdefault(scope, {}).update(values)
            event.update(changes)
            self._stamp(event, created=False)

    def fail_next(self, kind: str, times: int = 1, seconds: float = 0.0, where: str = "api") -> None:
        with self.lock:
            self.faults += [Fault(kind, where, seconds) for _ in range(times)]

    def after_next_insert(self, action) -> None:
        """Run `action(state)` right after the next insert through the API (a rival writer's turn)."""
        with self.lock:
            self._after_insert.append(action)

    def revoke_tokens(self) -> None:
        with self.lock:
            self.tokens.clear()

    # --- internals ------------------------------------------------------------------------------
    def _stamp(self, event: dict, created: bool) -> None:
        self._clock += 1
        now = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc) + dt.timedelta(milliseconds=self._clock)
        text = now.isoformat(timespec="milliseconds").replace("+00:00", "Z")
        if created:
            event["created"] = text
        event["updated"] = text
        event["etag"] = f'"{uuid.uuid4().int % 10**16}"'

    def _normalise_time(self, value: dict, calendar_id: str) -> dict:
        if "date" in value:
            return {"date": value["date"]}
        moment = dt.datetime.fromisoformat(value["dateTime"])
        zone = value.get("timeZone") or self.time_zones[calendar_id]
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=ZoneInfo(zone))
        normalised = {"dateTime": _rfc3339(moment)}
        if value.get("timeZone"):
            normalised["timeZone"] = value["timeZone"]
        return normalised

    def _insert(self, calendar_id: str, body: dict) -> dict:
        """The event as the live API answers it (tests/fixtures/gcal/events_list.json)."""
        event_id = uuid.uuid4().hex
        event = {
            "reminders": {"useDefault": True},
            "eventType": "default",
            **body,
            "kind": "calendar#event",
            "id": event_id,
            "status": "confirmed",
            "htmlLink": f"https://www.google.com/calendar/event?eid={event_id}",
            "creator": {"email": SERVICE_ACCOUNT_EMAIL},
            "organizer": {"email": calendar_id, "displayName": calendar_id, "self": True},
            "iCalUID": f"{event_id}@google.com",
            "sequence": 0,
            "start": self._normalise_time(body["start"], calendar_id),
            "end": self._normalise_time(body["end"], calendar_id),
        }
        self._stamp(event, created=True)
        self.calendars[calendar_id][event["id"]] = event
        return event

    def span(self, event: dict, calendar_id: str) -> tuple[dt.datetime, dt.datetime]:
        zone = ZoneInfo(self.time_zones[calendar_id])

        def at(value: dict) -> dt.datetime:
            if "date" in value:
                return dt.datetime.combine(dt.date.fromisoformat(value["date"]), dt.time(), zone)
            return dt.datetime.fromisoformat(value["dateTime"])

        return at(event["start"]), at(event["end"])

    def instances(self, event: dict, calendar_id: str, limit: int = 400) -> list[dict]:
        """A recurring event as `singleEvents=true` lists it: one event per occurrence of its RRULE (the
        recurrence the Calendar guide's example uses), each with `recurringEventId` and `originalStartTime`."""
        rules = [r for r in event.get("recurrence", []) if r.startswith("RRULE:")]
        if not rules:
            return [event]
        start, end = self.span(event, calendar_id)
        all_day = "date" in event["start"]
        zone = ZoneInfo(event["start"].get("timeZone") or self.time_zones[calendar_id])
        first = start.astimezone(zone)
        found = []
        for n, moment in enumerate(rrulestr(rules[0], dtstart=first)):
            if n >= limit:
                break
            if all_day:
                when = {"date": moment.date().isoformat()}
                until = {"date": (moment + (end - start)).date().isoformat()}
            else:
                when = {"dateTime": _rfc3339(moment), "timeZone": zone.key}
                until = {"dateTime": _rfc3339(moment + (end - start)), "timeZone": zone.key}
            stamp = moment.astimezone(dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
            instance = {k: v for k, v in event.items() if k != "recurrence"}
            instance |= {
                "id": f"{event['id']}_{stamp}",
                "recurringEventId": event["id"],
                "originalStartTime": when,
                "start": when,
                "end": until,
            }
            found.append(instance)
        return found

    def take_fault(self, where: str) -> Fault | None:
        with self.lock:
            for index, fault in enumerate(self.faults):
                if fault.where == where:
                    return self.faults.pop(index)
        return None


def _apply_fault(fault: Fault | None) -> Response | None:
    if fault is None:
        return None
    if fault.kind == "delay":
        time.sleep(fault.seconds)
        return None
    if fault.kind == "429":
        response = _google_error(429, "rateLimitExceeded", "Rate Limit Exceeded")
        response.headers["Retry-After"] = str(
            int(fault.seconds) if fault.seconds == int(fault.seconds) else fault.seconds
        )
        return response
    if fault.kind == "403_rate":
        return _google_error(403, "rateLimitExceeded", "Rate Limit Exceeded")
    if fault.kind == "500":
        return _google_error(500, "backendError", "Backend Error")
    if fault.kind == "wrong_shape":
        return Response("[1, 2]", status=200, mimetype="application/json")
    if fault.kind == "items_not_a_list":
        return Response('{"items": {"id": 7}, "access_token": 7}', status=200, mimetype="application/json")
    if fault.kind == "malformed":
        return Response("<html>Bad gateway, sort of</html>", status=200, mimetype="application/json")
    raise ValueError(fault.kind)


def build_app(state: GcalServer) -> Flask:
    app = Flask("gcal")

    @app.before_request
    def faults_and_auth():
        where = "token" if request.path == "/token" else "api"
        state.requests.append(
            {
                "method": request.method,
                "path": request.path,
                "query": request.query_string.decode(),
                "args": request.args.to_dict(flat=False),
                "headers": dict(request.headers),
                "form": request.form.to_dict(),
            }
        )
        answer = _apply_fault(state.take_fault(where))
        if answer is not None or where == "token":
            return answer
        header = request.headers.get("Authorization", "")
        token = header[7:] if header.startswith("Bearer ") else ""
        with state.lock:
            valid = state.tokens.get(token, 0) > time.time()
        if not valid:
            return _google_error(401, "authError", "Invalid Credentials")
        return None

    @app.post("/token")
    def token():
        from google.auth import jwt

        if request.form.get("grant_type") != "urn:ietf:params:oauth:grant-type:jwt-bearer":
            return jsonify({"error": "unsupported_grant_type"}), 400
        try:
            claims = jwt.decode(request.form.get("assertion", ""), certs=state.public_pem, audience=state.token_uri)
        except Exception:
            return jsonify({"error": "invalid_grant", "error_description": "Invalid JWT Signature."}), 400
        if claims.get("scope") != SCOPE:
            return jsonify({"error": "invalid_scope"}), 400
        access = "ya29.test-" + uuid.uuid4().hex
        with state.lock:
            state.token_requests += 1
            state.tokens[access] = time.time() + 3600
        return jsonify({"access_token": access, "expires_in": 3599, "token_type": "Bearer"})

    def calendar(calendar_id: str) -> dict[str, dict] | None:
        return state.calendars.get(calendar_id)

    @app.get(f"{API_PREFIX}/calendars/<calendar_id>/events")
    def list_events(calendar_id):
        with state.lock:
            events = calendar(calendar_id)
            if events is None:
                return _google_error(404, "notFound", "Not Found")
            time_min = request.args.get("timeMin")
            time_max = request.args.get("timeMax")
            wanted = [tuple(f.split("=", 1)) for f in request.args.getlist("privateExtendedProperty")]
            found = []
            single = request.args.get("singleEvents") == "true"
            listed = [i for e in events.values() for i in (state.instances(e, calendar_id) if single else [e])]
            for event in listed:
                if event["status"] == "cancelled" and request.args.get("showDeleted") != "true":
                    continue
                start, end = state.span(event, calendar_id)
                if time_min and end <= dt.datetime.fromisoformat(time_min):
                    continue
                if time_max and start >= dt.datetime.fromisoformat(time_max):
                    continue
                private = event.get("extendedProperties", {}).get("private", {})
                if any(private.get(k) != v for k, v in wanted):
                    continue
                found.append((start, event))
            found.sort(key=lambda pair: pair[0])
            offset = int(request.args.get("pageToken") or 0)
            size = min(int(request.args.get("maxResults", 250)), state.page_size)
            page = [copy.deepcopy(e) for _, e in found[offset : offset + size]]
            body = {
                "kind": "calendar#events",
                "etag": f'"{uuid.uuid4().int % 10**16}"',
                "summary": calendar_id,
                "description": "",
                "updated": max((e["updated"] for _, e in found), default="2026-01-01T00:00:00.000Z"),
                "timeZone": state.time_zones[calendar_id],
                "accessRole": "writer",
                "defaultReminders": [],
                "items": page,
            }
            if offset + size < len(found):
                body["nextPageToken"] = str(offset + size)
            else:
                body["nextSyncToken"] = f"sync-{state._clock}"
            return jsonify(body)

    @app.post(f"{API_PREFIX}/calendars/<calendar_id>/events")
    def insert_event(calendar_id):
        with state.lock:
            if calendar(calendar_id) is None:
                return _google_error(404, "notFound", "Not Found")
            body = request.get_json()
            if not isinstance(body, dict) or "start" not in body or "end" not in body:
                return _google_error(400, "required", "Missing end time.")
            event = copy.deepcopy(state._insert(calendar_id, body))
            while state._after_insert:
                state._after_insert.pop(0)(state)
            return jsonify(event)

    @app.get(f"{API_PREFIX}/calendars/<calendar_id>/events/<event_id>")
    def get_event(calendar_id, event_id):
        with state.lock:
            event = (calendar(calendar_id) or {}).get(event_id)
            if event is None:
                return _google_error(404, "notFound", "Not Found")
            return jsonify(event)  # a deleted event still answers, with status "cancelled"

    @app.patch(f"{API_PREFIX}/calendars/<calendar_id>/events/<event_id>")
    def patch_event(calendar_id, event_id):
        with state.lock:
            event = (calendar(calendar_id) or {}).get(event_id)
            if event is None or event["status"] == "cancelled":
                return _google_error(404, "notFound", "Not Found")
            if request.headers.get("If-Match") not in (None, event["etag"]):
                return _google_error(412, "conditionNotMet", "Precondition Failed")
            body = request.get_json()
            for key, value in body.items():
                if key in ("start", "end"):
                    event[key] = state._normalise_time(value, calendar_id)
                elif key == "extendedProperties":
                    for scope, values in value.items():
                        event.setdefault("extendedProperties", {}).setdefault(scope, {}).update(values)
                else:
                    event[key] = value
            state._stamp(event, created=False)
            return jsonify(event)

    @app.delete(f"{API_PREFIX}/calendars/<calendar_id>/events/<event_id>")
    def delete_event(calendar_id, event_id):
        with state.lock:
            event = (calendar(calendar_id) or {}).get(event_id)
            if event is None:
                return _google_error(404, "notFound", "Not Found")
            if event["status"] == "cancelled":
                return _google_error(410, "deleted", "Resource has been deleted")
            event["status"] = "cancelled"
            state._stamp(event, created=False)
            return Response(status=204)

    @app.post(f"{API_PREFIX}/freeBusy")
    def freebusy():
        body = request.get_json()
        time_min = dt.datetime.fromisoformat(body["timeMin"])
        time_max = dt.datetime.fromisoformat(body["timeMax"])
        answer = {}
        with state.lock:
            for item in body.get("items", []):
                events = calendar(item["id"])
                if events is None:
                    answer[item["id"]] = {"errors": [{"domain": "global", "reason": "notFound"}], "busy": []}
                    continue
                busy = []
                for event in events.values():
                    if event["status"] == "cancelled" or event.get("transparency") == "transparent":
                        continue
                    start, end = state.span(event, item["id"])
                    if start < time_max and end > time_min:
                        busy.append(
                            {
                                "start": max(start, time_min).astimezone(dt.timezone.utc).isoformat(),
                                "end": min(end, time_max).astimezone(dt.timezone.utc).isoformat(),
                            }
                        )
                answer[item["id"]] = {"busy": sorted(busy, key=lambda b: b["start"])}
        return jsonify(
            {"kind": "calendar#freeBusy", "timeMin": body["timeMin"], "timeMax": body["timeMax"], "calendars": answer}
        )

    return app


@dataclass
class RunningGcal:
    state: GcalServer
    base_url: str
    token_uri: str
    service_account: dict

    def __getattr__(self, name):  # the state's inspection and fault methods
        return getattr(self.state, name)

    def credentials_json(self) -> str:
        return json.dumps(self.service_account)


class _QuietHandler(WSGIRequestHandler):
    def log_request(self, *args, **kwargs) -> None:  # the tests read `requests` instead
        pass


@contextlib.contextmanager
def start_gcal_server(
    calendar_ids: tuple[str, ...] = ("roma@group.calendar.google.com",), time_zone: str = "Europe/Rome"
) -> Iterator[RunningGcal]:
    """A running server on a free loopback port, with the calendars given and a matching service account."""
    state = GcalServer()
    server = make_server("127.0.0.1", 0, build_app(state), threaded=True, request_handler=_QuietHandler)
    root = f"http://127.0.0.1:{server.server_port}"
    state.base_url, state.token_uri = root + API_PREFIX, root + "/token"
    account, state.public_pem = new_service_account(state.token_uri)
    for calendar_id in calendar_ids:
        state.add_calendar(calendar_id, time_zone)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    try:
        yield RunningGcal(state, state.base_url, state.token_uri, account)
    finally:
        server.shutdown()
