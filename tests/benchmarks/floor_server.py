"""The warm benchmarks' floor: a bare WSGI app doing the statements the SQLite store does, nothing else.

Run by bench_tools.py: `python floor_server.py --port P --data DIR [--threads 8]`. Served by the same
server as `concierge serve` (waitress, the same number of threads), on the same database file, one
connection per thread in WAL mode like the store. Per call it reads the JSON body, runs the
statements the store runs for that tool (none for the tools that only compute: faq, is_open_now,
the resolvers) and answers JSON; no validation, no venue rules, no words, no envelopes. Its writes go
to venue "floor-<id>", so they never fill the slots the project books. When the store keeps each day's
occupancy in a `days` row, the floor reads and writes that row as the store does (checked at start).
"""

from __future__ import annotations

import argparse
import json
import logging
import sqlite3
import threading
import uuid
from pathlib import Path
from typing import Callable, Iterable

from waitress import serve

COLUMNS = "booking_id, venue_id, day, time, people, name, phone, notes"
FROM_DAY = "2026-02-19"  # the benchmarks' fixed today


NAMES = ("booking_id", "venue_id", "day", "time", "people", "name", "phone", "notes")


def _rows(rows: Iterable[tuple]) -> list[dict]:
    return [dict(zip(NAMES, r, strict=True)) for r in rows]


def _day(conn: sqlite3.Connection, venue: str, day: str) -> list[dict]:
    return _rows(
        conn.execute(
            f"SELECT {COLUMNS} FROM bookings WHERE venue_id = ? AND day = ? AND status = 'active' ORDER BY time",
            (venue, day),
        )
    )


DAY_ROWS = False  # set at start: the store keeps a `days` row of occupancy per venue and day


def _occupancy(conn: sqlite3.Connection, venue: str, day: str) -> dict:
    row = conn.execute("SELECT occupancy FROM days WHERE venue_id = ? AND day = ?", (venue, day)).fetchone()
    if row is not None:
        return json.loads(row[0])
    rows = conn.execute(
        "SELECT time, count(*), sum(people) FROM bookings WHERE venue_id = ? AND day = ? AND status = 'active'"
        " GROUP BY time",
        (venue, day),
    )
    return {time: [n, covers] for time, n, covers in rows}


def _keep(conn: sqlite3.Connection, venue: str, day: str, occupancy: dict) -> None:
    conn.execute(
        "INSERT INTO days (venue_id, day, occupancy) VALUES (?, ?, ?)"
        " ON CONFLICT (venue_id, day) DO UPDATE SET occupancy = excluded.occupancy",
        (venue, day, json.dumps(occupancy)),
    )


def _counted(bookings: list[dict]) -> dict:
    occupancy: dict[str, list[int]] = {}
    for b in bookings:
        load = occupancy.setdefault(b["time"], [0, 0])
        load[0], load[1] = load[0] + 1, load[1] + b["people"]
    return occupancy


def check_openings(conn: sqlite3.Connection, body: dict) -> dict:
    if DAY_ROWS:
        return {"ok": True, "day": body.get("day"), "occupancy": _occupancy(conn, body["restaurant_id"], body["day"])}
    return {"ok": True, "day": body.get("day"), "taken": len(_day(conn, body["restaurant_id"], body["day"]))}


def list_bookings(conn: sqlite3.Connection, body: dict) -> dict:
    rows = conn.execute(
        f"SELECT {COLUMNS} FROM bookings WHERE venue_id = ? AND phone = ? AND day >= ? AND status = 'active'"
        " ORDER BY day, time",
        (body["restaurant_id"], body["phone"], FROM_DAY),
    )
    bookings = _rows(rows)
    return {"ok": True, "count": len(bookings), "bookings": bookings}


def create_booking(conn: sqlite3.Connection, body: dict) -> dict:
    venue, booking_id = "floor-" + body["restaurant_id"], uuid.uuid4().hex[:12]
    conn.execute("BEGIN IMMEDIATE")
    try:
        # What the store reads to admit a booking: the day's row when it keeps one, else the day's bookings.
        held = _occupancy(conn, venue, body["day"]) if DAY_ROWS else _counted(_day(conn, venue, body["day"]))
        conn.execute(
            f"INSERT INTO bookings ({COLUMNS}, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, datetime('now'))",
            (booking_id, venue, body["day"], body["time"], body["people"], body["name"], body["phone"], None),
        )
        if DAY_ROWS:
            n, covers = held.get(body["time"], [0, 0])
            _keep(conn, venue, body["day"], {**held, body["time"]: [n + 1, covers + body["people"]]})
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return {"ok": True, "booking_id": booking_id}


