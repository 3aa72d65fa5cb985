"""A task queued here is run by a real Celery worker process (CELERY_BROKER_URL only).

The worker reaches the test database through DATABASE_URL, so the data is committed
(transactional test) and the database must be a server (PostgreSQL), not in-memory SQLite.
A queue of its own keeps this worker away from anyone else's tasks on the same broker.
"""

import os
import subprocess
import sys
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

from tests.factories import event_with_players
from tournaments.models import Round
from tournaments.services import rounds
from tournaments.tasks import round_pair_task

REPO = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]


def database_url() -> str:
    settings = connection.settings_dict
    if "postgresql" not in settings["ENGINE"]:
        pytest.skip("the worker process needs a database server: set DATABASE_URL=postgres://...")
    user = quote(settings["USER"] or "")
    password = f":{quote(settings['PASSWORD'])}" if settings["PASSWORD"] else ""
    host = settings["HOST"] or "127.0.0.1"
    port = f":{settings['PORT']}" if settings["PORT"] else ""
    return f"postgres://{user}{password}@{host}{port}/{settings['NAME']}"


def test_worker_pairs_a_round(arbiter_user):
    url = database_url()
    event = event_with_players(arbiter_user, players=9)
    round_ = rounds.round_create(event=event, user=arbiter_user)
    queue = f"damier-test-{uuid.uuid4().hex[:8]}"
    worker = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "celery"),
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--concurrency=1",
            "-Q",
            queue,
            "--loglevel=INFO",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ],
        cwd=REPO,
        env={**os.environ, "DATABASE_URL": url},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        result = round_pair_task.apply_async((round_.pk, arbiter_user.pk), queue=queue)
        assert result.get(timeout=90) == 5
        assert Round.objects.get(pk=round_.pk).pairings.count() == 5
        assert round_.pairings.first().history.get().history_user == arbiter_user
    finally:
        worker.terminate()
        try:
            output, _ = worker.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            worker.kill()
            output, _ = worker.communicate()
    assert "round_pair_task" in output and "succeeded" in output, output[-3000:]
