"""The console's session cookie: signed, expiring, never holding a key; a sign-in starts a new session."""

from __future__ import annotations

import time

from concierge.web.console.session import MAX_RECENT_PLANS, ConsoleConfig, ConsoleSession, SessionCodec


def test_a_session_survives_the_round_trip_through_its_cookie():
    codec = SessionCodec(ConsoleConfig(secret="s" * 32))
    session = ConsoleSession.fresh().signed_in("op_1", 1_700_000_000).with_plan("p1")
    assert codec.loads(codec.dumps(session)) == session


def test_a_cookie_signed_with_another_secret_or_altered_is_no_session():
    mine, theirs = SessionCodec(ConsoleConfig(secret="a" * 32)), SessionCodec(ConsoleConfig(secret="b" * 32))
    value = theirs.dumps(ConsoleSession.fresh().signed_in("op_1", 1))
    assert mine.loads(value) is None
    good = mine.dumps(ConsoleSession.fresh())
    assert mine.loads(good[:-3] + ("xyz" if not good.endswith("xyz") else "abc")) is None
    assert mine.loads("") is None and mine.loads(None) is None and mine.loads("x" * 5000) is None


def test_a_cookie_older_than_the_session_length_is_no_session(monkeypatch):
    codec = SessionCodec(ConsoleConfig(secret="s" * 32, session_seconds=60))
    now = time.time()
    with monkeypatch.context() as past:
        past.setattr(time, "time", lambda: now - 61)
        old = codec.dumps(ConsoleSession.fresh())
    assert codec.loads(old) is None
    with monkeypatch.context() as nearly:
        nearly.setattr(time, "time", lambda: now - 59)
        recent = codec.dumps(ConsoleSession.fresh())
    assert codec.loads(recent) is not None


def test_signing_in_draws_a_new_session_id_and_csrf_token():
    anonymous = ConsoleSession.fresh()
    signed = anonymous.signed_in("op_1", 5)
    assert signed.sid != anonymous.sid and signed.csrf != anonymous.csrf
    assert signed.csrf_matches(signed.csrf) and not signed.csrf_matches(anonymous.csrf)
    assert not signed.csrf_matches("") and not signed.csrf_matches(None)


def test_the_recent_plans_are_few_newest_first_without_repeats():
    session = ConsoleSession.fresh()
    for n in range(MAX_RECENT_PLANS + 3):
        session = session.with_plan(f"p{n}")
    session = session.with_plan("p5")
    assert (
        session.plans[0] == "p5"
        and len(session.plans) == MAX_RECENT_PLANS
        and len(set(session.plans)) == len(session.plans)
    )


def test_the_secret_is_not_in_the_configs_repr():
    assert "topsecret" not in repr(ConsoleConfig(secret="topsecret" * 4))
