"""A Celery task by its name, for the services that queue the tasks which call them back.

``tournaments.tasks`` imports the services (a task loads its rows and calls one service); a
service that queues a task names it instead of importing it, so that the two never import
each other. ``autodiscover_tasks`` (``config/celery.py``) registers the tasks only when a
worker starts: in a web process, and with tasks run in-process, the task's module is imported
here, at the first lookup, which registers its tasks.
"""

from importlib import import_module

from celery import current_app
from celery.app.task import Task


def task_named(name: str) -> Task:
    """The registered task ``name`` (``module.function``); ``KeyError`` names it if unknown."""
    import_module(name.rpartition(".")[0])
    return current_app.tasks[name]
