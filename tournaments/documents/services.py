"""Printed documents: request one (queue its job at most once), build it (the job's body),
mark an event's built documents stale when what they show changes (`documents_stale`, called
for every change by tournaments.documents.follow), and request the published documents once a
round is completed (which creates the ones not yet built).

One Document row per event document or round document holds the latest file and the state
of its job: `document_request` locks the row, so two requests while a job is queued or
running start one job; `document_build` draws the file only when the data's fingerprint
changed (or the request forced it), so a retried or redelivered job does no harm.

A document is one file shared by every reader, so it is written in the event's language
(``Event.language``, set by the organizer; the site's language by default), never in the
language of whoever happened to request it: the job runs under translation.override.
"""

import hashlib
import io
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from functools import partial

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import DatabaseError, IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from pypdf import PdfReader

from tournaments.documents.data import document_data
from tournaments.documents.models import (
    ROUND_KINDS,
    TEAM_KINDS,
    TEAM_RANKING_KINDS,
    Document,
    DocumentKind,
    DocumentStatus,
)
from tournaments.models import Event, Round
from tournaments.selectors.public import event_fingerprint
from tournaments.services.errors import TournamentError
from tournaments.site.job_liveness import DOCUMENT_JOBS, job_alive, job_lock
from tournaments.task_names import TaskQueueError, task_queue
from tournaments.teams.models import TeamCompetition

logger = logging.getLogger(__name__)

#: The documents a completed round changes, requested again after it commits.
PUBLISHED_KINDS = (DocumentKind.CROSSTABLE, DocumentKind.STANDINGS)
#: The documents a team competition's page offers in place of the individual ones.
TEAM_PUBLISHED_KINDS = (
    DocumentKind.TEAM_STANDINGS,
    DocumentKind.TEAM_MATCHES,
    DocumentKind.TEAM_CROSSTABLE,
)


def published_kinds(event: Event) -> tuple[DocumentKind, ...]:
    """The documents ``event``'s public page offers and anybody may download: a team
    competition's team standings, match sheets and team crosstable (its results are team
    results, docs/rules/tournaments.md §7), an individual event's crosstable and standings."""
    if TeamCompetition.objects.filter(event=event).exists():
        return TEAM_PUBLISHED_KINDS
    return PUBLISHED_KINDS


class DocumentRequestError(TournamentError):
    """The document asked for does not exist (a round document without its round, or a round
    of another event)."""

    default_code = "document_request_error"


class DocumentQueueError(Exception):
    """The job could not be handed to the broker (it is down or unreachable). The document
    is marked failed with the same message."""


@dataclass(frozen=True)
class DocumentRequest:
    """The answer to a request: the document row, and whether a new job was queued (False
    when one was already queued or running, or the file is current)."""

    document: Document
    queued: bool


def stale_after() -> float:
    """Seconds after which a queued or running job is presumed lost (twice the time limit)
    and a new request may queue another."""
    return 2 * settings.DOCUMENT_TIME_LIMIT


def document_request(
    *,
    event: Event,
    kind: str,
    round: Round | None = None,
    force: bool = False,
    raise_on_queue_error: bool = True,
) -> DocumentRequest:
    """Ask for ``event``'s document ``kind`` (``round`` for a pairing sheet or score sheets).

    No job is queued while one is queued or running (unless it is older than
    :func:`stale_after`), nor when the file exists and the event has not changed since its
    data was read (unless ``force``). The job is handed to Celery after the transaction
    commits; if the broker refuses it, the document is marked failed and
    :class:`DocumentQueueError` is raised (or only logged when ``raise_on_queue_error`` is
    false, for callers that must not fail because of a document).
    """
    kind = DocumentKind(kind)
    if (kind in ROUND_KINDS) != (round is not None):
        if kind in ROUND_KINDS:
            message = _("the %(kind)s of %(event)s needs a round")
        else:
            message = _("the %(kind)s of %(event)s covers the whole event, not a round")
        raise DocumentRequestError(message % {"kind": kind.label, "event": event})
    if kind in TEAM_KINDS and not TeamCompetition.objects.filter(event=event).exists():
        raise DocumentRequestError(
            _("the %(kind)s need a team competition: %(event)s is not one")
            % {"kind": kind.label, "event": event}
        )
    if kind in TEAM_RANKING_KINDS and not event.team_score_members:
        raise DocumentRequestError(
            _("the %(kind)s needs an event that ranks teams: %(event)s does not")
            % {"kind": kind.label, "event": event}
        )
    if round is not None and round.event_id != event.pk:
        raise DocumentRequestError(
            _("%(round)s is not a round of %(event)s") % {"round": round, "event": event}
        )
    with transaction.atomic():
        document = _locked_row(event, kind, round)
        now = timezone.now()
        if document.busy and document.requested_at is not None and not _lost(document):
            if (now - document.requested_at).total_seconds() < stale_after():
                return DocumentRequest(document, queued=False)
        elif not force and _current(document, event):
            return DocumentRequest(document, queued=False)
        document.status = DocumentStatus.QUEUED
        document.progress = 0
        document.error = ""
        document.forced = force
        document.requested_at = now
        document.started_at = document.finished_at = None
        document.save()
        transaction.on_commit(
            partial(_enqueue, document.pk, raise_on_queue_error=raise_on_queue_error)
        )
    document.refresh_from_db()
    return DocumentRequest(document, queued=True)


