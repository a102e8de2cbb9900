"""The OpenAPI description of the tools, from the same pydantic models the code validates with.

The request schemas carry the same patterns and lengths the code enforces; the envelopes every
tool URL also accepts (Vapi `tool-calls`, Retell custom functions) are described as components,
with the limits the HTTP layer checks before any tool runs.
"""

from __future__ import annotations

from concierge.http.envelopes import MAX_CALL_ID_LENGTH
from concierge.http.limits import MAX_BODY_BYTES, MAX_JSON_DEPTH, MAX_TOOL_CALLS
from concierge.tools import TOOLS

ERROR_SCHEMA = {
    "type": "object",
    "required": ["ok", "error_code", "message"],
    "properties": {
        "ok": {"type": "boolean", "const": False},
        "error_code": {"type": "string", "examples": ["VALIDATION_ERROR", "SLOT_FULL"]},
        "message": {"type": "string"},
    },
    "additionalProperties": True,
}


CALL_ID = {"type": "string", "minLength": 1, "maxLength": MAX_CALL_ID_LENGTH}
TOOL_NAME = {"type": "string", "enum": sorted(TOOLS)}
ENVELOPES = {
    "VapiToolCalls": {
        "description": "A Vapi server message: one result per call, in order, always with HTTP 200.",
        "type": "object",
        "required": ["message"],
        "properties": {
            "message": {
                "type": "object",
                "required": ["type"],
                "properties": {
                    "type": {"const": "tool-calls"},
                    "toolCallList": {
                        "type": "array",
                        "maxItems": MAX_TOOL_CALLS,
                        "items": {
                            "type": "object",
                            "properties": {
                                "id": CALL_ID,
                                "name": TOOL_NAME,
                                "arguments": {"type": ["object", "string"]},
                                "function": {
                                    "type": "object",
                                    "properties": {
                                        "name": TOOL_NAME,
                                        "arguments": {
                                            "type": ["object", "string"],
                                            "description": "The tool's request, or it as JSON text",
                                        },
                                    },
                                },
                            },
                        },
                    },
                },
            }
        },
    },
    "VapiResults": {
        "type": "object",
        "required": ["results"],
        "properties": {
            "results": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["toolCallId", "result"],
                    "properties": {
                        "toolCallId": {"type": ["string", "null"]},
                        "result": {"type": "string", "description": "The reduced payload as one line of JSON"},
                    },
                },
            }
        },
    },
    "RetellCall": {
        "description": "A Retell custom-function call (signed with X-Retell-Signature when RETELL_API_KEY is set); "
        "answered with the reduced payload and HTTP 200.",
        "type": "object",
        "required": ["name", "args", "call"],
        "properties": {
            "name": TOOL_NAME,
            "args": {"type": "object"},
            "call": {"type": "object", "properties": {"call_id": CALL_ID}},
        },
    },
}
LIMITS = (
    f"Bodies of at most {MAX_BODY_BYTES} bytes (413 beyond), JSON nested at most {MAX_JSON_DEPTH} levels, "
    f"integers of at most 18 digits, text NFKC-normalised; every refusal is a JSON Error. Each tool URL "
    f"also takes a VapiToolCalls envelope (answered with VapiResults) or a RetellCall."
)


def _schema(model, mode: str, title: str, defs: dict) -> dict:
    schema = model.model_json_schema(mode=mode, ref_template="#/components/schemas/{model}")
    defs.update(schema.pop("$defs", {}))
    schema["title"] = title
    defs[title] = schema
    return {"$ref": f"#/components/schemas/{title}"}


ERROR_REF = {"$ref": "#/components/schemas/Error"}
REFUSALS = {
    "400": "VALIDATION_ERROR (a field named in `field`) or INVALID_ENVELOPE",
    "401": "UNAUTHORIZED: missing or wrong key or Retell signature",
    "404": "RESTAURANT_NOT_FOUND or BOOKING_NOT_FOUND",
    "409": "SLOT_FULL, DUPLICATE_BOOKING, IDEMPOTENCY_IN_PROGRESS",
    "413": "PAYLOAD_TOO_LARGE",
    "422": "A business refusal: OUTSIDE_HOURS, PAST_DATE, MAX_PEOPLE_EXCEEDED, IDEMPOTENCY_KEY_REUSED, ...",
    "default": "A back-end or internal failure (5xx); error_code says which",
}


def openapi_document() -> dict:
    defs: dict = {"Error": ERROR_SCHEMA, **ENVELOPES}
    paths = {}
    for tool in TOOLS.values():
        base = "".join(part.capitalize() for part in tool.name.split("_"))
        request_ref = _schema(tool.request, "validation", base + "Request", defs)
        response_ref = _schema(tool.response, "serialization", base + "Response", defs)
        paths[f"/api/{tool.name}"] = {
            "post": {
                "operationId": tool.name,
                "summary": tool.summary,
                "requestBody": {"required": True, "content": {"application/json": {"schema": request_ref}}},
                "responses": {
                    "200": {"description": "Done", "content": {"application/json": {"schema": response_ref}}},
                    **{
                        status: {"description": meaning, "content": {"application/json": {"schema": ERROR_REF}}}
                        for status, meaning in REFUSALS.items()
                    },
                },
            }
        }
    return {
        "openapi": "3.1.0",
        "info": {"title": "concierge booking tools", "version": "1.0.0", "description": LIMITS},
        "paths": paths,
        "components": {
            "schemas": defs,
            "securitySchemes": {
                "bearer": {"type": "http", "scheme": "bearer"},
                "vapiSecret": {"type": "apiKey", "in": "header", "name": "X-Vapi-Secret"},
            },
        },
        "security": [{"bearer": []}, {"vapiSecret": []}, {}],
    }
