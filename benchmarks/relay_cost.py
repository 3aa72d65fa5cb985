"""What one request of a relay follower costs one server process, apart from the load of the
machine: CPU seconds (time.process_time) per request, run by `benchmarks.relay_load` after
its run, in a process with the servers' settings, against the round it built.

Run alone: .venv/bin/python -m benchmarks.relay_cost (with the environment of
`make load-relay`, after a run left its database).

CPU time is this process's only: the database's and Redis's work is not in it (the queries
column says how much of it there is).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

SLUG = "relay-load"
PATH = f"/events/{SLUG}/rounds/1/"


def measure(label: str, call: Callable, count: int) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    call()
    started = time.process_time()
    for _ in range(count):
        call()
    cost = (time.process_time() - started) / count
    with CaptureQueriesContext(connection) as queries:
        answer = call()
    print(
        f"{label:46} {cost * 1000:7.2f} ms CPU  {1 / cost:7.0f}/s  "
        f"{len(queries):2d} queries  {answer.status_code}  {len(answer.content):7d} bytes"
    )


def main() -> None:
    import django

    django.setup()
    from django.core.cache import cache
    from django.test import Client

    from benchmarks.load import HOST
    from tournaments.selectors.public import forget_states

    client = Client(SERVER_NAME=HOST)

    def get(**headers):
        return client.get(PATH, secure=True, HTTP_ACCEPT_ENCODING="gzip", **headers)

    etag = get()["ETag"]
    live = {"HTTP_X_REQUESTED_WITH": "live"}

    def first_render():
        forget_states()
        cache.clear()
        return get()

    def new_state():
        forget_states()
        return get(HTTP_IF_NONE_MATCH=etag, **live)

    print("\none follower's request, one server process (CPU of this process only):")
    measure("check, unchanged (304)", lambda: get(HTTP_IF_NONE_MATCH=etag, **live), 500)
    measure("check, changed: live part from the cache", lambda: get(**live), 500)
    measure("open the page (its fragment cached)", get, 100)
    measure("check after a change (the event's fingerprint)", new_state, 50)
    measure("first render of a state (nothing cached)", first_render, 20)


if __name__ == "__main__":
    main()
