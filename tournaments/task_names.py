"""A Celery task by its name, for the services that queue the tasks which call them back.

``tournaments.tasks`` imports the services (a task loads its rows and calls one service); a
service that queues a task names it instead of importing it, so that the two never import
each other. ``TournamentsConfig.ready`` imports ``tournaments.tasks``, so every task is
registered in any process (a worker, a web process running tasks in-process, a test) before
the first lookup; a worker also finds them by ``autodiscover_tasks`` in ``config/celery.py``.
"""

from celery import current_app
from celery.app.task import Task


def task_named(name: str) -> Task:
    """The registered task ``name`` (``module.function``); ``KeyError`` names it if unknown."""
    return current_app.tasks[name]
