"""Limits checked before any work: body size, JSON shape, header lengths, and one spelling of text.

Every request body is read through `read_body` (at most MAX_BODY_BYTES) and parsed through
`parse_json`, which refuses what Python's parser would accept but the rest of the code would
choke on: integers longer than a 64-bit number, NaN and Infinity, nesting deeper than
MAX_JSON_DEPTH, and lone UTF-16 surrogates. Strings come out NFKC-normalised, so full-width
digits ("２０:３０") and other compatibility forms read the same to every later check.

The standard library's parser with hooks is the reference. orjson reads a body first when nothing
in it could meet those hooks (no run of 19 characters a long number is made of): it refuses NaN,
Infinity, lone surrogates and invalid UTF-8 by itself, and whatever it refuses is read again by the
reference, so every refusal keeps its message.
"""

from __future__ import annotations

import json
import re
import threading
import unicodedata
from typing import Mapping

import orjson

MAX_BODY_BYTES = 64 * 1024
MAX_JSON_DEPTH = 32
MAX_INTEGER_DIGITS = 18  # a signed 64-bit integer has 19; nothing we take is that large
MAX_TOOL_CALLS = 16  # per Vapi envelope; an agent asks for one to three at a time
MAX_HEADER_LENGTHS = {  # headers we read; longer values are refused before they are parsed
    "Authorization": 4096,
    "X-Vapi-Secret": 512,
    "X-Retell-Signature": 128,
    "Idempotency-Key": 200,
    "X-Action-Token": 4096,
    "X-Cloud-Trace-Context": 128,
    "traceparent": 128,
}

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)  # unrolled: one step per run of plain characters
_NOT_A_BRACKET = re.compile(rb"[^\[\]{}]+")
# A number the hooks below would look at twice: more than 18 digits, or a float written longer than 40.
_LONG_NUMBER = re.compile(rb"[0-9][0-9.eE+-]{18}")


class BadInput(Exception):
    """A request refused at the door: HTTP status, error code and a message for the developer."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def too_large() -> BadInput:
    return BadInput(413, "PAYLOAD_TOO_LARGE", f"The body is larger than {MAX_BODY_BYTES} bytes.")


def check_headers(headers: Mapping[str, str]) -> None:
    for name, limit in MAX_HEADER_LENGTHS.items():
        value = headers.get(name)
        if value is not None and len(value) > limit:
            raise BadInput(400, "VALIDATION_ERROR", f"The {name} header is longer than {limit} characters.")


def _depth(raw: bytes) -> int:
    """The deepest nesting of arrays and objects, strings skipped; linear in the body's size."""
    if raw.count(b"[") + raw.count(b"{") <= MAX_JSON_DEPTH:
        return MAX_JSON_DEPTH  # not enough brackets to nest deeper (the common case: no scan at all)
    structure = _NOT_A_BRACKET.sub(b"", _STRING.sub(b"", raw))
    depth = deepest = 0
    for byte in structure:
        if byte in (0x5B, 0x7B):  # [ {
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):  # ] }
            depth -= 1
    return deepest


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INTEGER_DIGITS:
        raise BadInput(400, "VALIDATION_ERROR", f"A number in the body has more than {MAX_INTEGER_DIGITS} digits.")
    return int(text)


def _float(text: str) -> float:
    if len(text) > 40:
        raise BadInput(400, "VALIDATION_ERROR", "A number in the body is too long.")
    return float(text)


def _constant(name: str) -> float:
    raise BadInput(400, "VALIDATION_ERROR", f"{name} is not a JSON number.")


_decoders = threading.local()


def _decoder() -> json.JSONDecoder:
    """This thread's decoder with the limits' hooks: json.loads with hooks builds one per call, which
    costs half the parse of a tool's body. One per thread: the hooks run Python mid-scan."""
    decoder = getattr(_decoders, "decoder", None)
    if decoder is None:
        decoder = _decoders.decoder = json.JSONDecoder(parse_int=_integer, parse_float=_float, parse_constant=_constant)
    return decoder


def normalise(value: object) -> object:
    """NFKC-normalised strings (keys too) all the way down; a lone surrogate is refused."""
    if isinstance(value, str):
        if value.isascii():
            return value  # ASCII is its own NFKC form and holds no surrogate: the common case, no copy
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise BadInput(
                400, "VALIDATION_ERROR", "The body holds a lone UTF-16 surrogate, which is not text."
            ) from None
        return unicodedata.normalize("NFKC", value)
    if isinstance(value, dict):
        return {normalise(k): normalise(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normalise(v) for v in value]
    return value


def _reference(raw: bytes) -> object:
    """The body as the standard library reads it (as json.loads would), with the limits' hooks."""
    try:
        return _decoder().decode(raw.decode(json.detect_encoding(raw), "surrogatepass"))
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        raise BadInput(400, "VALIDATION_ERROR", "The body is not valid JSON.") from None


def parse_json(raw: bytes | str, empty: object = None) -> object:
    """The body as JSON within the limits above, or BadInput. An empty body is `empty`."""
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogatepass")
    if len(raw) > MAX_BODY_BYTES:
        raise too_large()
    if not raw.strip():
        return empty
    if _depth(raw) > MAX_JSON_DEPTH:
        raise BadInput(400, "VALIDATION_ERROR", f"The body is nested deeper than {MAX_JSON_DEPTH} levels.")
    try:
        parsed = orjson.loads(raw) if _LONG_NUMBER.search(raw) is None else _reference(raw)
    except orjson.JSONDecodeError:
        parsed = _reference(raw)
    if raw.isascii() and b"\\u" not in raw:
        return parsed  # every string in it is ASCII: already NFKC, no surrogate (the common body)
    return normalise(parsed)
