"""Writes that django-simple-history records with the user who made them.

Every service that saves or deletes a tracked row names the acting user here, so the row's
history says who changed it (``history_user``); ``None`` records a change made by the
system (a Celery job, the demo loader).
"""

from collections.abc import Sequence
from typing import TypeVar

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Model
from simple_history.signals import post_create_historical_record

M = TypeVar("M", bound=Model)


def recorded_by(instance: M, user: AbstractBaseUser | None) -> M:
    """``instance``, whose next save or delete is recorded in its history as made by
    ``user``: ``recorded_by(event, user).save()``."""
    instance._history_user = user
    return instance


def written_in_bulk(model: type[Model], instances: Sequence[Model]) -> None:
    """Announce rows written by simple_history's bulk functions (``bulk_create_with_history``,
    ``bulk_update_with_history``), which write their history rows without the signal a save
    sends: the signal is sent once for the batch (its first row; a batch belongs to one
    event), so that what follows every change (the cached event states, the published
    documents: tournaments.documents.follow) follows these too."""
    if instances:
        post_create_historical_record.send(
            sender=model,
            instance=instances[0],
            history_instance=None,
            history_date=None,
            history_user=None,
            history_change_reason=None,
            using=None,
        )
