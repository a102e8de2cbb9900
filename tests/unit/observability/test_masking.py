"""Masking: names keep their first letters, phones their last two digits, e-mails are hidden, secrets dropped."""

from __future__ import annotations

import json

import pytest

from concierge.masking import REDACTED, mask, mask_name, mask_phone, mask_proper_nouns, mask_text


def test_a_name_keeps_the_first_letter_of_each_word():
    assert mask_name("Mario Rossi") == "M**** R****"
    assert mask_name("Anne-Marie d'Arc").startswith("A")


@pytest.mark.parametrize(
    "key",
    ["name", "guest_name", "new name", "New-Name", "customer_name", "surname", "first_name", "last_name", "full_name"],
)
def test_values_under_name_like_keys_are_masked(key):
    assert mask({key: "Mario Rossi"}) == {key: "M**** R****"}


@pytest.mark.parametrize("key", ["restaurant_name", "tool_name", "day_name"])
def test_names_of_things_are_kept(key):
    assert mask({key: "Trattoria Roma"}) == {key: "Trattoria Roma"}


def test_tool_and_function_names_under_name_keys_are_kept():
    assert mask({"function": {"name": "create_booking"}}) == {"function": {"name": "create_booking"}}


@pytest.mark.parametrize(
    "text, digits",
    [
        ("+393331234567", "3331234567"),
        ("333 123 4567", "3331234567"),
        ("+39 06 1234 5678", "0612345678"),
        ("(555) 123-4567", "5551234567"),
        ("020 7946 0958", "02079460958"),
        ("06 12 34 56 78", "0612345678"),
        ("0039 333 1234567", "3331234567"),
    ],
)
def test_phone_numbers_in_text_are_masked_but_the_last_two_digits(text, digits):
    masked = mask_text(f"call me on {text} please")
    assert digits not in masked.replace(" ", "").replace("-", "").replace("(", "").replace(")", "")
    assert masked.removesuffix(" please").endswith(digits[-2:])


@pytest.mark.parametrize(
    "text",
    [
        "2026-02-19",
        "19/02/2026",
        "20:30",
        "2026-02-19T18:00:00+01:00",
        "4 people",
        "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
        "12345678-1234-1234-1234-123456789012",
        "booking BK-20260219-0001",
    ],
)
def test_dates_times_counts_and_ids_are_not_taken_for_phone_numbers(text):
    assert mask_text(text) == text


def test_values_under_phone_keys_are_masked_even_when_short():
    assert mask({"phone": "+393331234567"}) == {"phone": "+**********67"}
    assert mask({"new_phone": "3331234"})["new_phone"] == "*****34"
    assert mask_phone("+39 333") == "+** *33"


def test_emails_are_masked_everywhere():
    masked = mask({"email": "mario.rossi@example.com", "notes": "write to mario.rossi@example.com"})
    assert "mario" not in json.dumps(masked) and "example" not in json.dumps(masked)
    assert masked["email"] == "m***@***.com"


@pytest.mark.parametrize(
    "key",
    [
        "Authorization",
        "token",
        "access_token",
        "api_key",
        "X-Api-Key",
        "secret",
        "client_secret",
        "password",
        "credentials",
        "X-Retell-Signature",
        "x-vapi-secret",
        "refresh_token",
        "LANGFUSE_SECRET_KEY".lower(),
    ],
)
def test_secrets_are_dropped_by_key(key):
    assert mask({key: "s3cr3t-value-123", "kept": 1}) == {"kept": 1}


def test_tokens_in_text_are_redacted():
    text = mask_text(
        "Authorization: Bearer user-token-7f3a9 and sk-lf-0123456789abcdef and api_key=abcdef123 "
        "and eyJhbGciOiJI.eyJzdWIiOiIxMjM0NTY3.SflKxwRJSMeKKF2QT4fw"
    )
    for secret in ("user-token-7f3a9", "sk-lf-0123456789abcdef", "abcdef123", "eyJhbGciOiJI"):
        assert secret not in text
    assert REDACTED in text


def test_names_found_under_keys_are_masked_in_the_free_text_of_the_same_value():
    masked = mask({"name": "Mario Rossi", "message": "Booking confirmed for Mario Rossi. See you, Rossi!"})
    assert "Mario" not in masked["message"] and "Rossi" not in masked["message"]
    assert masked["message"] == "Booking confirmed for M**** R****. See you, R****!"


def test_json_inside_strings_is_masked_and_its_names_hide_elsewhere():
    messages = [
        {"role": "user", "content": "sposta la prenotazione di Bianchi"},
        {"role": "tool", "content": json.dumps({"bookings": [{"name": "Anna Bianchi", "phone": "+393401112233"}]})},
    ]
    text = json.dumps(mask(messages))
    assert "Bianchi" not in text and "3401112233" not in text and "Anna" not in text


def test_nested_lists_and_dicts_and_scalars():
    value = {
        "a": [{"guest_name": "Luca Verdi", "people": 4, "ok": True, "score": 0.5, "none": None}],
        "t": ("x", "Luca"),
    }
    masked = mask(value)
    assert masked["a"][0] == {"guest_name": "L*** V****", "people": 4, "ok": True, "score": 0.5, "none": None}
    assert masked["t"] == ["x", "L***"]


def test_the_input_is_not_modified():
    value = {"name": "Mario Rossi", "token": "t"}
    mask(value)
    assert value == {"name": "Mario Rossi", "token": "t"}


def test_proper_nouns_in_a_callers_sentence_are_masked_but_days_and_months_are_kept():
    text = mask_proper_nouns("Sposta la prenotazione di Rossi di Sabato 21 Febbraio, sono Giulia")
    assert "Rossi" not in text and "Giulia" not in text
    assert "Sabato" in text and "Febbraio" in text
