"""Printed documents in the admin: the list of documents (status, progress, download, error),
the button that requests one (event page: crosstable and standings; round page: pairing
sheet and score sheets; the panel is the `documents_panel` template tag), an action on the
event list, a JSON status the panels poll for their progress bars, and the download.

A broker that is down is an error message ("could not be queued"), never a server error.
"""

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import (
    FileResponse,
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
    JsonResponse,
)
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from tournaments.admin.scoping import ScopedAdmin, organized_events
from tournaments.documents.models import Document, DocumentKind, DocumentStatus
from tournaments.documents.services import (
    DocumentQueueError,
    DocumentRequest,
    document_recover,
    document_request,
    documents_request_published,
)
from tournaments.documents.views import document_json, file_response
from tournaments.models import Event, Round
from tournaments.services.errors import TournamentError


@admin.register(Document)
class DocumentAdmin(ScopedAdmin):
    list_display = ("event", "kind", "round_number", "status", "progress_bar", "download", "error")
    list_filter = ("kind", "status")
    list_select_related = ("event", "round")
    search_fields = ("event__name", "event__slug")
    readonly_fields = (
        "event",
        "round",
        "kind",
        "status",
        "progress",
        "error",
        "download",
        "pages",
        "fingerprint",
        "attempts",
        "task_id",
        "requested_at",
        "started_at",
        "finished_at",
        "generated_at",
    )
    exclude = ("source_state", "forced", "file")
    actions = ("regenerate",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.display(description=gettext_lazy("round"), ordering="round__number")
    def round_number(self, document: Document) -> int | None:
        return document.round.number if document.round_id else None

    @admin.display(description=gettext_lazy("progress"))
    def progress_bar(self, document: Document) -> str:
        return format_html(
            '<progress max="100" value="{}">{} %</progress>', document.progress, document.progress
        )

    @admin.display(description=gettext_lazy("file"))
    def download(self, document: Document) -> str:
        if not document.file:
            return "—"
        url = reverse("admin:tournaments_document_download", args=[document.pk])
        return format_html('<a href="{}">{}</a>', url, _("Download"))

    @admin.action(description=gettext_lazy("Generate the selected documents again"))
    def regenerate(self, request: HttpRequest, queryset: QuerySet[Document]) -> None:
        for document in queryset.select_related("event", "round"):
            _request(request, document.event, document.kind, document.round, force=True)

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path(
                "request/",
                view(require_POST(self.request_view)),
                name="tournaments_document_request",
            ),
            path(
                "<int:document_id>/status/",
                view(self.status_view),
                name="tournaments_document_status",
            ),
            path(
                "<int:document_id>/download/",
                view(self.download_view),
                name="tournaments_document_download",
            ),
            *super().get_urls(),
        ]

    def request_view(self, request: HttpRequest) -> HttpResponse:
        """POST event, kind, optional round (id) and force: request the document, say what
        happened, and go back to the page the button was on."""
        if not request.user.has_perm("tournaments.change_document"):
            raise PermissionDenied
        event = get_object_or_404(organized_events(request), pk=request.POST.get("event"))
        round_ = None
        if request.POST.get("round"):
            round_ = get_object_or_404(Round, pk=request.POST["round"], event=event)
        kind = request.POST.get("kind", "")
        if kind not in DocumentKind.values:
            raise Http404(_("no document kind %(kind)r") % {"kind": kind})
        _request(request, event, kind, round_, force=bool(request.POST.get("force")))
        back = request.POST.get("next", "")
        if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
            back = reverse("admin:tournaments_event_change", args=[event.pk])
        return HttpResponseRedirect(back)

    def status_view(self, request: HttpRequest, document_id: int) -> JsonResponse:
        document = self._document(request, document_id)
        state = document_json(document)
        if document.file:
            state["url"] = reverse("admin:tournaments_document_download", args=[document.pk])
        return JsonResponse(state)

    def download_view(self, request: HttpRequest, document_id: int) -> FileResponse:
        document = self._document(request, document_id)
        if not document.has_file:
            raise Http404(
                _("%(document)s has no file yet (status %(status)s)")
                % {"document": document, "status": document.get_status_display()}
            )
        return file_response(document)

    def _document(self, request: HttpRequest, document_id: int) -> Document:
        document = self.get_queryset(request).filter(pk=document_id).first()
        if document is None or not self.has_view_permission(request, document):
            raise Http404(_("No document with id %(id)s.") % {"id": document_id})
        return document_recover(document=document)


def _request(
    request: HttpRequest, event: Event, kind: str, round_: Round | None, *, force: bool
) -> None:
    """Request one document and put the outcome in the admin's messages."""
    label = DocumentKind(kind).label
    try:
        answer = document_request(event=event, kind=kind, round=round_, force=force)
    except DocumentQueueError as exc:
        messages.error(
            request, _("The %(document)s %(error)s.") % {"document": label, "error": exc}
        )
        return
    except TournamentError as exc:
        messages.error(request, str(exc))
        return
    messages.info(request, _outcome(label, answer))


def _outcome(label: str, answer: DocumentRequest) -> str:
    document = answer.document
    if document.status == DocumentStatus.FAILED:
        return _("Failed: %(document)s (%(error)s).") % {
            "document": label,
            "error": document.error,
        }
    # The document's name may be plural ("score sheets"): the status comes first, so the
    # sentence needs no verb to agree with it.
    if document.status == DocumentStatus.DONE:
        return _("Ready: %(document)s.") % {"document": label}
    if answer.queued:
        return _("Queued: %(document)s.") % {"document": label}
    return _("Already being generated: %(document)s.") % {"document": label}


@admin.action(description=gettext_lazy("Generate the crosstable and standings PDFs"))
def generate_published_documents(
    model_admin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Event]
) -> None:
    """Event list action: request each selected event's crosstable and standings (each only
    if its data changed)."""
    queued = 0
    for event in queryset:
        for answer in documents_request_published(event=event):
            if answer.document.status == DocumentStatus.FAILED:
                messages.error(request, f"{event}: {answer.document.error}")
            else:
                queued += 1
    if queued:
        messages.info(
            request,
            ngettext("%(count)d document requested.", "%(count)d documents requested.", queued)
            % {"count": queued},
        )
