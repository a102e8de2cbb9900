"""The JSON guard: what it refuses, and that brackets inside strings are not nesting."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from concierge.http.limits import (
    MAX_BODY_BYTES,
    MAX_JSON_DEPTH,
    BadInput,
    _reference,
    check_headers,
    normalise,
    parse_json,
)


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


def test_escaped_text_in_an_ascii_body_is_normalised_too():
    assert parse_json(b'{"time": "\\uff12\\uff10:30"}') == {"time": "20:30"}
    assert "surrogate" in refusal(b'{"a": "\\ud800"}').message


_TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=8)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**17), 10**17) | _TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXT, inner, max_size=4),
    max_leaves=12,
)


@settings(deadline=None)  # a loaded machine may take longer than the 200 ms default on one example
@given(_JSON, st.booleans())
def test_every_body_reads_as_the_general_nfkc_pass_reads_it_whether_written_raw_or_escaped(value, ascii_only):
    raw = json.dumps({"v": value}, ensure_ascii=ascii_only).encode("utf-8")
    assert parse_json(raw) == normalise({"v": value})


_TOKENS = st.one_of(
    st.integers(-(10**22), 10**22).map(str),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.builds(lambda a, b, e: f"{a}.{b}e{e}", st.integers(0, 10**20), st.integers(0, 10**25), st.integers(-400, 400)),
    st.sampled_from(["NaN", "-Infinity", '"\\ud800"', '"\\uff12\\uff10"', '"2026-02-20"', '"+393330000001"', "tru"]),
    _TEXT.map(json.dumps),
    _TEXT.map(lambda text: json.dumps(text, ensure_ascii=False)),
)


def _outcome(read, raw: bytes) -> object:
    try:
        return read(raw)
    except BadInput as bad:
        return (bad.status, bad.code, bad.message)


@settings(deadline=None)
@given(st.lists(_TOKENS, max_size=6), st.sampled_from([b"", b"\xef\xbb\xbf", b" \n"]), st.sampled_from([b"", b"\xff"]))
def test_every_body_is_read_and_refused_as_the_standard_library_with_the_limits_reads_it(tokens, before, after):
    raw = before + ("[" + ", ".join(tokens) + "]").encode("utf-8") + after
    assert _outcome(parse_json, raw) == _outcome(lambda body: normalise(_reference(body)), raw)


def test_a_body_over_the_cap_is_too_large_and_an_empty_one_is_the_default():
    assert refusal(b" " * (MAX_BODY_BYTES + 1)).status == 413
    assert parse_json(b"  ", empty={}) == {}


def test_an_oversized_header_is_refused_and_headers_we_do_not_read_are_left_alone():
    with pytest.raises(BadInput):
        check_headers({"Idempotency-Key": "k" * 201})
    check_headers({"User-Agent": "u" * 10_000, "Idempotency-Key": "k" * 200})
