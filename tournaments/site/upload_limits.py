"""Upload size limits: one setting, UPLOAD_MAX_BYTES, bounds every upload (a round's PDN, a
record, a players CSV) in the admin and the API.

The middleware refuses a request whose declared body is larger before anything reads it
(413, in the API's JSON error shape under /api/, a short page elsewhere); the forms check
each file again (a body sent without its length), naming the file's size and the limit.
"""

from collections.abc import Callable

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.forms import ValidationError
from django.http import HttpRequest, HttpResponse
from django.utils.html import escape
from django.utils.translation import gettext as _

from tournaments.site.failures import api_error

#: Room for the form's other fields and the multipart boundaries around a file.
FORM_OVERHEAD = 64 * 1024


def megabytes(size: int) -> str:
    return f"{size / 1_000_000:.1f}"


def too_large_message(size: int) -> str:
    return _(
        "The upload is %(size)s MB; the limit is %(limit)s MB. Split the file or ask the "
        "site's administrator to raise UPLOAD_MAX_BYTES."
    ) % {"size": megabytes(size), "limit": megabytes(settings.UPLOAD_MAX_BYTES)}


def check_upload(upload: UploadedFile | None) -> None:
    """A form field's file larger than the limit is refused with its size and the limit."""
    if upload is not None and upload.size is not None and upload.size > settings.UPLOAD_MAX_BYTES:
        raise ValidationError(too_large_message(upload.size), code="too_large")


def check_text(text: str | bytes) -> None:
    """A typed record larger than the limit is refused likewise."""
    size = len(text.encode() if isinstance(text, str) else text)
    if size > settings.UPLOAD_MAX_BYTES:
        raise ValidationError(too_large_message(size), code="too_large")


class UploadLimitMiddleware:
    """413 for a request body declared larger than UPLOAD_MAX_BYTES (and the form's room)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > settings.UPLOAD_MAX_BYTES + FORM_OVERHEAD:
            message = too_large_message(length)
            if request.path.startswith("/api/"):
                return api_error(413, "too_large", message)
            page = f"<!DOCTYPE html><title>413</title><p role='alert'>{escape(message)}</p>"
            return HttpResponse(page, status=413)
        return self.get_response(request)
