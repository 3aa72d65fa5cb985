"""What a server process does once the application is loaded, before its first request."""

import gc

from django.urls import get_resolver


def settle() -> None:
    """Load the URL configuration (and with it every view module), then move every object
    alive at that point out of the garbage collector's generations (``gc.freeze``).

    Those objects (Django, the apps, the URL patterns: a few hundred thousand) live as long as
    the process, yet each full collection walked them again; a cold standings or crosstable
    request of a 500-player event allocates enough objects to trigger such collections, which
    then cost more than the tables themselves. Objects created later are collected as usual.
    """
    get_resolver().url_patterns  # noqa: B018 (imports the URL conf and the views)
    gc.collect()
    gc.freeze()


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
