"""The polling of relay sources in a server without a Celery broker (``make run``, the demo).

With a broker, Celery beat runs games.tasks.relay_poll_due_task every RELAY_TICK_SECONDS and
workers poll. Without one, `start` runs the same task in a daemon thread of the server
process (config.startup, beside tournaments.documents.watch): tasks run eagerly, so each
due source is polled in that thread; the demo's relay file grows there too.
"""

import logging
import threading

from django.conf import settings
from django.db import DatabaseError, close_old_connections

logger = logging.getLogger(__name__)

_started = threading.Event()


def poll_once() -> int:
    """Poll every due source once and let the demo's file grow (games.relay.demo), on
    connections of this thread, closed afterwards; returns how many sources were due (0
    when the database could not be read)."""
    from games.relay.demo import replay_tick
    from games.tasks import relay_poll_due_task

    try:
        replay_tick()
        return relay_poll_due_task()
    except DatabaseError as exc:
        logger.warning("relay: the database could not be read: %s", exc)
        return 0
    finally:
        close_old_connections()


def _loop(stop: threading.Event) -> None:
    while not stop.wait(settings.RELAY_TICK_SECONDS):
        poll_once()


def start() -> threading.Event | None:
    """Start the polling in a daemon thread of this process, once, when tasks run
    in-process (no broker); returns the event that stops it, None when not started."""
    if not settings.CELERY_TASK_ALWAYS_EAGER or _started.is_set():
        return None
    _started.set()
    stop = threading.Event()
    threading.Thread(target=_loop, args=(stop,), name="relay-poll", daemon=True).start()
    return stop
