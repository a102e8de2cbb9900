"""Operators sign in with their own credential; a plan belongs to the operator who asked for it.

Over HTTP on both stores: keys issued by `concierge operators add`, stored only as hashes,
revoked by `concierge operators revoke`; Google ID tokens mapped to operators by email.
"""

from __future__ import annotations

import datetime as dt
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from concierge.adapters.store.operators import EmailTaken
from concierge.bootstrap import build_store
from concierge.cli import main
from concierge.domain.operators import key_hash, new_operator
from tests.integration.conftest import OPERATOR_KEYS
from tests.integration.test_plans import NEW, book, settled, stored_plan
from tests.support import firestore_emulator

OWNER = {"Authorization": f"Bearer {OPERATOR_KEYS['u1']}"}
OTHER = {"Authorization": f"Bearer {OPERATOR_KEYS['u2']}"}
MADE_UP = {"Authorization": "Bearer cop_made-up-key-that-nobody-was-issued"}
NOW = dt.datetime(2026, 2, 19, 17, tzinfo=dt.timezone.utc)


def cli(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# --- the store keeps operators, never their keys ----------------------------------------------------


def test_an_operator_is_found_by_the_hash_of_their_key_and_by_email_until_revoked(settings_for):
    store = build_store(settings_for())
    record, key = new_operator("Giulia  Bianchi", "Giulia@Example.com", NOW)
    store.add_operator(record)
    assert store.operator_for_key(key_hash(key)) == record.operator
    assert record.operator.name == "Giulia Bianchi" and record.operator.email == "giulia@example.com"
    assert store.operator_for_email("giulia@example.com") == record.operator
    assert store.operator_for_key(key_hash(key + "x")) is None
    assert [r.operator.operator_id for r in store.operators()] == [record.operator.operator_id]
    assert store.revoke_operator(record.operator.operator_id, NOW) is True
    assert store.operator_for_key(key_hash(key)) is None and store.operator_for_email("giulia@example.com") is None
    assert store.revoke_operator(record.operator.operator_id, NOW) is False
    assert store.operators()[0].revoked_at is not None


def test_two_active_operators_cannot_share_an_email_but_a_revoked_one_frees_it(settings_for):
    store = build_store(settings_for())
    first, _ = new_operator("Ana", "ana@example.com", NOW)
    store.add_operator(first)
    second, key = new_operator("Ana again", "ana@example.com", NOW)
    with pytest.raises(EmailTaken):
        store.add_operator(second)
    assert store.operator_for_key(key_hash(key)) is None  # nothing of the refused operator was written
    store.revoke_operator(first.operator.operator_id, NOW)
    store.add_operator(second)
    assert store.operator_for_email("ana@example.com") == second.operator


# --- from a fresh machine to a confirmed plan, with the CLI -------------------------------------------


def test_a_newcomer_adds_an_operator_and_confirms_a_plan_with_the_key_they_were_given(
    serve, tmp_path, capsys, store_kind, monkeypatch
):
    monkeypatch.setenv("CONCIERGE_STORE", store_kind)
    monkeypatch.setenv("CONCIERGE_FIRESTORE_PROJECT", firestore_emulator.PROJECT)
    data = str(tmp_path / "data")
    code, key, err = cli(capsys, "operators", "add", "Giulia Bianchi", "--email", "giulia@example.com", "--data", data)
    key = key.strip()
    assert code == 0 and key.startswith("cop_") and "shown once" in err
    api = serve(data_dir=tmp_path / "data")
    book(api)
    headers = {"Authorization": f"Bearer {key}"}
    asked = api.call(
        "plan_request",
        {"session_id": "s1", "venue_id": "roma", "message": "Move Mario Rossi's booking to Saturday at 9pm"},
        headers=headers,
    )
    assert asked.status_code == 200, asked.text
    plan = asked.json()["plan"]
    operator_id = err.split()[1]
    assert plan["user_id"] == operator_id
    assert api.call("plan_confirm", {"plan_id": plan["plan_id"]}, headers=headers).json()["status"] == "confirmed"
    deadline = time.monotonic() + 15
    while api.call("plan_status", {"plan_id": plan["plan_id"]}, headers=headers).json()["status"] != "completed":
        assert time.monotonic() < deadline
        time.sleep(0.05)

    code, listing, _ = cli(capsys, "operators", "list", "--data", data)
    assert code == 0 and operator_id in listing and "giulia@example.com" in listing and "active" in listing
    assert key not in listing and key_hash(key) not in listing
    assert cli(capsys, "operators", "revoke", operator_id, "--data", data)[0] == 0
    assert "revoked" in cli(capsys, "operators", "list", "--data", data)[1]
    refused = api.call("plan_status", {"plan_id": plan["plan_id"]}, headers=headers)
    assert (refused.status_code, refused.json()["error_type"]) == (401, "auth_required")
    assert cli(capsys, "operators", "revoke", operator_id, "--data", data)[0] == 2


def test_the_cli_refuses_an_empty_name_and_a_malformed_email(tmp_path, capsys, store_kind, monkeypatch):
    monkeypatch.setenv("CONCIERGE_STORE", store_kind)
    monkeypatch.setenv("CONCIERGE_FIRESTORE_PROJECT", firestore_emulator.PROJECT)
    assert cli(capsys, "operators", "add", "   ", "--data", str(tmp_path))[0] == 2
    code, out, err = cli(capsys, "operators", "add", "Ana", "--email", "not-an-email", "--data", str(tmp_path))
    assert code == 2 and out == "" and "not an email" in err


# --- a plan is its operator's --------------------------------------------------------------------------


def test_another_operators_credential_cannot_read_confirm_or_answer_a_plan(api):
    plan_id = stored_plan(api, [("create_booking", NEW)])
    for function, extra in (("plan_status", {}), ("plan_confirm", {}), ("plan_answer", {"user_message": "x"})):
        response = api.call(function, {"plan_id": plan_id, **extra}, headers=OTHER)
        assert (response.status_code, response.json()["error_type"]) == (403, "auth_required"), function
        assert "Nuovo" not in response.text
    assert api.store.get_plan(plan_id).status == "pending_confirmation"
    assert api.call("plan_status", {"plan_id": plan_id}, headers=OWNER).status_code == 200


def test_a_made_up_or_missing_credential_is_refused_before_any_work(api):
    plan_id = stored_plan(api, [("create_booking", NEW)])
    huge = {"session_id": "s-probe", "venue_id": "roma", "message": "Move Rossi's booking " * 5000}
    for headers in (MADE_UP, {}, {"Authorization": "Basic dTE6cGFzcw=="}, {"Authorization": "Bearer " + "x" * 5000}):
        for function, body in (
            ("plan_status", {"plan_id": plan_id}),
            ("plan_confirm", {"plan_id": plan_id}),
            ("plan_answer", {"plan_id": plan_id, "user_message": "x"}),
            ("plan_request", huge),
        ):
            response = api.call(function, body, headers=headers)
            assert (response.status_code, response.json()["error_type"]) == (401, "auth_required"), function
    assert api.store.get_session("s-probe") is None
    assert api.store.get_plan(plan_id).status == "pending_confirmation"


def test_a_body_user_id_that_disagrees_with_the_credential_is_refused(api):
    plan_id = stored_plan(api, [("create_booking", NEW)])
    response = api.call("plan_status", {"plan_id": plan_id, "user_id": "u2"}, headers=OWNER)
    assert (response.status_code, response.json()["error_type"]) == (403, "auth_required")
    # the owner's own id in the body is accepted, as the contract's callers send it
    assert api.call("plan_status", {"plan_id": plan_id, "user_id": "u1"}, headers=OWNER).status_code == 200
    asked = api.call(
        "plan_request",
        {"session_id": "s9", "user_id": "u1-not", "venue_id": "roma", "message": "Move Rossi's booking to Saturday"},
        headers=OWNER,
    )
    assert asked.status_code == 403 and api.store.get_session("s9") is None


def test_the_tool_key_is_not_an_operator_credential(serve):
    api = serve(api_key="the-tool-key")
    plan_id = stored_plan(api, [("create_booking", NEW)])
    response = api.call("plan_status", {"plan_id": plan_id}, headers={"Authorization": "Bearer the-tool-key"})
    assert response.status_code == 401
    assert api.call("plan_status", {"plan_id": plan_id}, headers=OWNER).status_code == 200


def test_internal_routes_of_the_local_server_need_the_service_key(serve):
    api = serve(api_key="the-tool-key")
    plan_id = stored_plan(api, [("create_booking", NEW)], status="confirmed", confirmed_at=NOW)
    for function, body in (
        ("plan_execute", {"plan_id": plan_id}),
        ("plan_rollback", {"plan_id": plan_id}),
        ("plans_cleanup", {}),
        ("registry_refresh", {}),
    ):
        for headers in ({}, OWNER, {"Authorization": "Bearer wrong"}):
            response = api.call(function, body, headers=headers)
            assert (response.status_code, response.json()["error_type"]) == (401, "auth_required"), function
    assert api.store.get_plan(plan_id).status == "confirmed"
    done = api.call("plan_execute", {"plan_id": plan_id}, headers={"Authorization": "Bearer the-tool-key"})
    assert done.status_code == 200
    assert settled(api, plan_id)["status"] == "completed"


# --- Google sign-in ---------------------------------------------------------------------------------------


class _Certs(BaseHTTPRequestHandler):
    body = b"{}"

    def do_GET(self):  # noqa: N802 - the standard library's name
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, *args):
        pass


