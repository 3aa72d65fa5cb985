"""The periodic check of import jobs in a server without a Celery broker.

With a broker, Celery beat runs tournaments.tasks.import_jobs_check_task every
IMPORT_CHECK_SECONDS. Without one, jobs run inside the web process: if that process dies
mid-import the job stays "running", and a preview never confirmed keeps its file. `start`
runs the same check (tournaments.imports.services.import_jobs_check) in a daemon thread of
the server process (config.startup), beside tournaments.documents.watch.
"""

import threading

from django.conf import settings

from tournaments.imports.services import import_jobs_check
from tournaments.site.brokerless import every, run_once, start_thread

_started = threading.Event()


def check_once() -> int:
    """One check; returns how many jobs and files it changed (0 when the database could not
    be read: the next check tries again)."""
    return run_once(lambda: import_jobs_check().count, "import check")


def _loop(stop: threading.Event) -> None:
    every(lambda: settings.IMPORT_CHECK_SECONDS, check_once, stop)


def start() -> threading.Event | None:
    """Start the check in a daemon thread of this process, once, when tasks run
    in-process (no broker); returns the event that stops it, None when not started."""
    return start_thread(_started, "import-check", _loop)
