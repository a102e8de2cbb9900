"""Now, real or fixed (CONCIERGE_NOW) for tests and demos."""

from __future__ import annotations

import datetime as dt


class Clock:
    def now(self) -> dt.datetime:
        return dt.datetime.now(dt.timezone.utc)


class FixedClock(Clock):
    def __init__(self, instant: dt.datetime) -> None:
        if instant.tzinfo is None:
            raise ValueError("a fixed clock needs an offset, e.g. 2026-02-19T18:00:00+01:00")
        self._instant = instant

    @classmethod
    def parse(cls, iso: str) -> "FixedClock":
        return cls(dt.datetime.fromisoformat(iso))

    def now(self) -> dt.datetime:
        return self._instant
