"""A small OctoTable for the tests: the API subset documented in concierge.adapters.providers.octotable,
over real HTTP on a loopback port, reservations in memory, with faults to inject.

Like OctoTable (as far as its docs tell) it issues access tokens by OAuth 2.0 client credentials
(`POST /oauth2/token`, JSON in and out as the docs' example, kept in tests/fixtures/octotable), refuses a
token once it has expired (401), checks the Property header, refuses a
reservation only when no table fits (409 NO_AVAILABILITY, here when `limit_covers` is set and the covers
at that day and hour would exceed it), accepts duplicates, and keeps deleted reservations as CANCELLED.
"""

from __future__ import annotations

import contextlib
import copy
import datetime as dt
import re
import secrets
import threading
import time
from typing import Iterator

from flask import Flask, Response, jsonify, request
from werkzeug.serving import make_server

from concierge.adapters.providers import octotable_auth
from tests.support.local import free_port

STATUSES = ("WAITING", "ACCEPTED", "CANCELLED", "CONFIRMED", "EXPIRED", "PREPAY", "OUTOFORDER", "REJECTED")
HOLDS_A_TABLE = ("WAITING", "ACCEPTED", "CONFIRMED", "PREPAY")
_HOUR = re.compile(r"^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$")


def _error(status: int, code: str, message: str, class_name: str) -> tuple[Response, int]:
    return jsonify({"success": False, "error": {"code": code, "message": message, "class_name": class_name}}), status


def _invalid(message: str) -> tuple[Response, int]:
    return _error(400, "VALIDATION_ERROR", message, "ValidationException")


def _not_found(rid: str) -> tuple[Response, int]:
    return _error(
        404, "RESOURCE_NOT_FOUND", f"The specified reservation ID {rid} does not exist.", "ResourceNotFoundException"
    )


CLIENT_ID = "octo-client-roma"
CLIENT_SECRET = "octo-client-secret-123"


