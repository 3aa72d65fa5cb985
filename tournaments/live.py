"""Keeps the cached event states (selectors.public.event_state) honest, and answers a
follower's check from one cache read.

Every history row written (simple_history's post_create_historical_record, sent for each
tracked save and delete) forgets the states at once, so the next follower's conditional
request reads the new fingerprint instead of waiting for the cache to expire; a state read by
another request between the write and its commit is kept at most
selectors.public.STATE_SECONDS (the relay, which writes many rows a second, also forgets
them at its commit: games.relay.services).

A page's ETag for anonymous followers (`known_etag`, `remember_etag`) is kept with the
generation of the states it was computed under: while no history row has been written since,
a check is answered (304, or the stored live part) from one cache round trip, without a query.
"""

import hashlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.core.cache import cache
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils.translation import get_language
from simple_history.signals import post_create_historical_record

from tournaments.selectors.public import STATE_GENERATION_KEY, STATE_SECONDS, forget_states

#: Within `states_forgotten_once`: the history rows written meanwhile forget the states once.
_held = threading.local()


@receiver(post_create_historical_record, dispatch_uid="damier-forget-event-states")
def _history_written(sender, **kwargs) -> None:
    if getattr(_held, "depth", 0):
        _held.pending = True
        return
    forget_states()


@contextmanager
def states_forgotten_once() -> Iterator[None]:
    """Within the block, the history rows written forget the cached states once, at its end,
    rather than one cache call per row: an import writing thousands of rows (an event's
    archive) pays one."""
    _held.depth = getattr(_held, "depth", 0) + 1
    try:
        yield
    finally:
        _held.depth -= 1
        if not _held.depth and getattr(_held, "pending", False):
            _held.pending = False
            forget_states()


def _etag_key(request: HttpRequest, kind: str) -> str:
    """The cache key of a page's ETag: its address hashed, so that any query string a
    visitor sends gives a key of fixed length, valid for every cache backend."""
    address = hashlib.sha256(request.get_full_path().encode()).hexdigest()
    return f"damier:live-etag:{kind}:{get_language()}:{address}"


def known_etag(request: HttpRequest, *, kind: str = "page") -> tuple[int, str | None]:
    """(the states' generation now, the ETag of this page (or API answer of media type
    `kind`) for an anonymous follower if it was computed under that generation, else
    None)."""
    if request.user.is_authenticated:
        return 0, None
    key = _etag_key(request, kind)
    found = cache.get_many([STATE_GENERATION_KEY, key])
    generation = found.get(STATE_GENERATION_KEY, 0)
    stored = found.get(key)
    if stored is None or stored[0] != generation:
        return generation, None
    return generation, stored[1]


def remember_etag(request: HttpRequest, generation: int, etag: str, *, kind: str = "page") -> None:
    """Keep `etag`, computed after `generation` was read (a history row written meanwhile
    raised the generation: the entry is then never used)."""
    if not request.user.is_authenticated:
        cache.set(_etag_key(request, kind), (generation, etag), STATE_SECONDS)
