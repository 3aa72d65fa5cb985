"""Failures are answers: the error pages Django answers itself, in the API's JSON error
shape under /api/, and what a request does when its database connection is lost.

Django answers some errors before or outside any view: an address no route matches (404),
a refused operation (400, 403), a crash (500). Under /api/ those answers are the API's one
error shape (tournaments.api.exceptions) in every status; elsewhere Django's own pages.

A database connection can drop between or during requests (the server restarted, an idle
connection was closed, an administrator ended it). Between requests the settings'
CONN_HEALTH_CHECKS replace a dead connection before its first use. During a request,
`DatabaseFailureMiddleware` closes the broken connection and runs an idempotent request
(GET, HEAD, OPTIONS) once more on a new one: the reader sees the page, not a failure. A
write is never run twice: it is answered 503 with Retry-After, saying that the change may
or may not have been saved (the connection may have dropped after the commit), never 500.
"""

import contextlib
import logging
from collections.abc import Callable

from django.db import DatabaseError, InterfaceError, OperationalError, connections
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.views import defaults
from rest_framework import exceptions

logger = logging.getLogger(__name__)

#: Methods that change nothing: run again once when their database connection is lost.
IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

#: Seconds a client is asked to wait after a lost database connection.
RETRY_AFTER = 2


def _in_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def api_error(status: int, code: str, message: str) -> JsonResponse:
    """A JSON answer in the API's one error shape."""
    body = {"error": {"status": status, "code": code, "message": str(message)}}
    return JsonResponse(body, status=status)


def _api_aware(error: type[exceptions.APIException], page: Callable) -> Callable:
    """A Django error handler: Django's `page` outside /api/, the API's shape with `error`'s
    status, code and message under it."""

    def handler(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
        if _in_api(request):
            return api_error(error.status_code, error.default_code, error.default_detail)
        return page(request) if exception is None else page(request, exception)

    return handler


#: handler400, handler403, handler404 and handler500 of config.urls.
bad_request = _api_aware(exceptions.ParseError, defaults.bad_request)
permission_denied = _api_aware(exceptions.PermissionDenied, defaults.permission_denied)
page_not_found = _api_aware(exceptions.NotFound, defaults.page_not_found)
server_error = _api_aware(exceptions.APIException, defaults.server_error)


def _connection_lost(exception: Exception) -> bool:
    return isinstance(exception, (OperationalError, InterfaceError))


def _close_broken_connections() -> None:
    for connection in connections.all(initialized_only=True):
        with contextlib.suppress(DatabaseError):
            connection.close()


def _unavailable(request: HttpRequest) -> HttpResponse:
    if request.method in IDEMPOTENT_METHODS:
        message = _("The database could not be reached. Try again in a moment.")
    else:
        message = _(
            "The connection to the database was lost while your change was being saved: it "
            "may or may not have been saved. Reload to see it before trying again."
        )
    if _in_api(request):
        response = api_error(503, "database_unavailable", message)
    else:
        page = f"<!DOCTYPE html><title>503</title><p role='alert'>{escape(message)}</p>"
        response = HttpResponse(page, status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    return response


class DatabaseFailureMiddleware:
    """One transparent retry of an idempotent request whose database connection was lost;
    503 (not 500) when that fails again or the request was a write."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not _connection_lost(exception):
            return None
        logger.warning(
            "%s %s: database connection lost: %s", request.method, request.path, exception
        )
        _close_broken_connections()
        if request.method not in IDEMPOTENT_METHODS or getattr(request, "_database_retried", False):
            return _unavailable(request)
        request._database_retried = True
        match = request.resolver_match
        try:
            response = match.func(request, *match.args, **match.kwargs)
            if hasattr(response, "render") and callable(response.render):
                response = response.render()
        except (OperationalError, InterfaceError) as again:
            logger.warning("%s %s: lost again: %s", request.method, request.path, again)
            _close_broken_connections()
            return _unavailable(request)
        return response
