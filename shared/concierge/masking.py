"""Masking of personal data and secrets before anything leaves the process (traces, logs).

`mask(value)` walks strings, dicts, lists and tuples (and JSON held in strings, such as tool
messages sent to an LLM) and returns a masked copy:

- secrets and tokens are dropped by key (authorization, token, api_key, secret, password,
  credentials, cookie, signature, ...) and `Bearer ...` / JWT-looking text is redacted;
- names under name-like keys (name, guest_name, "new name", surname, ...) keep their first
  letter per word ("Mario Rossi" -> "M**** R****"); those names are also masked wherever they
  appear in the free text of the same value (a confirmation message, the caller's sentence);
- phone numbers (E.164 or local-looking, 7 to 15 digits, not dates) keep their "+" and last two
  digits; e-mail addresses keep their first letter and top-level domain.

Only the standard library: importing it costs nothing at cold start.
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterable

REDACTED = "[REDACTED]"

_SECRET_KEYS = frozenset(
    {
        "authorization",
        "proxy_authorization",
        "token",
        "access_token",
        "refresh_token",
        "id_token",
        "auth_token",
        "bearer",
        "api_key",
        "apikey",
        "x_api_key",
        "secret",
        "client_secret",
        "secret_key",
        "password",
        "passwd",
        "pwd",
        "credentials",
        "credential",
        "cookie",
        "set_cookie",
        "signature",
        "x_retell_signature",
        "x_vapi_secret",
        "private_key",
        "private_key_id",
        "service_account",
        "session_token",
    }
)
_SECRET_SUFFIXES = (
    "_token",
    "_secret",
    "_password",
    "_api_key",
    "_apikey",
    "_credentials",
    "_signature",
    "_private_key",
    "_auth",
)

_NAME_KEYS = frozenset(
    {
        "name",
        "names",
        "surname",
        "first_name",
        "last_name",
        "full_name",
        "given_name",
        "family_name",
        "middle_name",
        "nickname",
        "guest",
        "customer",
        "caller",
        "patient",
        "contact",
        "booked_by",
        "booking_for",
        "under_name",
    }
)
# Free-text searches for a booking (by guest name or phone): everything in them is treated as a name.
_SEARCH_KEYS = frozenset({"search_text", "search", "query", "q", "search_query", "who", "name_or_phone"})
_PERSON_PREFIXES = frozenset(
    {
        "guest",
        "customer",
        "caller",
        "contact",
        "new",
        "old",
        "current",
        "previous",
        "booking",
        "booked",
        "client",
        "patient",
        "person",
        "user",
        "owner",
        "holder",
        "display",
        "party",
        "lead",
        "reservation",
        "full",
        "preferred",
    }
)
_ADDRESS_HINTS = ("address",)  # a client's address text: its words keep their first letter, like a name
_PHONE_HINTS = ("phone", "mobile", "telephone", "msisdn", "cell")
_PHONE_KEYS = frozenset({"tel", "new_tel", "caller_number", "customer_number", "from_number", "to_number", "number"})
_EMAIL_HINTS = ("email", "e_mail", "mail")

_KEY_NORMAL = re.compile(r"[^a-z0-9]+")
_IDENTIFIER = re.compile(r"[a-z0-9]+(?:[_:.\-][a-z0-9]+)+")  # tool and action names: create_booking, submit_plan

_EMAIL = re.compile(
    r"(?<![\w.+-])([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*"
    r"\.([A-Za-z]{2,24})\b"
)
# A run of digits with phone separators, not glued to letters, hyphenated ids or other digits.
_PHONE_CANDIDATE = re.compile(r"(?<![\w\-/.+])(?:\+|00)?\(?\d[\d \u00a0().\-/]{5,22}\d(?![\w\-/])")
_DATE = re.compile(r"\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|\d{4}[-/.]\d{1,2}")
_BEARER = re.compile(r"\b(Bearer|Basic|Token)\s+[A-Za-z0-9\-._~+/=:]{6,}", re.IGNORECASE)
_JWT = re.compile(r"\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}")
_KEY_VALUE_SECRET = re.compile(
    r"(?i)\b(api[_-]?key|token|secret|password|passwd|authorization|access[_-]?token|sk)([\"']?\s*[:=]\s*[\"']?)"
    r"[^\s\"'&,;}]{4,}"
)
_SK = re.compile(r"\b(?:sk|pk|rk)-(?:lf-|proj-|live-|test-)?[A-Za-z0-9_\-]{12,}")
_WORD = re.compile(r"[^\W\d_][^\W\d_'’\-]*", re.UNICODE)


_CAMEL = re.compile(r"([a-z0-9])([A-Z])")


def normal_key(key: Any) -> str:
    """snake_case of a key, camelCase ones included (the chat manual's clientFullName, clientPhone)."""
    return _KEY_NORMAL.sub("_", _CAMEL.sub(r"\1_\2", str(key)).lower()).strip("_")


_SECRET_PARTS = re.compile(r"secret|passw|credential|token(?!s)|api_?key|private_?key|access_?key|signing_?key|cookie")


def is_secret_key(key: Any) -> bool:
    k = normal_key(key)
    return k in _SECRET_KEYS or k.endswith(_SECRET_SUFFIXES) or bool(_SECRET_PARTS.search(k))


def is_name_key(key: Any) -> bool:
    k = normal_key(key)
    if k in _NAME_KEYS or k in _SEARCH_KEYS or (any(h in k for h in _ADDRESS_HINTS) and "mail" not in k):
        return True
    for suffix in ("_name", "_names", "_surname"):
        if k.endswith(suffix):
            return k[: -len(suffix)].rsplit("_", 1)[-1] in _PERSON_PREFIXES
    return False


def is_phone_key(key: Any) -> bool:
    k = normal_key(key)
    return k in _PHONE_KEYS or any(h in k for h in _PHONE_HINTS)


def is_email_key(key: Any) -> bool:
    k = normal_key(key)
    return any(k == h or k.endswith("_" + h) or k.startswith(h + "_") for h in _EMAIL_HINTS)


def mask_name(value: str) -> str:
    """Each word keeps its first letter: "Mario Rossi" -> "M**** R****"."""
    return _WORD.sub(lambda m: m.group(0)[0] + "*" * (len(m.group(0)) - 1), value)


def mask_phone(value: str) -> str:
    """Digits become '*' except the last two; a leading '+' stays: "+39 333 123 4567" -> "+** *** *** **67"."""
    digits = sum(c.isdigit() for c in value)
    seen = 0
    out = []
    for c in value:
        if c.isdigit():
            seen += 1
            out.append(c if seen > digits - 2 else "*")
        else:
            out.append(c)
    return "".join(out)


def _phone_match(match: re.Match) -> str:
    text = match.group(0)
    digits = sum(c.isdigit() for c in text)
    if not 7 <= digits <= 15 or _DATE.fullmatch(text.strip()):
        return text
    if text.count("(") != text.count(")") and not text.startswith("("):
        return text
    return mask_phone(text)


def mask_text(text: str, names: Iterable[str] = ()) -> str:
    """Secrets, e-mails and phone numbers in free text; and the given names wherever they appear."""
    if not text:
        return text
    text = _BEARER.sub(lambda m: f"{m.group(1)} {REDACTED}", text)
    text = _JWT.sub(REDACTED, text)
    text = _SK.sub(REDACTED, text)
    text = _KEY_VALUE_SECRET.sub(lambda m: f"{m.group(1)}{m.group(2)}{REDACTED}", text)
    text = _EMAIL.sub(lambda m: f"{m.group(1)}***@***.{m.group(2)}", text)
    if any(c.isdigit() for c in text):
        text = _PHONE_CANDIDATE.sub(_phone_match, text)
    words = _name_words(names)
    if words:
        pattern = re.compile(
            r"(?<!\w)(" + "|".join(map(re.escape, sorted(words, key=len, reverse=True))) + r")(?!\w)", re.IGNORECASE
        )
        text = pattern.sub(lambda m: mask_name(m.group(0)), text)
    return text


def _name_words(names: Iterable[str]) -> set[str]:
    words: set[str] = set()
    for name in names:
        for word in _WORD.findall(name):
            if len(word) >= 3 and "*" not in word:
                words.add(word)
    return words


def _json_in(text: str) -> Any:
    stripped = text.strip()
    if len(stripped) >= 2 and stripped[0] in "{[" and stripped[-1] in "}]":
        try:
            return json.loads(stripped)
        except ValueError:
            return None
    return None


def _collect_names(value: Any, found: set[str], depth: int = 0) -> None:
    if depth > 12:
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, str) and is_name_key(key) and not _IDENTIFIER.fullmatch(item):
                found.add(item)
            elif isinstance(item, (list, tuple)) and is_name_key(key):
                found.update(v for v in item if isinstance(v, str) and not _IDENTIFIER.fullmatch(v))
            elif isinstance(item, (dict, list, tuple)):
                _collect_names(item, found, depth + 1)
            elif isinstance(item, str):
                parsed = _json_in(item)
                if parsed is not None:
                    _collect_names(parsed, found, depth + 1)
    elif isinstance(value, (list, tuple)):
        for item in value:
            if isinstance(item, str):
                parsed = _json_in(item)
                if parsed is not None:
                    _collect_names(parsed, found, depth + 1)
            else:
                _collect_names(item, found, depth + 1)


