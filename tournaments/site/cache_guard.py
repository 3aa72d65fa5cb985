"""The shared cache as an accelerator: the site serves without it, slower.

`GuardedRedisCache` is the default cache when DJANGO_CACHE_URL names Redis
(config.settings), so every use of the cache goes through it: page fragments ({% cache %}),
the event states and ETags (tournaments.selectors.public, tournaments.live), the stored API
answers (tournaments.api.conditional), the live parts (tournaments.views.events), the failed
logins (tournaments.site.login_limits). A call that cannot reach Redis (refused, timed out,
any Redis error) is made on this process's own local-memory cache instead; for
RETRY_SECONDS after a failure every call goes there at once, without trying Redis (a Redis
that does not answer would otherwise cost each call its timeout, SOCKET_SECONDS). The
first failure of an outage is logged once, and so is Redis answering again.

Why each use stays right on the local cache:

- page fragments, live parts and stored API answers are named by the ETag of what they
  hold: a copy in one process is as good as a shared one;
- event states and page ETags are kept STATE_SECONDS (2 s) under the process's own
  generation, so a change written through another process shows within that time, the bound
  a change read just before its commit already has (tournaments.selectors.public); the
  states Redis kept from before the outage have expired by the time it is asked again
  (RETRY_SECONDS is longer);
- failed logins are counted by each process alone while Redis is unreachable: each of N
  processes allows its own count (what tournaments.E003 warns of for a per-process cache),
  never none. The counts made meanwhile stay in the process when Redis answers again.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any
from urllib.parse import urlsplit

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

#: Seconds a call waits for Redis to connect or answer before it is taken as unreachable.
SOCKET_SECONDS = 0.5
#: Seconds after a failure during which calls go to the local cache without trying Redis.
RETRY_SECONDS = 5.0


def _shown(location: str) -> str:
    """A Redis address as logged: host, port and database, never a password."""
    parts = urlsplit(location)
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{parts.hostname}{port}{parts.path}"


class _Outage:
    """Whether one Redis address is taken as unreachable in this process, and until when."""

    def __init__(self, location: str) -> None:
        self.location = location
        self.down = False
        self._until = 0.0
        self._lock = threading.Lock()

    def skipping(self) -> bool:
        """Whether calls go to the local cache without trying Redis."""
        return self.down and time.monotonic() < self._until

    def began(self, error: Exception) -> None:
        with self._lock:
            self._until = time.monotonic() + RETRY_SECONDS
            if self.down:
                return
            self.down = True
        logger.warning(
            "The cache at %s cannot be reached (%s): this process serves without it, from "
            "its own memory, and counts failed logins alone until it answers again (tried "
            "again every %s s).",
            _shown(self.location),
            error,
            RETRY_SECONDS,
        )

    def ended(self) -> None:
        with self._lock:
            if not self.down:
                return
            self.down = False
        logger.warning("The cache at %s answers again.", _shown(self.location))


_outages: dict[str, _Outage] = {}
_outages_lock = threading.Lock()


def outage(location: str) -> _Outage:
    """The outage state of the Redis at ``location``, one per process (Django makes a cache
    object per thread)."""
    with _outages_lock:
        return _outages.setdefault(location, _Outage(location))


class GuardedRedisCache(RedisCache):
    """Django's Redis cache, falling back to a local-memory cache of this process while
    Redis cannot be reached (see the module's docstring)."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        options = {
            "socket_connect_timeout": SOCKET_SECONDS,
            "socket_timeout": SOCKET_SECONDS,
            **params.get("OPTIONS", {}),
        }
        super().__init__(server, {**params, "OPTIONS": options})
        location = server if isinstance(server, str) else ",".join(server)
        self.outage = outage(location)
        local = {key: value for key, value in params.items() if key not in ("LOCATION", "OPTIONS")}
        self.local = LocMemCache(f"damier-cache-guard:{location}", local)

    def _either(self, name: str, *args: Any, **kwargs: Any) -> Any:
        if not self.outage.skipping():
            try:
                result = getattr(super(), name)(*args, **kwargs)
            except RedisError as error:
                self.outage.began(error)
            else:
                if self.outage.down:
                    self.outage.ended()
                return result
        return getattr(self.local, name)(*args, **kwargs)

    # Every call RedisCache makes to Redis; BaseCache's others (get_or_set, decr,
    # incr_version, the async ones) are made of these.
    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> bool:
        return self._either("add", key, value, timeout, version)

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._either("get", key, default, version)

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> None:
        self._either("set", key, value, timeout, version)

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> bool:
        return self._either("touch", key, timeout, version)

    def delete(self, key: Any, version: Any = None) -> bool:
        return self._either("delete", key, version)

    def get_many(self, keys: Any, version: Any = None) -> dict[Any, Any]:
        return self._either("get_many", keys, version)

    def has_key(self, key: Any, version: Any = None) -> bool:
        return self._either("has_key", key, version)

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> int:
        return self._either("incr", key, delta, version)

    def set_many(self, data: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> list[Any]:
        return self._either("set_many", data, timeout, version)

    def delete_many(self, keys: Any, version: Any = None) -> None:
        self._either("delete_many", keys, version)

    def clear(self) -> None:
        self._either("clear")
