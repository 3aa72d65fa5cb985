"""What a server process does once the application is loaded, before its first request."""

import gc

from django.urls import get_resolver

#: Allocations (net of deallocations) between two collections of the youngest generation:
#: Python's default is 700. See :func:`settle`.
GC_YOUNGEST_THRESHOLD = 20_000


def settle() -> None:
    """Load the URL configuration (and with it every view module), then move every object
    alive at that point out of the garbage collector's generations (``gc.freeze``), and
    collect the youngest generation less often.

    Those objects (Django, the apps, the URL patterns: a few hundred thousand) live as long as
    the process, yet each full collection walked them again; a cold standings or crosstable
    request of a 500-player event allocates enough objects to trigger such collections, which
    then cost more than the tables themselves. Objects created later are collected as usual.

    Such a request allocates some hundred thousand objects, nearly all freed by reference
    counting before it ends; at Python's default of 700 they still set off a full collection
    every 70,000 allocations, every other cold request, which walks every object the process
    kept since it started (10-58 ms each: the slowest cold requests were those). At 20,000,
    full collections come thirty times less often; what a collection cannot free early is
    cyclic garbage, at most some 20,000 objects (a few MB) more between collections.
    (benchmarks/public_pages.py, 500 players: the API crosstable's cold p95 177 -> 97 ms.)
    """
    get_resolver().url_patterns  # noqa: B018 (imports the URL conf and the views)
    gc.collect()
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(GC_YOUNGEST_THRESHOLD, middle, oldest)


def watch() -> None:
    """Without a Celery broker, check for lost document jobs and import jobs and poll the
    live relays in threads of this process (with one, Celery beat does:
    tournaments.documents.watch, tournaments.imports.watch, games.relay.watch)."""
    from games.relay import watch as relay
    from tournaments.documents import watch as documents
    from tournaments.imports import watch as imports

    documents.start()
    imports.start()
    relay.start()
