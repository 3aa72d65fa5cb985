"""Celery tasks: thin, take ids, call one service, own their retries."""

from celery import shared_task
from django.contrib.auth import get_user_model
from django.db import OperationalError

from tournaments.imports.services import import_job_run, import_jobs_check
from tournaments.models import Round
from tournaments.services.rounds import pairings_generate


@shared_task(
    acks_late=True,
    autoretry_for=(OperationalError,),
    max_retries=3,
    retry_backoff=True,
)
def round_pair_task(round_id: int, user_id: int | None = None) -> int:
    """Pair the draft round `round_id` (a 1,000-player Swiss takes ~19 s); returns the number
    of pairings made."""
    round_ = Round.objects.get(pk=round_id)
    user = get_user_model().objects.filter(pk=user_id).first() if user_id else None
    pairings_generate(round=round_, user=user)
    return round_.pairings.count()


@shared_task(ignore_result=True)
def import_job_task(job_id: int) -> str:
    """Preview or apply import job `job_id` (tournaments.imports.services.import_job_run);
    returns its status. The ImportJob row holds the outcome."""
    return import_job_run(job_id=job_id).status


@shared_task(ignore_result=True)
def import_jobs_check_task() -> int:
    """The periodic check of import jobs (CELERY_BEAT_SCHEDULE): lost jobs queued again or
    failed, previews not confirmed in time expired, files no job will read deleted; returns
    how many jobs and files it changed."""
    return import_jobs_check().count
