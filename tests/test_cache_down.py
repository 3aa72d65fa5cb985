"""The shared cache is an accelerator: served with its cache on a Redis where
nothing listens, every public page and API read of the demo is answered, a result can be
entered, a login works and failed logins are still limited (counted by the process alone);
the outage is logged once; a Redis that accepts connections and never answers costs a call
its short timeout, and the calls after it none.

The cache is the one the settings give for DJANGO_CACHE_URL=redis://127.0.0.1:1/0 (port 1:
nothing listens there)."""

import logging
import runpy
import socket
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache
from django.test import Client
from redis.exceptions import ConnectionError as RedisConnectionError

from games.demo import records_demo
from tests.crawl import crawl
from tests.held import held_for_the_module
from tournaments.demo import ORGANIZER_USERNAME, load_demo
from tournaments.models import Event, Game, GameResult
from tournaments.site import cache_guard

DEAD_REDIS = "redis://127.0.0.1:1/0"
PASSWORD = "a-long-and-good-password"
SETTINGS = Path(__file__).resolve().parents[1] / "config" / "settings.py"


def caches_for(url: str, monkeypatch) -> dict:
    """CACHES as config/settings.py makes them for DJANGO_CACHE_URL=url."""
    monkeypatch.setenv("DJANGO_CACHE_URL", url)
    return runpy.run_path(str(SETTINGS))["CACHES"]


@pytest.fixture(autouse=True)
def _no_outage_known():
    cache_guard._outages.clear()
    yield
    cache_guard._outages.clear()


@pytest.fixture
def dead_cache(settings, monkeypatch):
    settings.CACHES = caches_for(DEAD_REDIS, monkeypatch)
    monkeypatch.delenv("DJANGO_CACHE_URL")
    # what an earlier test left in this process's fallback (not through the cache, which
    # would log the outage before the test)
    local = getattr(caches["default"], "local", None)
    if local is not None:
        local.clear()
    yield
    if local is not None:
        local.clear()


@pytest.fixture(scope="module")
def demo_of_the_module(django_db_setup, django_db_blocker):
    """The demo, loaded once for the module's tests that ask for it (tests/held.py), with the
    tests' local cache (the dead one is set after it)."""
    yield from held_for_the_module(django_db_blocker, lambda: load_demo(records=records_demo))


@pytest.fixture
def demo(demo_of_the_module, db):
    """The demo's organizer, his password set with the tests' hasher (tests/conftest.py)."""
    organizer = get_user_model().objects.get(username=ORGANIZER_USERNAME)
    organizer.set_password(PASSWORD)
    organizer.save()
    return organizer


def test_the_settings_serve_a_redis_cache_through_the_guard(monkeypatch):
    default = caches_for(DEAD_REDIS, monkeypatch)["default"]
    assert default["BACKEND"] == "tournaments.site.cache_guard.GuardedRedisCache"
    assert default["LOCATION"] == DEAD_REDIS


#: The API reads of an event (GET), after /api/events/<slug>/.
EVENT_READS = (
    "",
    "players/",
    "rounds/",
    "pairings/",
    "standings/",
    "standings/1/",
    "rating-report/",
    "crosstable/",
    "games/",
    "team-standings/",
    "team-matches/",
    "team-ranking/",
)


def test_the_demo_is_served_with_its_cache_down(demo, dead_cache, caplog):
    caplog.set_level(logging.WARNING, logger="tournaments.site.cache_guard")
    visitor = Client(raise_request_exception=False)
    pages = crawl(visitor, ("/events/",))
    reads = []
    for url in ("/api/", "/api/events/"):
        reads.append((url, visitor.get(url).status_code))
    for event in Event.objects.order_by("pk"):
        for read in EVENT_READS:
            url = f"/api/events/{event.slug}/{read}"
            reads.append((url, visitor.get(url).status_code))
    assert len(pages) > 50 and len(reads) > 100, (len(pages), len(reads))
    errors = [(url, status) for url, status in pages + reads if status >= 500]
    assert not errors, errors
    assert sum(status == 200 for _url, status in pages) > 50
    # the same answers again (what the local cache keeps is served right)
    assert visitor.get("/events/demo-swiss/standings/").status_code == 200
    # logged once for the whole crawl
    warnings = [record for record in caplog.records if record.name == cache_guard.__name__]
    assert len(warnings) == 1, [record.getMessage() for record in warnings]
    assert "127.0.0.1:1/0 cannot be reached" in warnings[0].getMessage()


