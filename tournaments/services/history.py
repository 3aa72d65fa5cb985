"""Writes that django-simple-history records with the user who made them.

Every service that saves or deletes a tracked row names the acting user here, so the row's
history says who changed it (``history_user``); ``None`` records a change made by the
system (a Celery job, the demo loader).
"""

from typing import TypeVar

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Model

M = TypeVar("M", bound=Model)


def recorded_by(instance: M, user: AbstractBaseUser | None) -> M:
    """``instance``, whose next save or delete is recorded in its history as made by
    ``user``: ``recorded_by(event, user).save()``."""
    instance._history_user = user
    return instance
