"""Periodic work in a server without a Celery broker: where Celery beat would queue a task,
a daemon thread of the server process runs it (tournaments.documents.watch,
games.relay.watch), on connections of its own, closed after each run."""

import logging
import threading
from collections.abc import Callable

from django.conf import settings
from django.db import DatabaseError, close_old_connections

logger = logging.getLogger(__name__)


def run_once(job: Callable[[], int], what: str) -> int:
    """`job()` on this thread's connections, closed afterwards; 0 when the database could
    not be read (the next run tries again)."""
    try:
        return job()
    except DatabaseError as exc:
        logger.warning("%s: the database could not be read: %s", what, exc)
        return 0
    finally:
        close_old_connections()


def every(seconds: Callable[[], float], job: Callable[[], int], stop: threading.Event) -> None:
    """Run `job` every `seconds()` until `stop` is set."""
    while not stop.wait(seconds()):
        job()


def start_thread(
    started: threading.Event, name: str, loop: Callable[[threading.Event], None]
) -> threading.Event | None:
    """Start `loop` in a daemon thread, once per process (`started`), when tasks run
    in-process (no broker); returns the event that stops it, None when not started."""
    if not settings.CELERY_TASK_ALWAYS_EAGER or started.is_set():
        return None
    started.set()
    stop = threading.Event()
    threading.Thread(target=loop, args=(stop,), name=name, daemon=True).start()
    return stop
