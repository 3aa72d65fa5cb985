"""Celery tasks of the games app: thin, take ids, call one service, own their retries."""

from celery import shared_task
from django.db import OperationalError

from games.services.verification import record_verify


@shared_task(acks_late=True, autoretry_for=(OperationalError,), max_retries=3, retry_backoff=True)
def record_verify_task(record_id: int, revision: int) -> str | None:
    """Verify revision `revision` of game record `record_id` (queued after commit by
    games.services.records); returns the verdict, None for a superseded revision."""
    verification = record_verify(record_id=record_id, revision=revision)
    return None if verification is None else verification.verdict
