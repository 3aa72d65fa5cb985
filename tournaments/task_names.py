"""A Celery task by its name, for the services that queue the tasks which call them back.

``tournaments.tasks`` imports the services (a task loads its rows and calls one service); a
service that queues a task names it instead of importing it, so that the two never import
each other. Celery registers every task of ``tournaments.tasks`` (``autodiscover_tasks`` in
``config/celery.py``) before the first lookup returns.
"""

from celery import current_app
from celery.app.task import Task


def task_named(name: str) -> Task:
    """The registered task ``name`` (``module.function``); ``KeyError`` names it if unknown.
    Autodiscovery runs when the loader imports the default modules (a worker does at start;
    a web process or a test that never imported ``tournaments.tasks`` does it here)."""
    if name not in current_app.tasks:
        current_app.loader.import_default_modules()
    return current_app.tasks[name]