# Capitalised words that are not names, kept by mask_proper_nouns (days, months, pronouns; it/en/fr/pt).
_COMMON_CAPITALISED = frozenset(
    """
i i'm i'll i'd ok okay move change cancel book booking add remove find check sono è é what when where which how
hi hello yes no please thanks thank the a an and but can could would will is are this that
monday tuesday wednesday thursday friday saturday sunday january february march april may june july august
september october november december today tomorrow tonight mr mrs ms dr
lunedì lunedi martedì martedi mercoledì mercoledi giovedì giovedi venerdì venerdi sabato domenica gennaio febbraio
marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre oggi domani stasera ciao buongiorno
buonasera grazie sì si vorrei posso può puoi sposta cancella prenota prenotazione il la lo le gli un una per di
lundi mardi mercredi jeudi vendredi samedi dimanche janvier février fevrier mars avril mai juin juillet août aout
septembre octobre novembre décembre decembre aujourd'hui demain bonjour bonsoir merci oui je nous vous pouvez
segunda terça terca quarta quinta sexta sábado domingo janeiro fevereiro março marco abril maio junho julho agosto
setembro outubro novembro dezembro hoje amanhã amanha olá ola obrigado obrigada sim não nao eu
""".split()
)


def mask_proper_nouns(text: str) -> str:
    """Free text that may name people (a caller's sentence): every capitalised word outside a small list of
    days, months and common words keeps only its first letter. Phones, e-mails and secrets as in mask_text."""
    text = mask_text(text)
    return _WORD.sub(
        lambda m: (
            mask_name(m.group(0))
            if m.group(0)[0].isupper() and len(m.group(0)) > 1 and m.group(0).lower() not in _COMMON_CAPITALISED
            else m.group(0)
        ),
        text,
    )


