"""Documents in the API: request a PDF (organizers and arbiters), poll its job, download it.

    POST /api/events/<slug>/documents/           {"kind": "crosstable", "round": 3, "force": false}
    GET  /api/events/<slug>/documents/<id>/      status, progress, error, timing, download URL
    GET  /api/events/<slug>/documents/<id>/file/ the PDF

The crosstable and standings are public to read; the round documents (pairing sheet, score
sheets) only to the event's officials. A broker that is down is a 503 "not_queued".
"""

from django.http import FileResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.access import may_officiate
from tournaments.api.views import EventScoped
from tournaments.documents.models import Document, DocumentKind, DocumentStatus
from tournaments.documents.services import (
    DocumentQueueError,
    document_recover,
    document_request,
    published_kinds,
)
from tournaments.documents.views import file_response
from tournaments.models import Round


class NotQueued(exceptions.APIException):
    """The job could not be handed to the task broker."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_code = "not_queued"


class DocumentRequestSerializer(serializers.Serializer):
    """Valid, ``round`` is the round of the ``event`` given in the context (or None)."""

    kind = serializers.ChoiceField(choices=DocumentKind.choices)
    round = serializers.IntegerField(required=False, min_value=1)
    force = serializers.BooleanField(default=False)

    def validate_round(self, number: int) -> Round:
        event = self.context["event"]
        round_ = event.rounds.filter(number=number).first()
        if round_ is None:
            raise serializers.ValidationError(
                _("%(event)s has no round %(number)s.") % {"event": event.slug, "number": number}
            )
        return round_


class DocumentSerializer(serializers.ModelSerializer):
    round = serializers.SerializerMethodField()
    duration = serializers.FloatField(read_only=True, allow_null=True)
    poll = serializers.SerializerMethodField()
    download = serializers.SerializerMethodField()

    class Meta:
        model = Document
        fields = (
            "id",
            "kind",
            "round",
            "status",
            "progress",
            "error",
            "pages",
            "attempts",
            "requested_at",
            "started_at",
            "finished_at",
            "duration",
            "generated_at",
            "poll",
            "download",
        )

    def get_round(self, document: Document) -> int | None:
        return document.round.number if document.round is not None else None

    def get_poll(self, document: Document) -> str:
        return self._url("api:document", document)

    def get_download(self, document: Document) -> str | None:
        return self._url("api:document_file", document) if document.file else None

    def _url(self, name: str, document: Document) -> str:
        path = reverse(name, args=[document.event.slug, document.pk])
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request else path


class DocumentScoped(EventScoped):
    serializer_class = DocumentSerializer

    def document(self, document_id: int) -> Document:
        event = self.event()
        document = get_object_or_404(
            Document.objects.select_related("event", "round"), pk=document_id, event=event
        )
        if document.kind not in published_kinds(event) and not may_officiate(
            self.request.user, event
        ):
            raise exceptions.PermissionDenied(
                _("the %(kind)s of %(event)s is for its officials only.")
                % {"kind": document.get_kind_display(), "event": event.slug}
            )
        return document


class DocumentCreate(DocumentScoped):
    """POST: request a document; 202 with its state (a job queued, or one already under
    way, or the current file when nothing changed)."""

    title = gettext_lazy("Printed documents")
    summary = gettext_lazy(
        "POST requests a printed document of the event; the answer gives its state: a job "
        "queued, one already under way, or the current file when nothing has changed."
    )

    @extend_schema(request=DocumentRequestSerializer, responses={202: DocumentSerializer})
    def post(self, request: Request, slug: str) -> Response:
        event = self.event()
        if not may_officiate(request.user, event):
            raise exceptions.PermissionDenied(
                _("%(user)s may not request documents of %(event)s (organizers and arbiters only).")
                % {"user": request.user, "event": event.slug}
            )
        data = self.valid(DocumentRequestSerializer, event=event)
        try:
            answer = document_request(
                event=event, kind=data["kind"], round=data.get("round"), force=data["force"]
            )
        except DocumentQueueError as exc:
            raise NotQueued(detail=str(exc)) from exc
        document = Document.objects.select_related("event", "round").get(pk=answer.document.pk)
        return Response(self.get_serializer(document).data, status=status.HTTP_202_ACCEPTED)


class DocumentDetail(DocumentScoped):
    """GET: a document's job state (poll it until status is done or failed)."""

    title = gettext_lazy("Printed document")
    summary = gettext_lazy(
        "The state of a document's job: read it again until its status is done or failed."
    )

    def get(self, request: Request, slug: str, document_id: int) -> Response:
        document = document_recover(document=self.document(document_id))
        return Response(self.get_serializer(document).data)


class DocumentFile(DocumentScoped):
    """GET: the document's latest PDF (404 before the first one is done). A done document
    whose file storage lost is built again (its job queued, at most one)."""

    title = gettext_lazy("Document file")
    summary = gettext_lazy("The document's latest PDF, once the first one is done.")

    @extend_schema(responses={(200, "application/pdf"): bytes})
    def get(self, request: Request, slug: str, document_id: int) -> FileResponse:
        document = self.document(document_id)
        if document.status == DocumentStatus.DONE and not document.has_file:
            document = document_request(
                event=document.event,
                kind=document.kind,
                round=document.round,
                raise_on_queue_error=False,
            ).document
        if not document.has_file:
            raise exceptions.NotFound(
                _("the %(kind)s of %(event)s has no file yet (status %(status)s).")
                % {"kind": document.get_kind_display(), "event": slug, "status": document.status}
            )
        return file_response(document)
