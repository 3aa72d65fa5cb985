"""Documents built by a real Celery worker process over Redis (CELERY_BROKER_URL), on a
PostgreSQL test database the worker reaches through DATABASE_URL (see
tests/workers.py). Each test uses a queue of its own.

Run: CELERY_BROKER_URL=redis://127.0.0.1:6379/5 DATABASE_URL=postgres://... \
     .venv/bin/pytest tests/documents/test_document_worker.py
"""

import time
from pathlib import Path

import pytest

from tests.factories import event_with_players, make_organizer
from tests.workers import database_url, start_worker, stop_worker, wait_for
from tournaments.documents.models import Document, DocumentStatus
from tournaments.models import System
from tournaments.services import rounds

#: Seconds before Redis hands a dead worker's unacknowledged job to another worker.
VISIBILITY_TIMEOUT = 3

pytestmark = [
    pytest.mark.celery_worker,
    pytest.mark.django_db(transaction=True),
]


def worker_for(queue: str, media: Path):
    return start_worker(
        queue, DJANGO_MEDIA_ROOT=str(media), CELERY_VISIBILITY_TIMEOUT=str(VISIBILITY_TIMEOUT)
    )


def test_a_crosstable_requested_through_the_api_is_built_by_the_worker(client, queue, tmp_path):
    database_url()  # skips without PostgreSQL
    user = make_organizer("org")
    event = event_with_players(user, players=8)
    round_ = rounds.round_publish(round=rounds.round_pair(event=event, user=user), user=user)
    client.force_login(user)
    worker = worker_for(queue, tmp_path)
    try:
        response = client.post(
            f"/api/events/{event.slug}/documents/",
            {"kind": "crosstable"},
            content_type="application/json",
        )
        assert response.status_code == 202, response.content
        assert response.json()["status"] == "queued"
        seen = ["queued"]

        def done():
            state = client.get(response.json()["poll"]).json()
            if state["status"] != seen[-1]:
                seen.append(state["status"])
            return state if state["status"] in ("done", "failed") else None

        state = wait_for(done, timeout=90, step=0.1)
        assert state["status"] == "done", state
        download = client.get(state["download"])
        assert download.status_code == 200
        assert b"".join(download.streaming_content).startswith(b"%PDF")
    finally:
        output = stop_worker(worker)
    assert seen[0] == "queued" and seen[-1] == "done"
    assert "document_build_task" in output and "succeeded" in output, output[-3000:]
    assert round_.number == 1


def test_a_job_whose_worker_dies_completes_on_a_new_worker(client, queue, tmp_path):
    """Score sheets of a 200-player round (200 pages, a few seconds): the worker is killed
    (SIGKILL) while it lays them out; the job, acknowledged late, stays in Redis and a new
    worker builds it once the visibility timeout has passed."""
    database_url()
    user = make_organizer("org")
    event = event_with_players(user, players=200, system=System.ROUND_ROBIN, games_per_pairing=2)
    round_ = rounds.round_pair(event=event, user=user)
    client.force_login(user)
    first = worker_for(queue, tmp_path)
    try:
        response = client.post(
            f"/api/events/{event.slug}/documents/",
            {"kind": "scoresheets", "round": round_.number},
            content_type="application/json",
        )
        assert response.status_code == 202, response.content
        document_id = response.json()["id"]
        wait_for(
            lambda: Document.objects.filter(
                pk=document_id, status=DocumentStatus.RUNNING, progress__gt=10
            ).exists(),
            timeout=90,
        )
        first.kill()
        first.wait(timeout=30)
    finally:
        if first.poll() is None:
            first.kill()
        first.communicate()
    interrupted = Document.objects.get(pk=document_id)
    assert interrupted.status == DocumentStatus.RUNNING and not interrupted.file
    assert interrupted.attempts == 1
    time.sleep(VISIBILITY_TIMEOUT + 1)
    second = worker_for(queue, tmp_path)
    try:
        finished = wait_for(
            lambda: Document.objects.filter(pk=document_id, status=DocumentStatus.DONE).first(),
            timeout=120,
            step=0.2,
        )
    finally:
        output = stop_worker(second)
    assert finished.attempts == 2 and finished.pages == 200, output[-3000:]
    download = client.get(response.json()["poll"]).json()["download"]
    assert b"".join(client.get(download).streaming_content).startswith(b"%PDF")
