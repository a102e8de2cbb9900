"""The OpenAPI description of the tools, from the same pydantic models the code validates with."""

from __future__ import annotations

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


def _schema(model, mode: str, title: str, defs: dict) -> dict:
    schema = model.model_json_schema(mode=mode, ref_template="#/components/schemas/{model}")
    defs.update(schema.pop("$defs", {}))
    schema["title"] = title
    defs[title] = schema
    return {"$ref": f"#/components/schemas/{title}"}


def openapi_document() -> dict:
    defs: dict = {"Error": ERROR_SCHEMA}
    paths = {}
    for tool in TOOLS.values():
        base = "".join(part.capitalize() for part in tool.name.split("_"))
        request_ref = _schema(tool.request, "validation", base + "Request", defs)
        response_ref = _schema(tool.response, "serialization", base + "Response", defs)
        paths[f"/api/{tool.name}"] = {"post": {
            "operationId": tool.name,
            "summary": tool.summary,
            "requestBody": {"required": True, "content": {"application/json": {"schema": request_ref}}},
            "responses": {
                "200": {"description": "Done", "content": {"application/json": {"schema": response_ref}}},
                "default": {"description": "Refused; error_code says why",
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
            },
        }}
    return {
        "openapi": "3.1.0",
        "info": {"title": "concierge booking tools", "version": "1.0.0"},
        "paths": paths,
        "components": {
            "schemas": defs,
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"},
                                "vapiSecret": {"type": "apiKey", "in": "header", "name": "X-Vapi-Secret"}},
        },
        "security": [{"bearer": []}, {"vapiSecret": []}, {}],
    }