def names_in(value: Any) -> set[str]:
    """The names held under name-like keys anywhere in value (including JSON in strings)."""
    found: set[str] = set()
    _collect_names(value, found)
    return found


def mask(value: Any, names: Iterable[str] = ()) -> Any:
    """A masked copy of value (str, dict, list, tuple, scalars); `names` are more names to hide in free text."""
    found: set[str] = {n for n in names if isinstance(n, str)}
    _collect_names(value, found)
    return _mask(value, frozenset(found), 0)


def _mask_value_under(key: Any, value: Any, names: frozenset[str], depth: int) -> Any:
    if isinstance(value, (list, tuple)) and is_name_key(key):
        return [
            mask_name(v) if isinstance(v, str) and not _IDENTIFIER.fullmatch(v) else _mask(v, names, depth + 1)
            for v in value
        ]
    if isinstance(value, str):
        if is_name_key(key):
            return value if _IDENTIFIER.fullmatch(value) else mask_name(mask_text(value))
        if is_phone_key(key):
            return mask_phone(value) if any(c.isdigit() for c in value) else mask_text(value, names)
        if is_email_key(key) and "@" in value:
            return _EMAIL.sub(lambda m: f"{m.group(1)}***@***.{m.group(2)}", value)
    if isinstance(value, int) and not isinstance(value, bool) and is_phone_key(key) and len(str(abs(value))) >= 7:
        return mask_phone(str(value))
    return _mask(value, names, depth + 1)


def _mask(value: Any, names: frozenset[str], depth: int) -> Any:
    if depth > 20:
        return "[TOO DEEP]"
    if isinstance(value, str):
        parsed = _json_in(value)
        if isinstance(parsed, (dict, list)):
            return json.dumps(_mask(parsed, names, depth + 1), ensure_ascii=False)
        return mask_text(value, names)
    if isinstance(value, dict):
        return {
            key: _mask_value_under(key, item, names, depth) for key, item in value.items() if not is_secret_key(key)
        }
    if isinstance(value, (list, tuple)):
        return [_mask(item, names, depth + 1) for item in value]
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return mask_text(str(value), names)
