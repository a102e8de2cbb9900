"""Answers as JSON bytes, one encoder for every route.

orjson writes a tool's answer in a tenth of the standard library's time (compact, UTF-8, what
`json.dumps(..., ensure_ascii=False)` would write without the spaces). What orjson refuses (an
integer beyond 64 bits, a key that is not a string) is written by the standard library instead, so
an answer never fails for its encoding.
"""

from __future__ import annotations

import json

import orjson


def json_bytes(body: object) -> bytes:
    try:
        return orjson.dumps(body)
    except TypeError:  # orjson.JSONEncodeError
        return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
