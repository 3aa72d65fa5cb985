"""The polling of relay sources in a server without a Celery broker (``make run``, the demo).

With a broker, Celery beat runs games.tasks.relay_poll_due_task every RELAY_TICK_SECONDS and
workers poll. Without one, `start` runs the same task in a daemon thread of the server
process (config.startup, beside tournaments.documents.watch): tasks run eagerly, so each
due source is polled in that thread; the demo's relay file grows there too.
"""

import threading

from django.conf import settings

from tournaments.site.brokerless import every, run_once, start_thread

_started = threading.Event()


def _tick() -> int:
    from games.relay.demo import replay_tick
    from games.tasks import relay_poll_due_task

    replay_tick()
    return relay_poll_due_task()


def poll_once() -> int:
    """Poll every due source once and let the demo's file grow (games.relay.demo); returns
    how many sources were due (0 when the database could not be read)."""
    return run_once(_tick, "relay")


def _loop(stop: threading.Event) -> None:
    every(lambda: settings.RELAY_TICK_SECONDS, poll_once, stop)


def start() -> threading.Event | None:
    """Start the polling in a daemon thread of this process, once, when tasks run
    in-process (no broker); returns the event that stops it, None when not started."""
    return start_thread(_started, "relay-poll", _loop)
