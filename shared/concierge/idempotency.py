"""Safe replays of agent retries, in the spirit of aws-powertools' idempotency utility.

Voice platforms retry and duplicate tool calls (Retell retries a failed call, Vapi re-sends on
barge-in). A writing tool call with a key runs once: the first call claims the key (in
progress), runs, and stores its answer (completed); a replay gets the stored answer back
instead of running again. The same key with other arguments is refused; a replay while the
first call is still running is told to retry shortly. Answers worth retrying (5xx) are not
kept (a property of the error code, `domain.errors`), so a retry runs again.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass
from typing import Callable

from concierge.adapters.store import IdempotencyStore
from concierge.domain.errors import ToolError, worth_keeping
from concierge.domain.replays import replaying

DEFAULT_EXPIRY = dt.timedelta(hours=1)
DEFAULT_LEASE = dt.timedelta(seconds=30)


def fingerprint(tool: str, args: object) -> str:
    """A hash of the tool and its arguments, independent of key order."""
    canonical = json.dumps([tool, args], sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


def final(payload: dict) -> bool:
    """Successes and refusals are final; provider and internal failures may pass, so a retry runs again."""
    return payload.get("ok") is True or worth_keeping(str(payload.get("error_code", "")))


@dataclass
class Idempotency:
    store: IdempotencyStore
    expiry: dt.timedelta = DEFAULT_EXPIRY
    lease: dt.timedelta = DEFAULT_LEASE
    wall_clock: Callable[[], dt.datetime] = lambda: dt.datetime.now(dt.timezone.utc)

    def run(self, key: str, print_: str, call: Callable[[], dict]) -> dict:
        now = self.wall_clock()
        held = self.store.claim_idempotency(key, print_, now, now + self.lease, now + self.expiry)
        if held is not None:
            if held.fingerprint != print_:
                raise ToolError(
                    "IDEMPOTENCY_KEY_REUSED", "This idempotency key was already used for a different request."
                )
            if held.status == "completed":
                return held.payload
            raise ToolError(
                "IDEMPOTENCY_IN_PROGRESS",
                "The same request is still being processed; retry shortly.",
                retry_after_seconds=max(1, int(((held.lease_until or now) - now).total_seconds())),
            )
        try:
            with replaying(key):  # a store can tie the write itself to this key (see domain.replays)
                payload = call()
        except BaseException:
            self.store.release_idempotency(key)
            raise
        if final(payload):
            self.store.complete_idempotency(key, payload, self.wall_clock() + self.expiry)
        else:
            self.store.release_idempotency(key)
        return payload
