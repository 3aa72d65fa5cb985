"""Conditional reads (RFC 9110 8.8.3 ETag, 13.1.2 If-None-Match) for every GET of the API.

Each 200 answer to a GET or HEAD carries an ETag and `Cache-Control: no-cache` (a cache may
keep it but must ask again before use); a request whose If-None-Match names the current ETag
gets 304 Not Modified with no body. Two kinds of ETag:

- views whose answer depends only on the event's public state (`state_etag = True`) name it
  by the event's fingerprint (selectors.public.event_state), the path with its query, the
  media type and the language, and answer 304 before doing any work: an anonymous follower
  polling the standings costs one cache read (tournaments.live.known_etag) while nothing
  changes. Their JSON answers are kept in the cache under that name,
  so a reader without the ETag gets the stored bytes until the event changes (the public
  pages keep their rendered tables the same way);
- the others (the answer also depends on rows outside the fingerprint: verification,
  documents) name the bytes of the answer, so a 304 saves the transfer.

`document_conditional_requests` writes both into the OpenAPI schema.
"""

import hashlib

from django.core.cache import cache
from django.http import HttpResponse, HttpResponseNotModified
from django.utils.cache import parse_etags, patch_cache_control, quote_etag
from django.utils.translation import get_language
from rest_framework import exceptions
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.access import visible_event
from tournaments.live import known_etag, remember_etag
from tournaments.selectors.public import event_state

_READS = ("GET", "HEAD")


#: Seconds a stored JSON answer is kept (its name changes with the event anyway).
_STORED_SECONDS = 3600
_STORED_HEADERS = ("Content-Type", "Vary", "Allow")


class _NotModified(exceptions.APIException):
    status_code = 304


class _Stored(exceptions.APIException):
    """The answer is in the cache under its ETag: answered without running the view."""

    status_code = 200

    def __init__(self, stored: tuple[bytes, dict[str, str]]) -> None:
        super().__init__()
        self.stored = stored


def _stored_key(etag: str) -> str:
    return f"damier:api:{etag}"


def _matches(request: Request, etag: str) -> bool:
    """If-None-Match names `etag` (weak comparison, RFC 9110 13.1.2) or is `*`."""
    header = request.META.get("HTTP_IF_NONE_MATCH")
    if not header:
        return False
    wanted = parse_etags(header)
    strip = etag.removeprefix("W/")
    return "*" in wanted or any(tag.removeprefix("W/") == strip for tag in wanted)


class ConditionalRead:
    """Mixin for API views (before the DRF view class): ETag and 304 on GET and HEAD."""

    #: The answer depends only on the event's public state (see the module's docstring).
    state_etag: bool = False

    def _state_etag(self, request: Request) -> str:
        event_of = getattr(self, "event", None)
        event = event_of() if event_of else visible_event(request.user, self.kwargs["slug"])
        key = "|".join(
            (
                event_state(event),
                request.accepted_media_type or "",
                get_language() or "",
                request.get_full_path(),
            )
        )
        return quote_etag(hashlib.sha256(key.encode()).hexdigest()[:32])

    def _known_etag(self, request: Request) -> str:
        """The state ETag; for an anonymous reader, kept in the cache until the next change
        (tournaments.live.known_etag): a follower's check then reads no row."""
        if request.user.is_authenticated:
            return self._state_etag(request)
        kind = request.accepted_media_type or ""
        generation, etag = known_etag(request._request, kind=kind)
        if etag is None:
            etag = self._state_etag(request)
            remember_etag(request._request, generation, etag, kind=kind)
        return etag

    def initial(self, request: Request, *args, **kwargs) -> None:
        super().initial(request, *args, **kwargs)
        self._etag = None
        if request.method in _READS and self.state_etag:
            self._etag = self._known_etag(request)
            if _matches(request, self._etag):
                raise _NotModified()
            if request.accepted_media_type == "application/json":
                stored = cache.get(_stored_key(self._etag))
                if stored is not None:
                    raise _Stored(stored)

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, _NotModified):
            response = Response(status=304)
            response["ETag"] = self._etag
            patch_cache_control(response, no_cache=True)
            return response
        if isinstance(exc, _Stored):
            content, headers = exc.stored
            response = HttpResponse(content)
            for name, value in headers.items():
                response[name] = value
            return response
        return super().handle_exception(exc)

    def finalize_response(self, request: Request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        if request.method not in _READS or response.status_code != 200:
            return response
        patch_cache_control(response, no_cache=True)
        if getattr(self, "_etag", None):
            response["ETag"] = self._etag
            if isinstance(response, Response) and request.accepted_media_type == "application/json":
                response.add_post_render_callback(lambda rendered: _store(self._etag, rendered))
        elif isinstance(response, Response):
            response.add_post_render_callback(lambda rendered: _content_etag(request, rendered))
        return response


def _store(etag: str, response: Response) -> None:
    """Keep a JSON answer under its ETag (see the module's docstring)."""
    headers = {name: response[name] for name in _STORED_HEADERS if response.has_header(name)}
    headers["ETag"] = etag
    headers["Cache-Control"] = response["Cache-Control"]
    cache.set(_stored_key(etag), (response.content, headers), _STORED_SECONDS)


def _content_etag(request: Request, response: Response):
    """ETag of the rendered bytes; 304 instead when the client already holds them."""
    etag = quote_etag(hashlib.sha256(response.content).hexdigest()[:32])
    if _matches(request, etag):
        not_modified = HttpResponseNotModified()
        not_modified["ETag"] = etag
        patch_cache_control(not_modified, no_cache=True)
        return not_modified
    response["ETag"] = etag
    return None


_ETAG_HEADER = {
    "description": "Names this answer: send it back in If-None-Match to get 304 while it has "
    "not changed.",
    "schema": {"type": "string"},
}


def document_conditional_requests(result: dict, generator, request, public) -> dict:
    """drf-spectacular postprocessing hook: every GET takes If-None-Match, its 200 answer
    carries ETag, and 304 is one of its answers."""
    for operations in result.get("paths", {}).values():
        operation = operations.get("get")
        if operation is None:
            continue
        operation.setdefault("parameters", []).append(
            {
                "in": "header",
                "name": "If-None-Match",
                "required": False,
                "schema": {"type": "string"},
                "description": "The ETag of an answer already held: 304 Not Modified if it "
                "is still current.",
            }
        )
        responses = operation.setdefault("responses", {})
        if "200" in responses:
            responses["200"].setdefault("headers", {})["ETag"] = _ETAG_HEADER
        responses["304"] = {
            "description": "Not Modified: the answer named by If-None-Match is still current.",
            "headers": {"ETag": _ETAG_HEADER},
        }
    return result
