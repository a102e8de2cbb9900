"""A small real resOS API v1 for the tests: the bookings subset, in memory, with faults on demand.

Speaks GET/POST /v1/bookings and GET/PUT /v1/bookings/{id} with HTTP Basic auth (the API key as the
username, an empty password). Bookings keep a venue-local `date` and `time`; listings filter on
`fromDateTime`/`toDateTime` in UTC (a bare date is that day's UTC midnight, `to` excluded), every
status included, `limit` at most 100 with `skip`.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import threading
import time
import uuid
from typing import Any, Iterator
from zoneinfo import ZoneInfo

from flask import Flask, Response, jsonify, request
from werkzeug.serving import make_server

DEFAULT_KEY = "resos-test-key-7f3a9c"


class ResosServer:
    def __init__(self, api_key: str = DEFAULT_KEY, timezone: str = "Europe/Rome") -> None:
        self.api_key = api_key
        self.tz = ZoneInfo(timezone)
        self.create_answers_id_only = False  # answer POST /bookings with the new id alone, not the booking
        self.requests: list[dict] = []  # every request seen: method, path, args, json, authorization
        self._bookings: dict[str, dict] = {}
        self._faults: list[tuple[str, Any]] = []
        self._no_table: set[tuple[str, str]] = set()
        self._lock = threading.Lock()
        self.app = self._build_app()
        self._server = None
        self.base_url = ""

    # --- running ---------------------------------------------------------------------------
    def start(self) -> "ResosServer":
        self._server = make_server("127.0.0.1", 0, self.app, threaded=True)
        threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        self.base_url = f"http://127.0.0.1:{self._server.server_port}/v1"
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()

    # --- state ---------------------------------------------------------------------------------
    def add_booking(
        self,
        date: str,
        time: str,
        people: int = 2,
        name: str = "Mario Rossi",
        phone: str | None = "+393331234567",
        status: str = "approved",
        **extra: Any,
    ) -> str:
        """Seed a booking as resOS would hold it; returns its _id."""
        guest = {"name": name} | ({"phone": phone} if phone is not None else {})
        return self.put_record(
            {"date": date, "time": time, "people": people, "guest": guest, "status": status, "duration": 90, **extra}
        )

    def put_record(self, record: dict) -> str:
        """Store a record exactly as given (an _id is added when it has none)."""
        record = {"_id": uuid.uuid4().hex[:24], **record}
        with self._lock:
            self._bookings[record["_id"]] = record
        return record["_id"]

    def booking(self, booking_id: str) -> dict | None:
        with self._lock:
            found = self._bookings.get(booking_id)
            return dict(found) if found else None

    def bookings(self) -> list[dict]:
        with self._lock:
            return [dict(b) for b in self._bookings.values()]

    def writes(self) -> list[dict]:
        return [r for r in self.requests if r["method"] in ("POST", "PUT")]

    # --- faults ----------------------------------------------------------------------------------
    def delay_next(self, count: int, seconds: float) -> None:
        """The next requests wait `seconds` before being answered (and then are served as usual)."""
        self._queue("delay", seconds, count)

    def throttle_next(self, count: int, retry_after: str | None = "1000") -> None:
        """The next requests are answered 429, with that Retry-After header in milliseconds, as resOS sends
        it (None: without one)."""
        self._queue("throttle", retry_after, count)

    def fail_next(self, count: int, status: int = 500) -> None:
        self._queue("fail", status, count)

    def malformed_next(self, count: int) -> None:
        """The next requests are answered 200 with a body that is not JSON."""
        self._queue("malformed", None, count)

    def refuse_tables(self, date: str, time: str) -> None:
        """Creating or moving a booking to that slot is answered 422 "no suitable table"."""
        self._no_table.add((date, time))

    def _queue(self, kind: str, value: Any, count: int) -> None:
        with self._lock:
            self._faults.extend([(kind, value)] * count)

    def _next_fault(self) -> tuple[str, Any] | None:
        with self._lock:
            return self._faults.pop(0) if self._faults else None

    # --- the API -----------------------------------------------------------------------------------
    def _build_app(self) -> Flask:
        app = Flask("resos")

        @app.before_request
        def faults_and_auth():
            body = request.get_json(silent=True)
            self.requests.append(
                {
                    "method": request.method,
                    "path": request.path,
                    "args": request.args.to_dict(),
                    "json": body,
                    "authorization": request.headers.get("Authorization"),
                }
            )
            fault = self._next_fault()
            if fault:
                kind, value = fault
                if kind == "delay":
                    time.sleep(value)
                elif kind == "throttle":
                    answer = _error(429, "RATE_LIMIT_EXCEEDED", "Too many requests")
                    if value is not None:
                        answer.headers["Retry-After"] = value
                    return answer
                elif kind == "fail":
                    return _error(value, "INTERNAL_ERROR", "Something went wrong")
                elif kind == "malformed":
                    return Response("<html><body>Bad gateway</body></html>", 200, content_type="text/html")
            auth = request.authorization
            if auth is None or auth.type != "basic" or auth.username != self.api_key or (auth.password or ""):
                return _error(401, "AUTHENTICATION_ERROR", "Invalid or missing API key")
            return None

        @app.get("/v1/bookings")
        def list_bookings():
            try:
                since = _instant(request.args.get("fromDateTime"), dt.datetime.min.replace(tzinfo=dt.timezone.utc))
                until = _instant(request.args.get("toDateTime"), dt.datetime.max.replace(tzinfo=dt.timezone.utc))
                limit = min(int(request.args.get("limit", 100)), 100)
                skip = int(request.args.get("skip", 0))
            except ValueError:
                return _error(400, "INVALID_REQUEST", "Invalid query parameters")
            with self._lock:
                records = [dict(b) for b in self._bookings.values()]
            chosen = sorted((r for r in records if since <= self._when(r) < until), key=self._when)
            return jsonify(chosen[skip : skip + limit])

        @app.post("/v1/bookings")
        def create_booking():
            body = request.get_json(silent=True)
            problems = _problems(body, creating=True)
            if problems:
                return _validation(problems)
            if (body["date"], body["time"]) in self._no_table:
                return _error(422, "CONFLICT", f"There is no suitable table for {body['people']} people at that time")
            record = {
                "_id": uuid.uuid4().hex[:24],
                "status": "request",
                "source": "other",
                "duration": 120,
                **body,
                "createdAt": dt.datetime.now(dt.timezone.utc).isoformat(),
            }
            with self._lock:
                self._bookings[record["_id"]] = record
            return jsonify(record["_id"] if self.create_answers_id_only else record)

        @app.get("/v1/bookings/<booking_id>")
        def get_booking(booking_id):
            found = self.booking(booking_id)
            return jsonify(found) if found else _error(404, "RESOURCE_NOT_FOUND", "Booking not found")

        @app.put("/v1/bookings/<booking_id>")
        def update_booking(booking_id):
            body = request.get_json(silent=True)
            problems = _problems(body, creating=False)
            if problems:
                return _validation(problems)
            with self._lock:
                current = self._bookings.get(booking_id)
                if current is None:
                    return _error(404, "RESOURCE_NOT_FOUND", "Booking not found")
                moved = {**current, **body, "guest": {**current.get("guest", {}), **body.get("guest", {})}}
                if {"date", "time", "people"} & body.keys() and (moved["date"], moved["time"]) in self._no_table:
                    return _error(422, "CONFLICT", "No suitable table available for this booking")
                self._bookings[booking_id] = moved
            return jsonify(True)

        return app

    def _when(self, record: dict) -> dt.datetime:
        hour, minute = record["time"].split(":")
        local = dt.datetime.combine(dt.date.fromisoformat(record["date"]), dt.time(int(hour), int(minute)), self.tz)
        return local.astimezone(dt.timezone.utc)


def _instant(value: str | None, default: dt.datetime) -> dt.datetime:
    if not value:
        return default
    moment = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.timezone.utc)


def _problems(body: Any, creating: bool) -> list[dict]:
    if not isinstance(body, dict):
        return [{"field": "body", "message": "must be a JSON object"}]
    problems = []
    required = ("date", "time", "people", "guest") if creating else ()
    problems += [{"field": f, "message": "is required"} for f in required if f not in body]
    if "date" in body:
        try:
            dt.date.fromisoformat(str(body["date"]))
        except ValueError:
            problems.append({"field": "date", "message": "must be YYYY-MM-DD"})
    if "time" in body:
        parts = str(body["time"]).split(":")
        if len(parts) != 2 or not all(p.isdigit() for p in parts) or int(parts[0]) > 23 or int(parts[1]) > 59:
            problems.append({"field": "time", "message": "must be HH:mm"})
    if "people" in body and (not isinstance(body["people"], int) or not 1 <= body["people"] <= 999):
        problems.append({"field": "people", "message": "must be 1 to 999"})
    if "guest" in body and (not isinstance(body["guest"], dict) or len(str(body["guest"].get("name", ""))) < 2):
        problems.append({"field": "guest.name", "message": "is required"})
    if "status" in body and body["status"] not in (
        "request",
        "declined",
        "approved",
        "arrived",
        "seated",
        "left",
        "no_show",
        "canceled",
        "waitlist",
    ):
        problems.append({"field": "status", "message": "unknown status"})
    return problems


def _error(status: int, code: str, message: str) -> Response:
    answer = jsonify({"code": code, "message": message})
    answer.status_code = status
    return answer


def _validation(problems: list[dict]) -> Response:
    answer = jsonify({"code": "VALIDATION_ERROR", "message": "Invalid booking", "fields": problems})
    answer.status_code = 400
    return answer


@contextlib.contextmanager
def start_resos_server(api_key: str = DEFAULT_KEY, timezone: str = "Europe/Rome") -> Iterator[ResosServer]:
    """A resOS on a free loopback port for the duration of the block; `.base_url` ends in /v1."""
    server = ResosServer(api_key=api_key, timezone=timezone).start()
    try:
        yield server
    finally:
        server.stop()