def modify_booking(conn: sqlite3.Connection, body: dict) -> dict:
    venue = body["restaurant_id"]
    conn.execute("BEGIN IMMEDIATE")
    try:
        row = conn.execute(
            f"SELECT {COLUMNS} FROM bookings WHERE venue_id = ? AND booking_id = ? AND status = 'active'",
            (venue, body["booking_id"]),
        ).fetchone()
        if row is not None:
            bookings = _day(conn, venue, row[2])
            conn.execute(
                "UPDATE bookings SET day = ?, time = ?, people = ?, name = ?, phone = ?, notes = ?"
                " WHERE venue_id = ? AND booking_id = ?",
                (*row[2:4], body.get("new_people", row[4]), *row[5:8], venue, body["booking_id"]),
            )
            if DAY_ROWS and body.get("new_people", row[4]) != row[4]:
                _keep(conn, "floor-" + venue, row[2], _counted(bookings))  # its own row: the project's stays right
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return {"ok": row is not None, "booking_id": body["booking_id"]}


def cancel_booking(conn: sqlite3.Connection, body: dict) -> dict:
    venue = "floor-" + body["restaurant_id"]
    conn.execute("BEGIN IMMEDIATE")
    if DAY_ROWS:
        row = conn.execute(
            f"SELECT {COLUMNS} FROM bookings WHERE venue_id = ? AND booking_id = ? AND status = 'active'",
            (venue, body["booking_id"]),
        ).fetchone()
        occupancy = _occupancy(conn, venue, row[2]) if row else {}
    cursor = conn.execute(
        "UPDATE bookings SET status = 'cancelled' WHERE venue_id = ? AND booking_id = ? AND status = 'active'",
        (venue, body["booking_id"]),
    )
    if DAY_ROWS and row:
        _keep(conn, venue, row[2], occupancy)
    conn.execute("COMMIT")
    return {"ok": cursor.rowcount == 1}


def no_statement(conn: sqlite3.Connection, body: dict) -> dict:
    return {"ok": True, **{k: v for k, v in body.items() if k == "restaurant_id"}}


FLOORS: dict[str, Callable[[sqlite3.Connection, dict], dict]] = {
    "check_openings": check_openings,
    "list_bookings": list_bookings,
    "create_booking": create_booking,
    "modify_booking": modify_booking,
    "cancel_booking": cancel_booking,
    "faq": no_statement,
    "is_open_now": no_statement,
    "resolve_relative_day": no_statement,
    "resolve_relative_time": no_statement,
}


def floor_app(path: Path):
    local = threading.local()

    def conn() -> sqlite3.Connection:
        if getattr(local, "conn", None) is None:
            local.conn = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
            local.conn.execute("PRAGMA journal_mode=WAL")
            local.conn.execute("PRAGMA synchronous=NORMAL")
        return local.conn

    def app(environ: dict, start_response: Callable) -> list[bytes]:
        name = environ.get("PATH_INFO", "").rsplit("/", 1)[-1]
        if name == "healthz":
            data = b'{"ok": true}'
        else:
            length = int(environ.get("CONTENT_LENGTH") or 0)
            body = json.loads(environ["wsgi.input"].read(length) or b"{}")
            data = json.dumps(FLOORS[name](conn(), body), ensure_ascii=False).encode("utf-8")
        start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(data)))])
        return [data]

    return app


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args()
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # "Task queue depth is N", as concierge serve's log
    global DAY_ROWS
    with sqlite3.connect(args.data / "concierge.db") as conn:
        DAY_ROWS = (
            conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'days'").fetchone() is not None
        )
    app = floor_app(args.data / "concierge.db")
    serve(app, host="127.0.0.1", port=args.port, threads=args.threads, ident="floor", channel_timeout=60, _quiet=True)


if __name__ == "__main__":
    main()