def _lost(document: Document) -> bool:
    """A job no worker will finish: running while its lock is free (its worker is gone:
    tournaments.site.job_liveness), or, where the database cannot tell, running or queued for
    longer than :func:`stale_after` (the process that ran it died, or the broker lost it)."""
    if not document.busy:
        return False
    if document.status == DocumentStatus.RUNNING:
        alive = job_alive(document.pk, namespace=DOCUMENT_JOBS)
        if alive is not None:
            return not alive
    since = document.started_at or document.requested_at
    return since is not None and (timezone.now() - since).total_seconds() > stale_after()


def document_recover(*, document: Document) -> Document:
    """The document as it truly is: a job that was lost is queued again (a new job is
    handed to the broker after commit), so its status never claims a job that no worker
    runs. Called wherever the state is read (the status pages and the API) and by the
    periodic check (:func:`documents_recover_lost`)."""
    if not _lost(document):
        return document
    with transaction.atomic():
        row = Document.objects.select_for_update(of=("self",)).get(pk=document.pk)
        if not _lost(row):
            return row
        logger.warning("document %s: its job's worker is gone; queued again", row.pk)
        row.status = DocumentStatus.QUEUED
        row.progress = 0
        row.requested_at = timezone.now()
        row.started_at = None
        row.save(update_fields=["status", "progress", "requested_at", "started_at"])
        transaction.on_commit(partial(_enqueue, row.pk, raise_on_queue_error=False))
    return Document.objects.select_related("event", "round").get(pk=row.pk)


def documents_recover_lost() -> int:
    """The periodic check (`tasks.documents_recover_lost_task` under Celery beat,
    tournaments.documents.watch without a broker): every document whose job was lost is
    queued again, whether or not anyone reads its state. Returns how many were."""
    recovered = 0
    for document in Document.objects.filter(
        status__in=(DocumentStatus.QUEUED, DocumentStatus.RUNNING)
    ).order_by("pk"):
        if _lost(document):
            document_recover(document=document)
            recovered += 1
    return recovered


def _locked_row(event: Event, kind: str, round: Round | None) -> Document:
    rows = Document.objects.select_for_update(of=("self",)).filter(
        event=event, kind=kind, round=round
    )
    document = rows.order_by("pk").first()
    if document is not None:
        return document
    try:
        with transaction.atomic():
            return Document.objects.create(
                event=event, kind=kind, round=round, status=DocumentStatus.DONE
            )
    except IntegrityError:  # created meanwhile by a concurrent request
        return rows.get()


def documents_state(event: Event) -> str:
    """The state of everything ``event``'s documents are drawn from (its rows, its team
    competition; not the histories of other apps, which no document shows), as the SHA-256 of
    ``event_fingerprint``: what `Document.source_state` holds."""
    return hashlib.sha256(event_fingerprint(event, others=False).encode()).hexdigest()


def _current(document: Document, event: Event) -> bool:
    """Done, with its file in storage (a restore without the media folder loses the files,
    not the rows: such a document is built again), from the event as it is."""
    return (
        document.status == DocumentStatus.DONE
        and document.has_file
        and document.source_state == documents_state(event)
    )


def documents_stale(*, event_ids: Iterable[int]) -> list[int]:
    """Mark every document of these events that is built (done or failed) as queued, and
    queue its job after the commit; call inside the transaction that changes what they show
    (tournaments.documents.follow calls it for every change). A document whose job is queued
    or running is left as it is: a queued job reads the change, a running one sees it at its
    end and queues itself again. A broker that is down is recorded on the documents, never
    raised. Returns the ids of the documents queued."""
    rows = Document.objects.filter(
        event_id__in=list(event_ids), status__in=(DocumentStatus.DONE, DocumentStatus.FAILED)
    )
    with transaction.atomic():
        ids = list(rows.select_for_update(of=("self",)).values_list("pk", flat=True))
        if not ids:
            return []
        Document.objects.filter(pk__in=ids).update(
            status=DocumentStatus.QUEUED,
            progress=0,
            error="",
            task_id="",
            requested_at=timezone.now(),
            started_at=None,
            finished_at=None,
        )
    for document_id in ids:
        transaction.on_commit(partial(_enqueue, document_id, raise_on_queue_error=False))
    return ids


def _enqueue(document_id: int, *, raise_on_queue_error: bool) -> None:
    try:
        task_id = task_queue("tournaments.documents.tasks.document_build_task", document_id)
    except TaskQueueError as exc:
        logger.warning("document %s %s", document_id, exc)
        Document.objects.filter(pk=document_id).update(
            status=DocumentStatus.FAILED, error=str(exc), finished_at=timezone.now()
        )
        if raise_on_queue_error:
            raise DocumentQueueError(str(exc)) from exc
        return
    Document.objects.filter(pk=document_id, task_id="").update(task_id=task_id)


