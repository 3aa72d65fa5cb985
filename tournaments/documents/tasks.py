"""The printed documents' Celery tasks: thin, take ids, call one service, own their retries.
Registered at start-up (TournamentsConfig.ready); a service queues them by name
(tournaments.task_names)."""

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import OperationalError

from tournaments.documents.services import (
    document_build,
    document_fail,
    documents_recover_lost,
)


@shared_task(
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
    max_retries=3,
    soft_time_limit=settings.DOCUMENT_TIME_LIMIT,
    time_limit=settings.DOCUMENT_TIME_LIMIT + 30,
)
def document_build_task(self, document_id: int) -> str:
    """Build document `document_id` (tournaments.documents.services.document_build); returns
    its status. The Document row holds the outcome, so no result is stored (and queueing does
    not wait on the result backend when Redis is down). Database errors are retried with a
    growing delay (at most 3 times), then the document is marked failed; running past the
    time limit fails it with that reason."""
    try:
        return document_build(document_id=document_id).status
    except SoftTimeLimitExceeded:
        limit = settings.DOCUMENT_TIME_LIMIT
        return document_fail(
            document_id=document_id, error=f"stopped: took longer than the {limit} s time limit"
        ).status
    except OperationalError as exc:
        if self.request.retries >= self.max_retries:
            return document_fail(document_id=document_id, error=f"database error: {exc}").status
        raise self.retry(exc=exc, countdown=2 ** (self.request.retries + 1)) from exc


@shared_task(ignore_result=True)
def documents_recover_lost_task() -> int:
    """The periodic check of lost document jobs (CELERY_BEAT_SCHEDULE): queue each again;
    returns how many were."""
    return documents_recover_lost()
