"""The JSON guard: what it refuses, and that brackets inside strings are not nesting."""

from __future__ import annotations

import json

import pytest

from concierge.http.limits import MAX_BODY_BYTES, MAX_JSON_DEPTH, BadInput, check_headers, parse_json


def refusal(raw: bytes) -> BadInput:
    with pytest.raises(BadInput) as caught:
        parse_json(raw)
    return caught.value


def test_nesting_at_the_limit_is_accepted_and_one_more_level_is_refused():
    assert parse_json(b"[" * MAX_JSON_DEPTH + b"]" * MAX_JSON_DEPTH) is not None
    deeper = MAX_JSON_DEPTH + 1
    assert "nested deeper" in refusal(b"[" * deeper + b"]" * deeper).message


def test_brackets_and_escaped_quotes_inside_strings_are_not_nesting():
    text = 'a\\"b' + "[{" * 100
    assert parse_json(json.dumps({"notes": text}).encode()) == {"notes": text}


def test_integers_of_eighteen_digits_pass_and_longer_ones_are_refused():
    assert parse_json(b'{"n": 999999999999999999}') == {"n": 999999999999999999}
    assert "18 digits" in refusal(b'{"n": -1000000000000000000}').message


@pytest.mark.parametrize("raw", [b"NaN", b"[Infinity]", b'{"a": -Infinity}'])
def test_nan_and_infinity_are_not_numbers(raw):
    assert refusal(raw).code == "VALIDATION_ERROR"


def test_text_comes_out_nfkc_normalised_keys_included_and_a_lone_surrogate_is_refused():
    assert parse_json('{"ｔｉｍｅ": "２０:３０", "n": "ﬁle"}'.encode()) == {"time": "20:30", "n": "file"}
    assert "surrogate" in refusal(b'["\\udc00"]').message


def test_a_body_over_the_cap_is_too_large_and_an_empty_one_is_the_default():
    assert refusal(b" " * (MAX_BODY_BYTES + 1)).status == 413
    assert parse_json(b"  ", empty={}) == {}


def test_an_oversized_header_is_refused_and_headers_we_do_not_read_are_left_alone():
    with pytest.raises(BadInput):
        check_headers({"Idempotency-Key": "k" * 201})
    check_headers({"User-Agent": "u" * 10_000, "Idempotency-Key": "k" * 200})
