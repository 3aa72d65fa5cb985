"""The site served with its shared cache on a Redis where nothing listens: every
public page and API read of the demo, a result entered through the API, a login and a
login refused after too many failures. Prints the count of answers and of server errors.

Run: DJANGO_CACHE_URL=redis://127.0.0.1:1/0 .venv/bin/python -m benchmarks.cache_down

In a throw-away test database (SQLite unless DATABASE_URL says otherwise): the demo is
loaded with a local-memory cache (as `make run` would), then every request is served with
the cache the settings give for DJANGO_CACHE_URL, through Django's test client (the whole
request: middleware, view, template; a server error is counted, not raised). The public
pages are found by a crawl from /events/ with the local cache (at most PER_SHAPE pages of one
shape: the path with its numbers replaced), then asked again with the cache served; the API
reads are every GET endpoint of each demo event.
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.test import Client, override_settings  # noqa: E402

from benchmarks.database import throwaway_database  # noqa: E402
from tests.crawl import crawl  # noqa: E402

PER_SHAPE = 2
EVENT_READS = (
    "",
    "players/",
    "rounds/",
    "pairings/",
    "standings/",
    "standings/1/",
    "team-ranking/",
    "rating-report/",
    "crosstable/",
    "team-standings/",
    "team-matches/",
    "games/",
)
PASSWORD = "a-long-demo-password-35"


def api_reads(client: Client) -> list[tuple[str, int]]:
    from tournaments.models import Event, Game

    answers = []
    for url in ("/api/", "/api/events/"):
        answers.append((url, client.get(url).status_code))
    for event in Event.objects.order_by("pk"):
        base = f"/api/events/{event.slug}/"
        for read in EVENT_READS:
            answers.append((base + read, client.get(base + read).status_code))
        game = Game.objects.filter(pairing__round__event=event).order_by("pk").first()
        if game is not None:
            read = f"games/{game.pk}/"
            answers.append((base + read, client.get(base + read).status_code))
        last = event.rounds.order_by("-number").first()
        if last is not None:
            read = f"rounds/{last.number}/relay/"
            answers.append((base + read, client.get(base + read).status_code))
    return answers


def writes_and_logins() -> list[tuple[str, int]]:
    """A result entered by the organizer (API, session), a login, and the answer to a login
    tried past LOGIN_FAILURE_LIMIT failures."""
    from django.contrib.auth import get_user_model

    from tournaments.demo import ORGANIZER_USERNAME
    from tournaments.models import Game, GameResult

    organizer = get_user_model().objects.get(username=ORGANIZER_USERNAME)
    organizer.set_password(PASSWORD)
    organizer.save()
    answers = []
    client = Client(raise_request_exception=False)
    response = client.post(
        "/accounts/login/", {"username": ORGANIZER_USERNAME, "password": PASSWORD}
    )
    answers.append(("login (302 when logged in)", response.status_code))
    game = (
        Game.objects.filter(pairing__round__status="published", result=GameResult.PENDING)
        .order_by("pk")
        .first()
    )
    if game is not None:
        event = game.pairing.round.event
        response = client.post(
            f"/api/events/{event.slug}/games/{game.pk}/result/",
            {"result": GameResult.DRAW},
            content_type="application/json",
        )
        answers.append((f"result of game {game.pk}", response.status_code))
    stranger = Client(raise_request_exception=False)
    for attempt in range(settings.LOGIN_FAILURE_LIMIT + 1):
        response = stranger.post(
            "/accounts/login/", {"username": ORGANIZER_USERNAME, "password": f"wrong{attempt}"}
        )
    limited = "Too many failed logins" in response.content.decode()
    answers.append((f"login past the limit (limited: {limited})", response.status_code))
    return answers


def main() -> None:
    import logging

    logging.disable(logging.ERROR)  # the server errors are counted, not printed
    from games.demo import records_demo
    from tournaments.demo import load_demo

    served_with = settings.CACHES
    with throwaway_database():
        local = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
        with override_settings(CACHES=local):
            load_demo(records=records_demo)
            # the pages found with a cache that works, asked again with the one served
            found = [
                url for url, _status in crawl(Client(), ("/", "/events/"), per_shape=PER_SHAPE)
            ]
        with override_settings(CACHES=served_with):
            client = Client(raise_request_exception=False)
            pages = [(url, client.get(url).status_code) for url in found]
            reads = api_reads(client)
            writes = writes_and_logins()
    print(f"cache: {served_with['default']['BACKEND']} at {served_with['default'].get('LOCATION')}")
    for name, answers in (("public pages", pages), ("API reads", reads), ("writes", writes)):
        errors = [(url, status) for url, status in answers if status >= 500]
        print(f"{name}: {len(answers)} answers, {len(errors)} server errors")
        for url, status in errors[:5]:
            print(f"  {status} {url}")
    for url, status in writes:
        print(f"  {status} {url}")


if __name__ == "__main__":
    main()
