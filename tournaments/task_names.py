"""A Celery task by its name, for the services that queue the tasks which call them back.

``tournaments.tasks`` imports the services (a task loads its rows and calls one service); a
service that queues a task names it instead of importing it, so that the two never import
each other. ``autodiscover_tasks`` (``config/celery.py``) registers the apps' task modules
only when Celery imports its default modules: a worker does at start, but a process that
only queues (a management command such as ``load_demo``, a web server) does so here, on its
first lookup of a task it has not registered yet.
"""

from celery import current_app
from celery.app.task import Task
from django.utils.translation import gettext as _
from kombu.exceptions import OperationalError as BrokerError


class TaskQueueError(Exception):
    """A task could not be queued; the message says why, in the active language."""


def task_named(name: str) -> Task:
    """The registered task ``name`` (``module.function``); ``KeyError`` names it if unknown."""
    if name not in current_app.tasks:
        current_app.loader.import_default_modules()
    return current_app.tasks[name]


def task_queue(name: str, *args: object) -> str:
    """Queue the task ``name`` with ``args`` and return its id; TaskQueueError when the broker
    cannot be reached (the caller marks its row failed rather than leave it waiting)."""
    try:
        result = task_named(name).delay(*args)
    except (BrokerError, OSError) as exc:
        raise TaskQueueError(
            _("could not be queued: the task broker is unreachable (%(error)s)") % {"error": exc}
        ) from exc
    return result.id or ""
