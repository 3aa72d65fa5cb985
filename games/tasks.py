"""Celery tasks of the games app: thin, take ids, call one service, own their retries."""

from celery import shared_task
from django.conf import settings
from django.db import OperationalError

from games.relay.services import relay_due_sources, relay_poll
from games.services.verification import record_verify


@shared_task(acks_late=True, autoretry_for=(OperationalError,), max_retries=3, retry_backoff=True)
def record_verify_task(record_id: int, revision: int) -> str | None:
    """Verify revision `revision` of game record `record_id` (queued after commit by
    games.services.records); returns the verdict, None for a superseded revision."""
    verification = record_verify(record_id=record_id, revision=revision)
    return None if verification is None else verification.verdict


@shared_task(acks_late=True, autoretry_for=(OperationalError,), max_retries=3, retry_backoff=True)
def relay_poll_task(source_id: int) -> int | None:
    """Poll relay source `source_id` once (games.relay.services.relay_poll); returns the new
    plies, None when it was not due or could not be read."""
    report = relay_poll(source_id=source_id)
    return None if report is None else report.new_plies


@shared_task
def relay_poll_due_task() -> int:
    """Queue a poll of every relay source that is due (Celery beat, every
    RELAY_TICK_SECONDS); returns how many were queued."""
    due = relay_due_sources()
    for source_id in due:
        # a poll still queued when the next is due is dropped: the queue cannot grow
        relay_poll_task.apply_async((source_id,), expires=settings.RELAY_MIN_INTERVAL)
    return len(due)
