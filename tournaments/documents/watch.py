"""The periodic check of lost document jobs in a server without a Celery broker.

With a broker, Celery beat runs tournaments.tasks.documents_recover_lost_task every
DOCUMENT_CHECK_SECONDS. Without one, jobs run inside the web process: if that process dies
mid-PDF, the document stays "running" until someone reads it, and a job whose request was
lost stays "queued". `start` runs the same check in a daemon thread of the server process
(config.startup), so that such a document is built again without anyone asking.
"""

import logging
import threading

from django.conf import settings
from django.db import DatabaseError, close_old_connections

from tournaments.documents.services import documents_recover_lost

logger = logging.getLogger(__name__)

_started = threading.Event()


def check_once() -> int:
    """One check, on connections of this thread, closed afterwards; returns the documents
    queued again (0 when the database could not be read: the next check tries again)."""
    try:
        return documents_recover_lost()
    except DatabaseError as exc:
        logger.warning("document check: the database could not be read: %s", exc)
        return 0
    finally:
        close_old_connections()


def _loop(stop: threading.Event) -> None:
    while not stop.wait(settings.DOCUMENT_CHECK_SECONDS):
        check_once()


def start() -> threading.Event | None:
    """Start the check in a daemon thread of this process, once, when tasks run
    in-process (no broker); returns the event that stops it, None when not started."""
    if not settings.CELERY_TASK_ALWAYS_EAGER or _started.is_set():
        return None
    _started.set()
    stop = threading.Event()
    threading.Thread(target=_loop, args=(stop,), name="document-check", daemon=True).start()
    return stop