@pytest.fixture
def google():
    """A local stand-in for Google's certificate endpoint, and a signer of ID tokens with its key."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import rsa
    from cryptography.x509.oid import NameOID
    from google.auth import crypt, jwt

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "test-google")])
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(1)
        .not_valid_before(dt.datetime(2020, 1, 1))
        .not_valid_after(dt.datetime(2100, 1, 1))
        .sign(key, hashes.SHA256())
    )
    pem_key = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()
    handler = type(
        "Certs",
        (_Certs,),
        {"body": json.dumps({"kid-1": cert.public_bytes(serialization.Encoding.PEM).decode()}).encode()},
    )
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    signer = crypt.RSASigner.from_string(pem_key, key_id="kid-1")

    def token(
        email: str,
        audience: str = "concierge-client",
        verified: bool = True,
        issuer: str = "https://accounts.google.com",
        expires_in: int = 600,
    ) -> str:
        now = int(time.time())
        claims = {
            "iss": issuer,
            "aud": audience,
            "sub": "1234",
            "email": email,
            "email_verified": verified,
            "iat": now,
            "exp": now + expires_in,
        }
        return jwt.encode(signer, claims).decode()

    token.certs_url = f"http://127.0.0.1:{server.server_port}/certs"
    yield token
    server.shutdown()


def test_a_google_id_token_signs_in_the_operator_with_that_email(serve, google, monkeypatch):
    import dataclasses

    from concierge import bootstrap

    real = bootstrap.build_operator_gate
    monkeypatch.setattr(
        "tests.integration.conftest.build_operator_gate",
        lambda settings, store: real(
            dataclasses.replace(settings, operator_audience="concierge-client", operator_certs_url=google.certs_url),
            store,
        ),
    )
    api = serve()
    record, _key = new_operator("Giulia", "giulia@example.com", NOW)
    api.store.add_operator(record)
    plan = api.call(
        "plan_request",
        {"session_id": "g1", "venue_id": "roma", "message": "Move Rossi's booking"},
        headers={"Authorization": f"Bearer {google('Giulia@example.com')}"},
    )
    assert plan.status_code == 200, plan.text
    assert api.store.get_session("g1") is not None
    for refused in (
        google("someone@example.com"),
        google("giulia@example.com", audience="another-app"),
        google("giulia@example.com", verified=False),
        google("giulia@example.com", issuer="evil"),
        google("giulia@example.com", expires_in=-600),
        google("giulia@example.com")[:-4] + "AAAA",
    ):
        response = api.call(
            "plan_status",
            {"plan_id": "00000000-0000-4000-8000-000000000000"},
            headers={"Authorization": f"Bearer {refused}"},
        )
        assert response.status_code == 401, response.text
