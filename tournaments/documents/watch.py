"""The periodic check of lost document jobs in a server without a Celery broker.

With a broker, Celery beat runs tournaments.documents.tasks.documents_recover_lost_task every
DOCUMENT_CHECK_SECONDS. Without one, jobs run inside the web process: if that process dies
mid-PDF, the document stays "running" until someone reads it, and a job whose request was
lost stays "queued". `start` runs the same check in a daemon thread of the server process
(config.startup), so that such a document is built again without anyone asking.
"""

import threading

from django.conf import settings

from tournaments.documents.services import documents_recover_lost
from tournaments.site.brokerless import every, run_once, start_thread

_started = threading.Event()


def check_once() -> int:
    """One check; returns the documents queued again (0 when the database could not be
    read: the next check tries again)."""
    return run_once(documents_recover_lost, "document check")


def _loop(stop: threading.Event) -> None:
    every(lambda: settings.DOCUMENT_CHECK_SECONDS, check_once, stop)


def start() -> threading.Event | None:
    """Start the check in a daemon thread of this process, once, when tasks run
    in-process (no broker); returns the event that stops it, None when not started."""
    return start_thread(_started, "document-check", _loop)
