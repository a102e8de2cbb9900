"""A local Google Sheets API v4 (the subset the sheets provider uses), with Google's OAuth token exchange.

Real HTTP on a loopback port, data in memory. It speaks: POST /token (a service account's signed JWT,
checked against the test key), GET /v4/spreadsheets/{id} (metadata), GET and PUT .../values/{range},
GET .../values:batchGet, POST .../values/{range}:append and POST /v4/spreadsheets/{id}:batchUpdate
(deleteDimension of rows). API calls need a token it issued. Faults are injected for the next N matching
requests. Its answers have the shapes of the live API's recorded in tests/fixtures/sheets/ (ranges in A1
notation with the title quoted only when it needs quotes, a read's range covering the whole requested range).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import re
import threading
import time
from dataclasses import dataclass
from typing import Iterator

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from flask import Flask, Response, jsonify, request
from google.auth import jwt
from werkzeug.serving import make_server

HEADER = ["booking_id", "day", "time", "people", "name", "phone", "notes", "created_at"]
SPREADSHEET_ID = "1TestSpreadsheetId"
GOOGLE_TOKEN_AUDIENCE = "https://oauth2.googleapis.com/token"
OPERATIONS = ("token", "metadata", "values_get", "values_batch_get", "append", "values_update", "batch_update")
_CELLS = re.compile(r"^([A-Z]+)(\d*)(?::([A-Z]+)(\d*))?$")
_PLAIN_TITLE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
GRID_ROWS = 1000


def a1(title: str, cells: str) -> str:
    """A range as Sheets writes it in answers: `roma!A1:H3`, `'Sala 1'!A1:H3`."""
    name = title if _PLAIN_TITLE.match(title) else "'" + title.replace("'", "''") + "'"
    return f"{name}!{cells}"


def column(width: int) -> str:
    return chr(ord("A") + max(width, 1) - 1)


@dataclass
class Fault:
    kind: str  # "429", "500", "malformed", "timeout" (no answer in time, nothing done), "stall_after_write"
    remaining: int
    on: str | None  # an operation of OPERATIONS, or None for every API call (not the token exchange)
    retry_after: str | None
    delay: float


def _error(status: int, message: str, reason: str) -> Response:
    return Response(
        json.dumps({"error": {"code": status, "message": message, "status": reason}}),
        status,
        mimetype="application/json",
    )


class SheetsServer:
    def __init__(self) -> None:
        self._key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self._lock = threading.Lock()
        self._sheet_ids = itertools.count(1000)
        self.spreadsheets: dict[str, dict[str, dict]] = {}  # id -> title -> {"sheetId": int, "rows": [[str]]}
        self.calls: list[str] = []  # operations, in arrival order
        self.tokens: list[str] = []
        self._faults: list[Fault] = []
        self.base_url = ""

    # --- set-up and inspection -----------------------------------------------------------------
    def add_spreadsheet(self, spreadsheet_id: str = SPREADSHEET_ID, worksheets=("roma", "duo")) -> None:
        with self._lock:
            self.spreadsheets[spreadsheet_id] = {}
        for title in worksheets:
            self.add_worksheet(title, spreadsheet_id=spreadsheet_id)

    def add_worksheet(
        self, title: str, rows: list[list[str]] | None = None, spreadsheet_id: str = SPREADSHEET_ID
    ) -> None:
        with self._lock:
            self.spreadsheets[spreadsheet_id][title] = {
                "sheetId": next(self._sheet_ids),
                "rows": [list(HEADER)] if rows is None else rows,
            }

    def rows(self, title: str, spreadsheet_id: str = SPREADSHEET_ID) -> list[list[str]]:
        with self._lock:
            return [list(r) for r in self.spreadsheets[spreadsheet_id][title]["rows"]]

    def bookings(self, title: str, spreadsheet_id: str = SPREADSHEET_ID) -> list[dict[str, str]]:
        """The rows under the header, as dicts by column name."""
        return [dict(zip(HEADER, r + [""] * 8, strict=False)) for r in self.rows(title, spreadsheet_id)[1:] if any(r)]

    def count(self, operation: str) -> int:
        with self._lock:
            return self.calls.count(operation)

    def fail_next(
        self, n: int, kind: str, on: str | None = None, retry_after: str | None = "0", delay: float = 1.5
    ) -> None:
        """Answer the next `n` requests (of operation `on`) with a fault instead."""
        with self._lock:
            self._faults.append(Fault(kind, n, on, retry_after, delay))

    def credentials(self, client_email: str = "concierge@test-project.iam.gserviceaccount.com") -> dict:
        """A service-account key whose token_uri is this server."""
        pem = self._key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        ).decode()
        return {
            "type": "service_account",
            "project_id": "test-project",
            "private_key_id": "test-key-1",
            "private_key": pem,
            "client_email": client_email,
            "client_id": "1",
            "token_uri": f"{self.base_url}/token",
        }

    def public_pem(self) -> str:
        return (
            self._key.public_key()
            .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
            .decode()
        )

    # --- requests ---------------------------------------------------------------------------------
    def _fault_for(self, operation: str) -> Fault | None:
        with self._lock:
            self.calls.append(operation)
            for fault in self._faults:
                if fault.remaining > 0 and (fault.on == operation or (fault.on is None and operation != "token")):
                    fault.remaining -= 1
                    return fault
        return None

    def handle(self, operation: str, action) -> Response:
        fault = self._fault_for(operation)
        if fault is None:
            return action()
        if fault.kind == "429":
            answer = _error(429, "Quota exceeded for quota metric 'Read requests'.", "RESOURCE_EXHAUSTED")
            if fault.retry_after is not None:
                answer.headers["Retry-After"] = fault.retry_after
            return answer
        if fault.kind == "500":
            return _error(500, "Internal error encountered.", "INTERNAL")
        if fault.kind == "malformed":
            return Response("<html>not json", 200, mimetype="application/json")
        if fault.kind == "timeout":
            time.sleep(fault.delay)
            return _error(503, "The service is currently unavailable.", "UNAVAILABLE")
        if fault.kind == "stall_after_write":
            answer = action()
            time.sleep(fault.delay)
            return answer
        raise ValueError(fault.kind)

    def token(self) -> Response:
        form = request.form
        if form.get("grant_type") != "urn:ietf:params:oauth:grant-type:jwt-bearer":
            return Response(json.dumps({"error": "unsupported_grant_type"}), 400, mimetype="application/json")
        try:
            # google-auth signs for Google's token endpoint whatever the key's token_uri; Google checks that audience.
            claims = jwt.decode(form.get("assertion", ""), certs=self.public_pem(), audience=GOOGLE_TOKEN_AUDIENCE)
        except Exception:
            return Response(json.dumps({"error": "invalid_grant"}), 400, mimetype="application/json")
        token = f"ya29.test-{len(self.tokens)}-{claims['iss'].split('@')[0]}"
        with self._lock:
            self.tokens.append(token)
        return jsonify({"access_token": token, "expires_in": 3600, "token_type": "Bearer"})

    def api(self, rest: str) -> Response:
        if request.headers.get("Authorization", "").removeprefix("Bearer ") not in self.tokens:
            return _error(401, "Request had invalid authentication credentials.", "UNAUTHENTICATED")
        if request.method == "POST" and rest.endswith(":batchUpdate"):
            sid = rest.removesuffix(":batchUpdate")
            return self.handle("batch_update", lambda: self._batch_update(sid))
        if request.method == "GET" and rest.endswith("/values:batchGet"):
            sid = rest.removesuffix("/values:batchGet")
            return self.handle("values_batch_get", lambda: self._values_batch_get(sid))
        if "/values/" in rest:
            sid, rng = rest.split("/values/", 1)
            if request.method == "POST" and rng.endswith(":append"):
                return self.handle("append", lambda: self._append(sid, rng.removesuffix(":append")))
            if request.method == "PUT":
                return self.handle("values_update", lambda: self._values_update(sid, rng))
            return self.handle("values_get", lambda: self._values_get(sid, rng))
        return self.handle("metadata", lambda: self._metadata(rest))

    # --- the operations, under the lock ------------------------------------------------------------
    def _sheet(self, sid: str, rng: str) -> tuple[dict | None, Response | None, tuple]:
        if sid not in self.spreadsheets:
            return None, _error(404, "Requested entity was not found.", "NOT_FOUND"), ("", 1, None)
        title, _, cells = rng.rpartition("!")
        if title.startswith("'") and title.endswith("'"):
            title = title[1:-1].replace("''", "'")
        match = _CELLS.match(cells)
        if title not in self.spreadsheets[sid] or not match:
            return None, _error(400, f"Unable to parse range: {rng}", "INVALID_ARGUMENT"), ("", 1, None)
        first, last = int(match.group(2) or 1), int(match.group(4) or 0) or None
        return self.spreadsheets[sid][title], None, (title, first, last)

    def _metadata(self, sid: str) -> Response:
        with self._lock:
            if sid not in self.spreadsheets:
                return _error(404, "Requested entity was not found.", "NOT_FOUND")
            sheets = [
                {
                    "properties": {
                        "sheetId": s["sheetId"],
                        "title": t,
                        "index": i,
                        "sheetType": "GRID",
                        "gridProperties": {"rowCount": 1000, "columnCount": 26},
                    }
                }
                for i, (t, s) in enumerate(self.spreadsheets[sid].items())
            ]
            properties = {"title": "Bookings", "locale": "it_IT", "timeZone": "Europe/Rome"}
            return jsonify({"spreadsheetId": sid, "properties": properties, "sheets": sheets})

    def _values_get(self, sid: str, rng: str) -> Response:
        with self._lock:
            sheet, refusal, (title, first, last) = self._sheet(sid, rng)
            if refusal:
                return refusal
            rows = [list(r[:8]) for r in sheet["rows"][first - 1 : last]]
            bottom = last or max(GRID_ROWS, len(sheet["rows"]))  # the whole requested range, as the live API
        while rows and not any(rows[-1]):
            rows.pop()
        for r in rows:
            while r and r[-1] == "":
                r.pop()
        answer = {"range": a1(title, f"A{first}:H{bottom}"), "majorDimension": "ROWS"}
        if rows:
            answer["values"] = rows
        return jsonify(answer)

    def _values_batch_get(self, sid: str) -> Response:
        ranges = []
        for rng in request.args.getlist("ranges"):
            answer = self._values_get(sid, rng)
            if answer.status_code != 200:
                return answer
            ranges.append(answer.get_json())
        return jsonify({"spreadsheetId": sid, "valueRanges": ranges})

    def _append(self, sid: str, rng: str) -> Response:
        body = request.get_json(force=True)
        if request.args.get("valueInputOption") not in ("RAW", "USER_ENTERED"):
            return _error(400, "'valueInputOption' is required but not specified", "INVALID_ARGUMENT")
        with self._lock:
            sheet, refusal, (title, *_) = self._sheet(sid, rng)
            if refusal:
                return refusal
            rows = sheet["rows"]
            while rows and not any(rows[-1]):
                rows.pop()
            start = len(rows) + 1
            table_width = max((len(r) for r in rows), default=0)
            rows.extend([str(c) for c in r] for r in body["values"])
            end = len(rows)
        width = max(len(r) for r in body["values"])
        answer: dict = {"spreadsheetId": sid}
        if start > 1:  # an empty sheet has no table: the live API then leaves tableRange out
            answer["tableRange"] = a1(title, f"A1:{column(table_width)}{start - 1}")
        answer["updates"] = {
            "spreadsheetId": sid,
            "updatedRange": a1(title, f"A{start}:{column(width)}{end}"),
            "updatedRows": end - start + 1,
            "updatedColumns": width,
            "updatedCells": sum(len(r) for r in body["values"]),
        }
        return jsonify(answer)

    def _values_update(self, sid: str, rng: str) -> Response:
        body = request.get_json(force=True)
        if request.args.get("valueInputOption") not in ("RAW", "USER_ENTERED"):
            return _error(400, "'valueInputOption' is required but not specified", "INVALID_ARGUMENT")
        with self._lock:
            sheet, refusal, (title, first, _) = self._sheet(sid, rng)
            if refusal:
                return refusal
            rows = sheet["rows"]
            for offset, values in enumerate(body["values"]):
                while len(rows) < first + offset:
                    rows.append([])
                rows[first - 1 + offset] = [str(c) for c in values]
        width = max(len(r) for r in body["values"])
        last = first + len(body["values"]) - 1
        return jsonify(
            {
                "spreadsheetId": sid,
                "updatedRange": a1(title, f"A{first}:{column(width)}{last}"),
                "updatedRows": len(body["values"]),
                "updatedColumns": width,
                "updatedCells": sum(len(r) for r in body["values"]),
            }
        )

    def _batch_update(self, sid: str) -> Response:
        body = request.get_json(force=True)
        with self._lock:
            if sid not in self.spreadsheets:
                return _error(404, "Requested entity was not found.", "NOT_FOUND")
            by_id = {s["sheetId"]: s for s in self.spreadsheets[sid].values()}
            for item in body.get("requests", []):
                target = item.get("deleteDimension", {}).get("range", {})
                if not target or target.get("dimension") != "ROWS":
                    return _error(400, "Only deleteDimension of ROWS is supported here.", "INVALID_ARGUMENT")
                if target.get("sheetId") not in by_id:
                    return _error(
                        400,
                        f"Invalid requests[0].deleteDimension: No grid with id: {target.get('sheetId')}",
                        "INVALID_ARGUMENT",
                    )
                del by_id[target["sheetId"]]["rows"][target["startIndex"] : target["endIndex"]]
        return jsonify({"spreadsheetId": sid, "replies": [{} for _ in body.get("requests", [])]})


def _app(server: SheetsServer) -> Flask:
    app = Flask("sheets")
    app.add_url_rule("/token", "token", lambda: server.handle("token", server.token), methods=["POST"])
    app.add_url_rule("/v4/spreadsheets/<path:rest>", "api", server.api, methods=["GET", "POST", "PUT"])
    return app


@contextlib.contextmanager
def start_sheets_server(spreadsheet_id: str = SPREADSHEET_ID, worksheets=("roma", "duo")) -> Iterator[SheetsServer]:
    """A running server holding one spreadsheet with a worksheet (header only) per given venue."""
    server = SheetsServer()
    http = make_server("127.0.0.1", 0, _app(server), threaded=True)
    server.base_url = f"http://127.0.0.1:{http.server_port}"
    server.add_spreadsheet(spreadsheet_id, worksheets)
    thread = threading.Thread(target=http.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        http.shutdown()
        http.server_close()
