"""Tasks run in-process for a block, even when CELERY_BROKER_URL names a real broker: what
every test does (tests/conftest.py) and what data built for a whole module must do too."""

from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def tasks_in_process() -> Iterator[object]:
    """Celery's app, its tasks run eagerly (errors raised) until the block ends."""
    from config.celery import app

    saved = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = True
    try:
        yield app
    finally:
        app.conf.task_always_eager, app.conf.task_eager_propagates = saved
