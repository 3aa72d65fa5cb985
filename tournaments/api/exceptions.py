"""One JSON error shape for every API error, produced by one exception handler:

    {"error": {"status": 404, "code": "not_found", "message": "...", "details": {...}}}

`details` holds the per-field messages of a validation error (DRF's own structure) and is
omitted otherwise. A service's refusal (tournaments.services.errors.TournamentError and its
subclasses, the games services' errors among them) is a 409 Conflict whose code is the
class's declared ``default_code`` (as DRF's exceptions declare theirs) and whose message
is the service's own text (it names the object and the rule); a Django
ValidationError from a model's rules is a 400.
"""

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from tournaments.services.errors import TournamentError


class ServiceRefusal(exceptions.APIException):
    """A write refused by a tournament or game rule."""

    status_code = status.HTTP_409_CONFLICT
    default_code = "refused"


class PayloadTooLarge(exceptions.APIException):
    """A body over the upload limit (tournaments.site.upload_limits)."""

    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"


def _translate(exc: Exception) -> Exception:
    if isinstance(exc, RequestDataTooBig):
        return PayloadTooLarge(detail=str(exc))
    if isinstance(exc, TournamentError):
        return ServiceRefusal(detail=str(exc), code=exc.default_code)
    if isinstance(exc, Http404):
        return exceptions.NotFound(detail=str(exc) or None)
    if isinstance(exc, DjangoPermissionDenied):
        return exceptions.PermissionDenied(detail=str(exc) or None)
    if isinstance(exc, DjangoValidationError):
        detail = exc.message_dict if hasattr(exc, "error_dict") else exc.messages
        return exceptions.ValidationError(detail=detail)
    return exc


def _first_message(detail) -> str:
    if isinstance(detail, dict):
        for key, value in detail.items():
            message = _first_message(value)
            return message if key in ("non_field_errors", "detail") else f"{key}: {message}"
        return ""
    if isinstance(detail, list):
        return _first_message(detail[0]) if detail else ""
    return str(detail)


def _first_code(codes) -> str:
    if isinstance(codes, dict):
        return _first_code(next(iter(codes.values()), "invalid"))
    if isinstance(codes, list):
        return _first_code(codes[0]) if codes else "invalid"
    return str(codes)


def exception_handler(exc: Exception, context: dict) -> Response | None:
    """DRF's handler (status, headers such as WWW-Authenticate and Retry-After), with every
    error body rewritten to the one shape."""
    exc = _translate(exc)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    body: dict = {"status": response.status_code}
    if isinstance(exc, exceptions.APIException):
        body["code"] = _first_code(exc.get_codes())
        body["message"] = _first_message(exc.detail)
        if isinstance(exc, exceptions.ValidationError):
            body["code"] = "invalid"
            body["details"] = exc.detail
    else:
        body["code"] = "error"
        body["message"] = str(exc)
    response.data = {"error": body}
    return response
