"""A document job whose whole worker is killed mid-job is resumed by another worker within
minutes, and the document's status is true throughout: "running" only while a worker runs
it (tournaments.site.job_liveness), "queued" as soon as the lost job is noticed. Real worker
processes over Redis on the PostgreSQL test database (tests/workers.py).

Run: CELERY_BROKER_URL=redis://127.0.0.1:6379/5 DATABASE_URL=postgres://... \\
     .venv/bin/pytest tests/documents/test_document_worker_lost.py
"""

import time

import pytest

from tests.factories import event_with_players, make_organizer
from tests.workers import database_url, start_worker, stop_worker, wait_for
from tournaments.documents.models import Document, DocumentStatus
from tournaments.models import System
from tournaments.services import rounds
from tournaments.site.job_liveness import DOCUMENT_JOBS, job_alive

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]

#: The resumed job must be done within this many seconds of the kill.
RESUMED_WITHIN = 300


def test_a_job_whose_whole_worker_is_killed_is_resumed_with_a_true_status(
    client,
    queue,
    tmp_path,
):
    database_url()
    user = make_organizer("org")
    event = event_with_players(user, players=200, system=System.ROUND_ROBIN, games_per_pairing=2)
    round_ = rounds.round_pair(event=event, user=user)
    client.force_login(user)
    # The settings' own visibility timeout (no shortcut): the resumption must not wait on it.
    first = start_worker(queue, DJANGO_MEDIA_ROOT=str(tmp_path))
    second = None
    try:
        response = client.post(
            f"/api/events/{event.slug}/documents/",
            {"kind": "scoresheets", "round": round_.number},
            content_type="application/json",
        )
        assert response.status_code == 202, response.content
        document_id, poll = response.json()["id"], response.json()["poll"]
        wait_for(
            lambda: Document.objects.filter(
                pk=document_id, status=DocumentStatus.RUNNING, progress__gt=10
            ).exists(),
            timeout=90,
        )
        assert (
            job_alive(document_id, namespace=DOCUMENT_JOBS) is True
        )  # "running" is backed by a live job
        first.kill()  # SIGKILL: the whole (solo) worker, no chance to clean up
        first.wait(timeout=30)
        killed_at = time.monotonic()
        assert job_alive(document_id, namespace=DOCUMENT_JOBS) is False
        # A new request for it queues a job at once (no waiting for a stale age), and every
        # read after tells the truth: queued, not running.
        again = client.post(
            f"/api/events/{event.slug}/documents/",
            {"kind": "scoresheets", "round": round_.number},
            content_type="application/json",
        )
        assert (again.status_code, again.json()["status"]) == (202, DocumentStatus.QUEUED)
        assert client.get(poll).json()["status"] == DocumentStatus.QUEUED
        second = start_worker(queue, DJANGO_MEDIA_ROOT=str(tmp_path))
        seen = []
        while time.monotonic() - killed_at < RESUMED_WITHIN:
            status = client.get(poll).json()["status"]
            if status == DocumentStatus.RUNNING:
                assert job_alive(document_id, namespace=DOCUMENT_JOBS) is not False, (
                    "running without a live job"
                )
            if not seen or seen[-1] != status:
                seen.append(status)
            if status in (DocumentStatus.DONE, DocumentStatus.FAILED):
                break
            time.sleep(0.5)
    finally:
        if first.poll() is None:
            first.kill()
        first.communicate()
        output = stop_worker(second) if second is not None else ""
    assert seen[-1] == DocumentStatus.DONE, (seen, output[-3000:])
    assert DocumentStatus.FAILED not in seen
    order = [DocumentStatus.QUEUED, DocumentStatus.RUNNING, DocumentStatus.DONE]
    assert seen == [status for status in order if status in seen], seen
    finished = Document.objects.get(pk=document_id)
    assert finished.pages == 200 and finished.attempts == 2
