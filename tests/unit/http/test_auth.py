"""API key and Retell signature checks."""

from __future__ import annotations

from concierge.http.auth import has_api_key, retell_signature, retell_signature_is_valid

BODY = b'{"name":"check_openings","args":{},"call":{}}'
NOW_MS = 1_771_520_000_000


def test_a_signature_made_with_the_key_over_body_and_timestamp_is_valid():
    assert retell_signature_is_valid(BODY, retell_signature(BODY, "k", NOW_MS), "k", NOW_MS + 1000)


def test_a_signature_over_another_body_is_invalid():
    assert not retell_signature_is_valid(BODY + b" ", retell_signature(BODY, "k", NOW_MS), "k", NOW_MS)


def test_a_signature_older_than_five_minutes_is_invalid():
    assert not retell_signature_is_valid(BODY, retell_signature(BODY, "k", NOW_MS), "k", NOW_MS + 5 * 60 * 1000 + 1)


def test_a_garbled_signature_header_is_invalid():
    for header in (None, "", "v=abc,d=00", "d=00,v=1", f"v={NOW_MS}"):
        assert not retell_signature_is_valid(BODY, header, "k", NOW_MS)


def test_the_api_key_is_read_from_a_bearer_token_or_the_vapi_secret_header():
    assert has_api_key({"Authorization": "Bearer s3cret"}, "s3cret")
    assert has_api_key({"X-Vapi-Secret": "s3cret"}, "s3cret")
    assert not has_api_key({"Authorization": "Basic s3cret"}, "s3cret")
    assert not has_api_key({}, "s3cret")
