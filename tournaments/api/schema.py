"""The API's error answers in its OpenAPI schema: every operation lists the status codes it
may answer with the one error shape (tournaments.api.exceptions), so that clients and
contract tests know them. A drf-spectacular postprocessing hook."""

ERROR_SCHEMA = {
    "type": "object",
    "properties": {
        "error": {
            "type": "object",
            "properties": {
                "status": {"type": "integer"},
                "code": {"type": "string"},
                "message": {"type": "string"},
                "details": {},
            },
            "required": ["status", "code", "message"],
        }
    },
    "required": ["error"],
}

#: Status code -> when it is answered.
_READ_ERRORS = {
    "400": "A query parameter is invalid (its bounds are in the parameter's schema).",
    "401": "The credentials sent (a token) are invalid.",
    "404": "No such event, round, player, game, dispute or document (or not published).",
}
_WRITE_ERRORS = {
    **_READ_ERRORS,
    "400": "The body or a parameter is invalid; `details` names each field.",
    "401": "No credentials, or invalid ones: log in or send `Authorization: Token <key>`.",
    "403": "The user may not make this change in this event.",
    "409": "A tournament or game rule refuses the change; the message names it.",
    "413": "The request body is larger than the upload limit.",
    "415": "The body's media type cannot be read (send JSON).",
    "429": "Too many failed logins (the token endpoint): try again later.",
}


def error_responses(result: dict, generator, request, public: bool) -> dict:
    """Add the Error component and each operation's error responses."""
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR_SCHEMA
    reference = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for item in result.get("paths", {}).values():
        for method, operation in item.items():
            if method not in {"get", "post", "put", "patch", "delete"}:
                continue
            errors = _READ_ERRORS if method == "get" else _WRITE_ERRORS
            responses = operation.setdefault("responses", {})
            for code, description in errors.items():
                responses.setdefault(code, {"description": description, "content": reference})
            # An error an operation declares itself (a read refused: 403) has the one shape.
            for code, response in responses.items():
                if str(code).startswith("4") and "content" not in response:
                    response["content"] = reference
    return result
