"""The operator gate decides who is acting from the headers alone, with a hand-written directory."""

from __future__ import annotations

import datetime as dt

import pytest

from concierge.domain.operators import KEY_PREFIX, Operator, OperatorRecord, key_hash, new_operator
from concierge.http.operators import OperatorGate, OperatorUnauthorized

NOW = dt.datetime(2026, 2, 19, tzinfo=dt.timezone.utc)


class Directory:
    def __init__(self, *records: OperatorRecord) -> None:
        self.records = list(records)
        self.lookups = 0

    def operator_for_key(self, digest: str) -> Operator | None:
        self.lookups += 1
        return next((r.operator for r in self.records if r.key_hash == digest and r.active), None)

    def operator_for_email(self, email: str) -> Operator | None:
        self.lookups += 1
        return next((r.operator for r in self.records if r.operator.email == email and r.active), None)


class Tokens:
    def __init__(self, emails: dict[str, str]) -> None:
        self.emails = emails

    def verified_email(self, token: str) -> str | None:
        return self.emails.get(token)


def test_a_key_is_shown_once_and_only_its_hash_is_kept():
    record, key = new_operator("Giulia Bianchi", None, NOW)
    assert key.startswith(KEY_PREFIX) and len(key) > 40
    assert record.key_hash == key_hash(key) and key not in repr(record)


def test_the_gate_returns_the_operator_of_a_valid_key():
    record, key = new_operator("Giulia", None, NOW)
    gate = OperatorGate(Directory(record))
    assert gate.authenticate({"Authorization": f"Bearer {key}"}) == record.operator
    assert gate.authenticate({"Authorization": f"bearer  {key} "}) == record.operator


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": ""},
        {"Authorization": "Bearer "},
        {"Authorization": "Basic abc"},
        {"X-Vapi-Secret": "anything"},
    ],
)
def test_without_a_bearer_credential_the_gate_refuses_without_looking_anything_up(headers):
    directory = Directory()
    with pytest.raises(OperatorUnauthorized) as refusal:
        OperatorGate(directory).authenticate(headers)
    assert refusal.value.status == 401 and refusal.value.body["error_type"] == "auth_required"
    assert directory.lookups == 0


def test_a_credential_longer_than_any_real_one_is_refused_without_a_lookup():
    directory = Directory()
    with pytest.raises(OperatorUnauthorized):
        OperatorGate(directory).authenticate({"Authorization": "Bearer " + "k" * 5000})
    assert directory.lookups == 0


def test_a_revoked_key_is_refused():
    record, key = new_operator("Giulia", None, NOW)
    revoked = OperatorRecord(record.operator, record.key_hash, NOW, revoked_at=NOW)
    with pytest.raises(OperatorUnauthorized):
        OperatorGate(Directory(revoked)).authenticate({"Authorization": f"Bearer {key}"})


def test_an_id_token_maps_to_the_operator_with_that_email_case_insensitively():
    record, _key = new_operator("Giulia", "giulia@example.com", NOW)
    jwt = "eyJhbGciOiJSUzI1NiJ9.eyJlbWFpbCI6ImcifQ.c2ln"
    gate = OperatorGate(Directory(record), Tokens({jwt: "Giulia@Example.com"}))
    assert gate.authenticate({"Authorization": f"Bearer {jwt}"}) == record.operator
    with pytest.raises(OperatorUnauthorized):
        gate.authenticate({"Authorization": "Bearer eyJhbGciOiJSUzI1NiJ9.e30.bm9wZQ"})


def test_without_google_sign_in_an_id_token_is_just_an_unknown_key():
    record, _key = new_operator("Giulia", "giulia@example.com", NOW)
    with pytest.raises(OperatorUnauthorized):
        OperatorGate(Directory(record)).authenticate({"Authorization": "Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln"})


@pytest.mark.parametrize("name, email", [("", None), ("x" * 121, None), ("Ana", "nope"), ("Ana", "a b@c.d")])
def test_a_new_operator_needs_a_name_and_a_real_email(name, email):
    with pytest.raises(ValueError):
        new_operator(name, email, NOW)