class OctoTableServer:
    def __init__(
        self,
        client_id: str = CLIENT_ID,
        client_secret: str = CLIENT_SECRET,
        property_id: str = "4242",
        token_lifetime: float = 1440,
    ) -> None:
        self.client_id = client_id
        self.client_secret = client_secret
        self.token_lifetime = token_lifetime  # seconds, the docs' example `expires_in`
        self.property_id = property_id
        self.base_url = ""
        self.requests: list[dict] = []  # every request that reached the server, faults included
        self.tokens_issued = 0
        self.token_requests: list[object] = []  # the bodies of POST /oauth2/token
        self._tokens: dict[str, float] = {}  # access token -> monotonic expiry
        self.max_page_size = 50
        self.initial_status = "CONFIRMED"
        self._covers_limit: int | None = None
        self._rows: dict[int, dict] = {}
        self._next_id = 32992280
        self._faults: list[dict] = []
        self._lock = threading.Lock()
        self.app = self._build_app()

    # --- inspection and set-up ---------------------------------------------------------
    def add_reservation(
        self,
        day: str,
        hour: str,
        pax: int = 2,
        first_name: str = "Adam",
        last_name: str = "Devis",
        phone: str = "3332211456",
        status: str = "CONFIRMED",
        special_request: str = "",
    ) -> str:
        """A reservation made in OctoTable itself (staff, booking engine); its id."""
        with self._lock:
            row = self._new_row(
                {
                    "start_date": day,
                    "start_hour": hour if len(hour) == 8 else f"{hour}:00",
                    "pax": pax,
                    "special_request": special_request,
                    "channel": "OCTOTABLE_ADMIN",
                    "customer": {"first_name": first_name, "last_name": last_name, "phone": phone},
                }
            )
            row["status"] = status
            return str(row["id"])

    def reservations(self) -> list[dict]:
        with self._lock:
            return copy.deepcopy(sorted(self._rows.values(), key=lambda r: r["id"]))

    def reservation(self, rid: str) -> dict:
        with self._lock:
            return copy.deepcopy(self._rows[int(rid)])

    def set_status(self, rid: str, status: str) -> None:
        with self._lock:
            self._rows[int(rid)]["status"] = status

    def expire_tokens(self) -> None:
        """Every token issued so far is now stale (as if its `expires_in` had passed)."""
        with self._lock:
            self._tokens = dict.fromkeys(self._tokens, 0.0)

    def valid_token(self) -> str:
        """A token the server accepts now, as if obtained by the client-credentials flow."""
        with self._lock:
            return self._issue()

    def _issue(self) -> str:
        token = secrets.token_urlsafe(24)
        self._tokens[token] = time.monotonic() + self.token_lifetime
        self.tokens_issued += 1
        return token

    def _token_is_valid(self, authorization: str | None) -> bool:
        if not authorization or not authorization.startswith("Bearer "):
            return False
        with self._lock:
            expiry = self._tokens.get(authorization[7:])
        return expiry is not None and time.monotonic() < expiry

    def limit_covers(self, covers: int | None) -> None:
        """No table fits once a day and hour would hold more than `covers` guests."""
        self._covers_limit = covers

    # --- faults: each applies to the next `times` requests, in the order injected -------------
    def delay_next(self, seconds: float, times: int = 1) -> None:
        """Answer late (the request is still carried out, like a real slow server)."""
        self._add_fault(times, kind="delay", seconds=seconds)

    def rate_limit_next(self, times: int = 1, retry_after: str | None = "1") -> None:
        self._add_fault(times, kind="status", status=429, retry_after=retry_after)

    def fail_next(self, times: int = 1, status: int = 500) -> None:
        self._add_fault(times, kind="status", status=status)

    def malformed_next(self, times: int = 1, body: str = "<html>Bad gateway", content_type: str = "text/html") -> None:
        """A 200 whose body is not the documented JSON."""
        self._add_fault(times, kind="malformed", body=body, content_type=content_type)

    def _add_fault(self, times: int, **fault) -> None:
        with self._lock:
            self._faults.extend(dict(fault) for _ in range(times))

    # --- the API ---------------------------------------------------------------------------
    def _build_app(self) -> Flask:
        app = Flask("octotable")

        @app.before_request
        def faults_then_auth():
            if request.path == "/oauth2/token":  # counted apart; faults are for the API's requests
                self.token_requests.append(request.get_json(silent=True))
                return None
            self.requests.append(
                {
                    "method": request.method,
                    "path": request.path,
                    "args": request.args.to_dict(flat=False),
                    "json": request.get_json(silent=True),
                    "authorization": request.headers.get("Authorization"),
                    "property": request.headers.get("Property"),
                }
            )
            with self._lock:
                fault = self._faults.pop(0) if self._faults else None
            if fault and fault["kind"] == "delay":
                time.sleep(fault["seconds"])
            elif fault and fault["kind"] == "status":
                answer, status = _error(
                    fault["status"],
                    "TOO_MANY_REQUESTS" if fault["status"] == 429 else "INTERNAL_ERROR",
                    "Injected fault",
                    "InjectedException",
                )
                if fault.get("retry_after") is not None:
                    answer.headers["Retry-After"] = fault["retry_after"]
                return answer, status
            elif fault and fault["kind"] == "malformed":
                return Response(fault["body"], status=200, content_type=fault["content_type"])
            if not self._token_is_valid(request.headers.get("Authorization")):
                return _error(
                    401, "UNAUTHORIZED", "Authentication credentials are missing or invalid.", "UnauthorizedException"
                )
            if request.headers.get("Property") != self.property_id:
                return _error(403, "FORBIDDEN", "No access to this property.", "ForbiddenException")
            return None

        @app.errorhandler(404)
        def no_route(_):
            return _error(404, "RESOURCE_NOT_FOUND", "No such endpoint.", "ResourceNotFoundException")

        @app.errorhandler(405)
        def no_method(_):
            return _error(405, "METHOD_NOT_ALLOWED", "Method not allowed.", "MethodNotAllowedException")

        @app.post("/oauth2/token")
        def create_token():
            body = request.get_json(silent=True)
            if not isinstance(body, dict) or body.get("grant_type") != "client_credentials":
                return _error(400, "INVALID_GRANT", "grant_type must be client_credentials.", "ValidationException")
            if (body.get("client_id"), body.get("client_secret")) != (self.client_id, self.client_secret):
                return _error(401, "INVALID_CLIENT", "Client authentication failed.", "UnauthorizedException")
            with self._lock:
                token = self._issue()
            return jsonify({"access_token": token, "expires_in": self.token_lifetime, "type": "Bearer"})

        @app.get("/reservations")
        def find_all():
            args = request.args
            try:
                first = dt.date.fromisoformat(args["start_date"]) if "start_date" in args else dt.date.min
                last = dt.date.fromisoformat(args["end_date"]) if "end_date" in args else dt.date.max
                limit = min(int(args.get("limit", 50)), self.max_page_size)
                offset = int(args.get("next_cursor", 0))
            except ValueError as exc:
                return _invalid(str(exc))
            statuses = set(args.getlist("status[]"))
            text = args.get("text_search", "").strip().lower()
            with self._lock:
                rows = [
                    r
                    for r in self._rows.values()
                    if first <= dt.date.fromisoformat(r["start_date"]) <= last
                    and (not statuses or r["status"] in statuses)
                    and _matches(r, text)
                ]
                rows = copy.deepcopy(sorted(rows, key=lambda r: (r["start_date"], r["start_hour"], r["id"])))
            page = rows[offset : offset + limit]
            more = offset + limit < len(rows)
            return jsonify({"data": page, "next_cursor": str(offset + limit) if more else None})

        @app.get("/reservations/<rid>")
        def find_one(rid):
            with self._lock:
                row = self._rows.get(int(rid)) if rid.isdigit() else None
                return jsonify({"data": copy.deepcopy(row)}) if row else _not_found(rid)

        @app.post("/reservations")
        def create():
            body = request.get_json(silent=True)
            problem = _problem(body, partial=False)
            if problem:
                return _invalid(problem)
            with self._lock:
                if not self._fits(body["start_date"], body["start_hour"], body["pax"]):
                    return _no_availability()
                return jsonify({"data": copy.deepcopy(self._new_row(body))}), 201

        @app.put("/reservations/<rid>")
        def update(rid):
            body = request.get_json(silent=True)
            problem = _problem(body, partial=True)
            if problem:
                return _invalid(problem)
            with self._lock:
                row = self._rows.get(int(rid)) if rid.isdigit() else None
                if row is None:
                    return _not_found(rid)
                if row["status"] not in HOLDS_A_TABLE:
                    return _error(409, "INVALID_STATUS", f"Reservation is {row['status']}.", "ConflictException")
                merged = {
                    **row,
                    **{k: v for k, v in body.items() if k != "customer"},
                    "customer": {**row["customer"], **(body.get("customer") or {})},
                }
                if not self._fits(merged["start_date"], merged["start_hour"], merged["pax"], but=row["id"]):
                    return _no_availability()
                row.update(merged)
                return jsonify({"data": copy.deepcopy(row)})

        @app.delete("/reservations/<rid>")
        def delete(rid):
            with self._lock:
                row = self._rows.get(int(rid)) if rid.isdigit() else None
                if row is None:
                    return _not_found(rid)
                if row["status"] == "CANCELLED":
                    return _error(409, "INVALID_STATUS", "Reservation already cancelled.", "ConflictException")
                row["status"] = "CANCELLED"
                row["last_status_change"] = dt.datetime.now().replace(microsecond=0).isoformat()
                return jsonify({"success": True})

        return app

    def _new_row(self, body: dict) -> dict:
        self._next_id += 1
        customer = body.get("customer") or {}
        row = {
            "id": self._next_id,
            "pax": body["pax"],
            "status": self.initial_status,
            "customer": {
                "id": self._next_id + 1000000,
                "first_name": customer.get("first_name", ""),
                "last_name": customer.get("last_name", ""),
                "email": customer.get("email", ""),
                "phone": customer.get("phone", ""),
            },
            "channel": body.get("channel", "OCTOTABLE_ADMIN"),
            "room": {"id": body.get("room_id", 23288), "name": "Sala Nuova"},
            "service": {"id": body.get("service_id", 33841), "name": "Custom dinner"},
            "end_date": f"{body['start_date']}T{body['start_hour']}",  # (*) the service's length is not ours
            "last_status_change": dt.datetime.now().replace(microsecond=0).isoformat(),
            "notes": body.get("notes", ""),
            "special_request": body.get("special_request", ""),
            "start_date": body["start_date"],
            "start_hour": body["start_hour"],
            "tables": [],
        }
        self._rows[row["id"]] = row
        return row

    def _fits(self, day: str, hour: str, pax: int, but: int | None = None) -> bool:
        if self._covers_limit is None:
            return True
        taken = sum(
            r["pax"]
            for r in self._rows.values()
            if r["id"] != but and r["status"] in HOLDS_A_TABLE and r["start_date"] == day and r["start_hour"] == hour
        )
        return taken + pax <= self._covers_limit


