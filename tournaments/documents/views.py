"""Public addresses of the published documents: /events/<slug>/crosstable.pdf and
standings.pdf (the latest file; a team competition's team-standings.pdf, team-matches.pdf
and team-crosstable.pdf), and a small JSON status the event page polls for its
progress bar. Thin: the services decide whether a job is needed."""

from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournaments.access import visible_event
from tournaments.documents.data import document_get
from tournaments.documents.models import Document, DocumentKind, DocumentStatus
from tournaments.documents.services import (
    PUBLISHED_KINDS,
    TEAM_PUBLISHED_KINDS,
    DocumentQueueError,
    document_recover,
    document_request,
    published_kinds,
)

#: Seconds a client is asked to wait before trying again while a document is built.
RETRY_AFTER = 5


@require_GET
def published_pdf(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    """The latest file of one of the event's published documents (published_kinds: the
    crosstable or standings, a team competition's team documents). A request that finds the
    data changed since the file was drawn asks for a new one (one job at most) and still
    serves the current file; with no file yet, a 503 page says it is being generated (or
    why it could not be)."""
    event = visible_event(request.user, slug)
    if kind not in published_kinds(event):
        raise Http404(_("no published document %(kind)r") % {"kind": kind})
    error = ""
    try:
        document = document_request(event=event, kind=kind).document
    except DocumentQueueError as exc:
        document, error = document_get(event, kind), str(exc)
    if document is not None and document.has_file:
        return file_response(document)
    response = render(
        request,
        "tournaments/documents/pending.html",
        {"event": event, "document": document, "error": error or _failure(document)},
        status=503,
    )
    response["Retry-After"] = str(RETRY_AFTER)
    return response


def file_response(document: Document) -> FileResponse:
    """The document's latest file as a PDF download named after the event and
    :attr:`Document.file_stem` (``demo-swiss-crosstable.pdf``)."""
    return FileResponse(
        document.file.open("rb"),
        content_type="application/pdf",
        filename=f"{document.event.slug}-{document.file_stem}.pdf",
    )


def _failure(document: Document | None) -> str:
    if document is not None and document.status == DocumentStatus.FAILED:
        return document.error
    return ""


@require_GET
def published_status(request: HttpRequest, slug: str) -> JsonResponse:
    """``{"crosstable": {...}, "standings": {...}}``: status, progress, error and address of
    each published document (published_kinds; null before it was first requested)."""
    event = visible_event(request.user, slug)
    kinds = published_kinds(event)
    documents = {
        d.kind: document_recover(document=d) for d in event.documents.filter(kind__in=kinds)
    }
    return JsonResponse(
        {kind: None if kind not in documents else document_json(documents[kind]) for kind in kinds}
    )


def document_json(document: Document) -> dict:
    """The public state of a published document (the API adds more for organizers)."""
    url = (
        reverse(f"documents:{document.kind}", args=[document.event.slug])
        if document.kind in PUBLISHED_KINDS + TEAM_PUBLISHED_KINDS
        else None
    )
    return {
        "kind": document.kind,
        "label": DocumentKind(document.kind).label,
        "status": document.status,
        "status_label": document.state_label,
        "progress": document.progress,
        "error": document.error,
        "generated_at": document.generated_at.isoformat() if document.generated_at else None,
        "url": url if document.file else None,
    }