def test_a_result_is_entered_and_shown_with_the_cache_down(demo, dead_cache):
    organizer = Client(raise_request_exception=False)
    response = organizer.post(
        "/accounts/login/", {"username": ORGANIZER_USERNAME, "password": PASSWORD}
    )
    assert response.status_code == 302
    game = (
        Game.objects.filter(pairing__round__status="published", result=GameResult.PENDING)
        .select_related("pairing__round__event")
        .order_by("pk")
        .first()
    )
    event = game.pairing.round.event
    before = organizer.get(f"/api/events/{event.slug}/games/{game.pk}/").json()
    response = organizer.post(
        f"/api/events/{event.slug}/games/{game.pk}/result/",
        {"result": GameResult.DRAW},
        content_type="application/json",
    )
    assert response.status_code == 200, response.content
    game.refresh_from_db()
    assert game.result == GameResult.DRAW
    after = organizer.get(f"/api/events/{event.slug}/games/{game.pk}/").json()
    assert before["result"] == GameResult.PENDING and after["result"] == GameResult.DRAW


def test_logins_work_and_failures_are_still_limited_with_the_cache_down(db, dead_cache, settings):
    account = get_user_model().objects.create_user(username="olga", password=PASSWORD)
    owner = Client(raise_request_exception=False)
    response = owner.post("/accounts/login/", {"username": "olga", "password": PASSWORD})
    assert response.status_code == 302
    owner.logout()
    stranger = Client(raise_request_exception=False)
    answers = [
        stranger.post("/accounts/login/", {"username": "olga", "password": f"guess{attempt}"})
        for attempt in range(settings.LOGIN_FAILURE_LIMIT + 1)
    ]
    assert {answer.status_code for answer in answers} == {200}
    assert "Too many failed logins" not in answers[-2].content.decode()
    assert "Too many failed logins" in answers[-1].content.decode()
    # the right password from the stranger's address must wait too
    response = stranger.post("/accounts/login/", {"username": "olga", "password": PASSWORD})
    assert "Too many failed logins" in response.content.decode()
    assert account.pk


def test_the_cache_comes_back_after_an_outage(settings, monkeypatch, caplog):
    """A call Redis refuses is made on the local cache; once RETRY_SECONDS have passed Redis
    is tried again, and answering it ends the outage (logged)."""
    settings.CACHES = {
        "default": {
            "BACKEND": "tournaments.site.cache_guard.GuardedRedisCache",
            "LOCATION": "redis://127.0.0.1:6379/12",
        }
    }
    caplog.set_level(logging.WARNING, logger="tournaments.site.cache_guard")
    shared: dict[str, object] = {}
    reachable = threading.Event()

    def get(self, key, default=None, version=None):
        if not reachable.is_set():
            raise RedisConnectionError("Connection refused")
        return shared.get(key, default)

    def set_(self, key, value, timeout=None, version=None):
        if not reachable.is_set():
            raise RedisConnectionError("Connection refused")
        shared[key] = value

    monkeypatch.setattr(RedisCache, "get", get)
    monkeypatch.setattr(RedisCache, "set", set_)
    clock = [1000.0]
    monkeypatch.setattr(cache_guard, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    cache.set("kept", "locally")
    assert cache.get("kept") == "locally" and "kept" not in shared
    reachable.set()
    clock[0] += cache_guard.RETRY_SECONDS - 1
    assert cache.get("kept") == "locally"  # within RETRY_SECONDS Redis is not asked
    clock[0] += 1
    cache.set("kept", "shared")
    assert shared == {"kept": "shared"} and cache.get("kept") == "shared"
    messages = [record.getMessage() for record in caplog.records]
    assert len(messages) == 2, messages
    assert "cannot be reached" in messages[0] and "answers again" in messages[1]


def test_a_redis_that_never_answers_costs_one_short_wait(settings):
    """A server that accepts connections and never answers: the first call gives up after
    SOCKET_SECONDS, the calls after it do not wait for Redis at all."""
    listener = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                held.append(listener.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    try:
        location = f"redis://127.0.0.1:{listener.getsockname()[1]}/0"
        settings.CACHES = {
            "default": {
                "BACKEND": "tournaments.site.cache_guard.GuardedRedisCache",
                "LOCATION": location,
            }
        }
        assert cache.get("anything", "missing") == "missing"
        assert cache_guard.outage(location).skipping()
        connections = len(held)
        assert cache.get("anything", "missing") == "missing"
        assert len(held) == connections  # not even a connection tried
    finally:
        stop.set()
        listener.close()
        for connection in held:
            connection.close()