def document_build(*, document_id: int) -> Document:
    """The job: read the document's data, and unless its fingerprint is the file's (and the
    request did not force it) draw the PDF and store it, replacing the previous file.

    Progress is saved as the pages are laid out. A delivery of a job that has already
    finished does nothing. Errors in the data or the layout mark the document failed with the
    error in words; database errors propagate so that the task retries.

    The job holds the document's lock while it runs (tournaments.site.job_liveness): a second
    delivery of the same job while the first one is alive does nothing, and a job whose
    worker died is told apart from one that runs. When the event changed while the file was
    drawn, the document is left queued and a new job is queued once the lock is released.
    """
    with job_lock(document_id, namespace=DOCUMENT_JOBS) as acquired:
        if not acquired:
            logger.info("document %s: its job runs on another worker", document_id)
            return Document.objects.get(pk=document_id)
        document = _build(document_id)
    if document.status == DocumentStatus.QUEUED:  # the event changed while it was drawn
        _enqueue(document.pk, raise_on_queue_error=False)
        document.refresh_from_db()
    return document


def _build(document_id: int) -> Document:
    with transaction.atomic():
        document = (
            Document.objects.select_for_update(of=("self",))
            .select_related("event", "round")
            .get(pk=document_id)
        )
        if not document.busy:
            return document
        document.status = DocumentStatus.RUNNING
        document.attempts += 1
        document.started_at = timezone.now()
        document.save(update_fields=["status", "attempts", "started_at"])
    with translation.override(document.event.language):
        try:
            return _draw(document)
        except DatabaseError:
            raise
        except Exception as exc:
            logger.exception("document %s failed", document_id)
            return document_fail(document_id=document_id, error=f"{type(exc).__name__}: {exc}")


def _draw(document: Document) -> Document:
    state = documents_state(document.event)
    data = document_data(document)
    fingerprint = data.fingerprint
    _progress(document.pk, 10)
    if not document.forced and fingerprint == document.fingerprint and document.has_file:
        return _finish(document, source_state=state)
    generated_at = timezone.now()
    last = [10]

    def progress(fraction: float) -> None:
        percent = 10 + int(85 * fraction)
        if percent >= last[0] + 5:
            last[0] = percent
            _progress(document.pk, percent)

    pdf = data.render(data.header, data.content, generated_at=generated_at, progress=progress)
    name = f"documents/{document.event.slug}/{document.file_stem}-{fingerprint[:16]}.pdf"
    storage = document.file.storage
    previous = document.file.name
    if storage.exists(name):
        storage.delete(name)
    stored = storage.save(name, ContentFile(pdf))
    finished = _finish(
        document,
        source_state=state,
        file=stored,
        fingerprint=fingerprint,
        generated_at=generated_at,
        pages=_page_count(pdf),
    )
    if previous and previous != stored and storage.exists(previous):
        storage.delete(previous)
    return finished


def _finish(document: Document, *, source_state: str, **fields) -> Document:
    """Store the job's outcome. When the event changed while the job ran (its state now is
    not the one read before the data), the document is queued again instead of done, and a
    new job reads the change."""
    changed = documents_state(document.event) != source_state
    Document.objects.filter(pk=document.pk).update(
        status=DocumentStatus.QUEUED if changed else DocumentStatus.DONE,
        progress=0 if changed else 100,
        error="",
        forced=False,
        finished_at=None if changed else timezone.now(),
        requested_at=timezone.now() if changed else document.requested_at,
        source_state=source_state,
        **fields,
    )
    if changed:
        logger.info("document %s: its event changed while it was drawn; queued again", document.pk)
        Document.objects.filter(pk=document.pk).update(task_id="")
    return Document.objects.get(pk=document.pk)


def document_fail(*, document_id: int, error: str) -> Document:
    """Record that the document's job failed, with ``error`` in words."""
    Document.objects.filter(pk=document_id).update(
        status=DocumentStatus.FAILED, error=error, finished_at=timezone.now()
    )
    return Document.objects.get(pk=document_id)


def _progress(document_id: int, percent: int) -> None:
    Document.objects.filter(pk=document_id).update(progress=min(100, percent))


def _page_count(pdf: bytes) -> int:
    return len(PdfReader(io.BytesIO(pdf)).pages)


def documents_request_published(*, event: Event) -> list[DocumentRequest]:
    """Request ``event``'s published documents (crosstable, standings; a team competition's
    team standings and match sheets too, the team ranking of an event that ranks teams),
    each only if its data changed. A broker that is down is logged and recorded on the
    documents, never raised: the caller's own work (completing a round, loading the demo)
    must not fail because of a document."""
    kinds = list(PUBLISHED_KINDS)
    if TeamCompetition.objects.filter(event=event).exists():
        kinds.extend(sorted(TEAM_KINDS))
    if event.team_score_members:
        kinds.extend(sorted(TEAM_RANKING_KINDS))
    return [document_request(event=event, kind=kind, raise_on_queue_error=False) for kind in kinds]


def documents_round_completed(*, round: Round) -> list[DocumentRequest]:
    """Call when ``round`` is completed (inside its transaction): the published documents
    are requested again and their jobs start after the commit."""
    return documents_request_published(event=round.event)
