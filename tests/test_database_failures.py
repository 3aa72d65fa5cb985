"""Connections killed under load (PostgreSQL): three gunicorn workers serve readers and a
writer while another session ends every connection of the test database
(pg_terminate_backend) again and again. Every read is answered (0 server errors: a dropped
connection is replaced, and a read that lost its connection runs once more), and no write
is answered 500: a write that lost its connection is a 503 that says it may have been saved.
"""

import threading
import time

import psycopg
import pytest
import requests
from django.db import connection
from rest_framework.authtoken.models import Token

from tests.factories import UserFactory, event_with_players
from tests.public.conftest import play_round
from tests.servers import gunicorn
from tests.workers import database_url
from tournaments.models import Game
from tournaments.services import rounds

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

SECONDS = 10
#: Seconds between two rounds of kills: a read retried after one is done before the next.
PERIOD = 1.5


def _killer(stop: threading.Event, spared: int, kills: list[int]) -> None:
    """End every other session of the test database every PERIOD seconds."""
    with psycopg.connect(database_url(), autocommit=True) as session:
        while not stop.is_set():
            ended = session.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid() "
                "AND pid <> %s AND backend_type = 'client backend'",
                [spared],
            ).fetchone()[0]
            kills.append(ended)
            stop.wait(PERIOD)


def _reader(base: str, paths: list[str], stop: threading.Event, answers: list) -> None:
    with requests.Session() as browser:
        while not stop.is_set():
            for path in paths:
                answers.append((path, browser.get(f"{base}{path}", timeout=60).status_code))


def test_reads_are_answered_and_no_saved_write_is_a_500():
    organizer = UserFactory(username="organizer", is_superuser=True)
    event = event_with_players(organizer, players=8, organizers=[organizer])
    play_round(event, organizer)
    round_ = rounds.round_publish(
        round=rounds.round_pair(event=event, user=organizer), user=organizer
    )
    game = Game.objects.filter(pairing__round=round_).order_by("pk").first()
    token = Token.objects.create(user=organizer).key
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        spared = cursor.fetchone()[0]
    paths = [
        f"/api/events/{event.slug}/standings/",
        f"/api/events/{event.slug}/pairings/",
        f"/events/{event.slug}/",
        f"/events/{event.slug}/standings/",
    ]
    stop = threading.Event()
    reads: list[tuple[str, int]] = []
    writes: list[tuple[int, bool]] = []
    kills: list[int] = []
    with gunicorn(workers=3) as base:
        threads = [
            threading.Thread(target=_reader, args=(base, paths, stop, reads)) for _ in range(2)
        ]
        threads.append(threading.Thread(target=_killer, args=(stop, spared, kills)))
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + SECONDS
        with requests.Session() as writer:
            for index in range(10_000):
                if time.monotonic() > deadline:
                    break
                result = ("1-0", "0-1")[index % 2]
                answer = writer.post(
                    f"{base}/api/events/{event.slug}/games/{game.pk}/result/",
                    json={"result": result},
                    headers={"Authorization": f"Token {token}"},
                    timeout=60,
                )
                game.refresh_from_db()
                writes.append((answer.status_code, game.result == result))
        stop.set()
        for thread in threads:
            thread.join()
    failed_reads = [(path, status) for path, status in reads if status != 200]
    write_statuses = sorted({status for status, _saved in writes})
    saved_500 = sum(1 for status, saved in writes if status == 500 and saved)
    print(
        f"{sum(kills)} sessions ended; {len(reads)} reads, {len(failed_reads)} not 200; "
        f"{len(writes)} writes, statuses {write_statuses}, "
        f"503: {sum(1 for s, _ in writes if s == 503)} "
        f"({sum(1 for s, saved in writes if s == 503 and saved)} saved), 500 saved: {saved_500}"
    )
    assert sum(kills) > 10
    assert len(reads) > 100 and failed_reads == []
    assert saved_500 == 0 and 500 not in write_statuses
    assert set(write_statuses) <= {200, 503}