def _no_availability() -> tuple[Response, int]:
    return _error(409, "NO_AVAILABILITY", "No table available for the requested slot.", "NoAvailabilityException")


def _matches(row: dict, text: str) -> bool:
    """text_search: name, last name or phone; phones compared on their digits."""
    if not text:
        return True
    customer = row["customer"]
    digits = re.sub(r"\D", "", text)
    return (
        text in f"{customer['first_name']} {customer['last_name']}".lower()
        or bool(digits)
        and digits in re.sub(r"\D", "", customer["phone"])
    )


def _problem(body: object, partial: bool) -> str | None:
    """What is wrong with a create (or, partial, update) body; None when it is fine."""
    if not isinstance(body, dict):
        return "The body must be a JSON object."
    required = () if partial else ("start_date", "start_hour", "pax", "customer")
    missing = [k for k in required if k not in body]
    if missing:
        return f"Missing fields: {', '.join(missing)}."
    if "start_date" in body:
        try:
            dt.date.fromisoformat(str(body["start_date"]))
        except ValueError:
            return "start_date must be YYYY-MM-DD."
    if "start_hour" in body and not _HOUR.match(str(body["start_hour"])):
        return "start_hour must be HH:mm:ss."
    if "pax" in body and (not isinstance(body["pax"], int) or body["pax"] < 1):
        return "pax must be a positive number."
    if "customer" in body:
        customer = body["customer"]
        if not isinstance(customer, dict) or (not partial and not str(customer.get("first_name") or "").strip()):
            return "customer.first_name is required."
    return None


@contextlib.contextmanager
def start_octotable_server(
    client_id: str = CLIENT_ID,
    client_secret: str = CLIENT_SECRET,
    property_id: str = "4242",
    token_lifetime: float = 1440,
) -> Iterator[OctoTableServer]:
    """An OctoTableServer listening on a free loopback port for the duration of the block. The process's
    cached tokens are dropped first: the port may be one an earlier server had, whose token this one would
    refuse, and a test counting token requests would see one more."""
    octotable_auth._SHARED.clear()
    server = OctoTableServer(client_id, client_secret, property_id, token_lifetime)
    http = make_server("127.0.0.1", free_port(), server.app, threaded=True)
    server.base_url = f"http://127.0.0.1:{http.server_port}"
    thread = threading.Thread(target=http.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        http.shutdown()
        thread.join(timeout=5)
