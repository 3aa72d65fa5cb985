"""Documents recover without anyone asking twice: a done document whose file storage lost
(a restore without the media folder) is built again instead of answering 503 forever, and
a lost job (its process died mid-PDF, or its request was lost) is queued again by the
periodic check, not only when someone reads its state. Tasks run in-process."""

import datetime

import pytest
from django.db import connection
from django.utils import timezone

from tests.factories import event_with_players, make_organizer
from tests.public.conftest import play_round
from tournaments.documents import watch
from tournaments.documents.models import Document, DocumentKind, DocumentStatus
from tournaments.documents.services import document_request, documents_recover_lost

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    organizer = make_organizer("org")
    event = event_with_players(organizer, players=6, organizers=[organizer])
    play_round(event, organizer)
    # Completing the round queued the published documents after a commit that never comes
    # inside a test: each test starts without documents.
    Document.objects.all().delete()
    return event


def _built(event, kind, run) -> Document:
    with run(execute=True):
        document = document_request(event=event, kind=kind).document
    document.refresh_from_db()
    assert document.status == DocumentStatus.DONE and document.has_file
    return document


def test_a_published_pdf_whose_file_is_lost_is_built_again(
    client, event, django_capture_on_commit_callbacks
):
    document = _built(event, DocumentKind.CROSSTABLE, django_capture_on_commit_callbacks)
    document.file.storage.delete(document.file.name)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        first = client.get(f"/events/{event.slug}/crosstable.pdf")
    assert first.status_code == 503  # being generated: its job was queued
    assert len(callbacks) == 1
    again = client.get(f"/events/{event.slug}/crosstable.pdf")
    assert again.status_code == 200
    assert b"".join(again.streaming_content).startswith(b"%PDF")


def test_the_api_file_of_a_lost_document_is_built_again(
    client, event, django_capture_on_commit_callbacks
):
    document = _built(event, DocumentKind.STANDINGS, django_capture_on_commit_callbacks)
    document.file.storage.delete(document.file.name)
    url = f"/api/events/{event.slug}/documents/{document.pk}/file/"
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        assert client.get(url).status_code == 404
    assert len(callbacks) == 1
    assert client.get(url).status_code == 200


def test_the_periodic_check_queues_lost_jobs_again(event, django_capture_on_commit_callbacks):
    long_ago = timezone.now() - datetime.timedelta(hours=1)
    died = Document.objects.create(
        event=event,
        kind=DocumentKind.CROSSTABLE,
        status=DocumentStatus.RUNNING,
        requested_at=long_ago,
        started_at=long_ago,
    )
    forgotten = Document.objects.create(
        event=event,
        kind=DocumentKind.STANDINGS,
        status=DocumentStatus.QUEUED,
        requested_at=long_ago,
    )
    round_ = event.rounds.get(number=1)
    running = Document.objects.create(
        event=event,
        kind=DocumentKind.PAIRING_SHEET,
        round=round_,
        status=DocumentStatus.RUNNING,
        requested_at=timezone.now(),
        started_at=timezone.now(),
    )
    # PostgreSQL tells a live job by its lock, and no job holds the recent one's: it is lost
    # too. Elsewhere only the age tells, and the recent one may still be running.
    lock_tells = connection.vendor == "postgresql"
    with django_capture_on_commit_callbacks(execute=True):
        assert documents_recover_lost() == (3 if lock_tells else 2)
    for document in (died, forgotten):
        document.refresh_from_db()
        assert document.status == DocumentStatus.DONE and document.has_file
    running.refresh_from_db()
    expected = DocumentStatus.DONE if lock_tells else DocumentStatus.RUNNING
    assert running.status == expected
    assert watch.check_once() == 0


def test_the_check_runs_under_celery_beat_or_in_the_server_process(settings):
    from config.celery import app

    entry = settings.CELERY_BEAT_SCHEDULE["documents-recover-lost"]
    assert entry["task"] in app.tasks
    assert entry["schedule"] == settings.DOCUMENT_CHECK_SECONDS
    settings.CELERY_TASK_ALWAYS_EAGER = False  # a broker: beat runs the check
    assert watch.start() is None


def test_without_a_broker_a_thread_of_the_server_runs_the_check(settings, monkeypatch):
    checks: list[int] = []
    stop = watch.threading.Event()

    def check() -> int:
        checks.append(1)
        if len(checks) == 3:
            stop.set()
        return 0

    monkeypatch.setattr(watch, "documents_recover_lost", check)
    settings.DOCUMENT_CHECK_SECONDS = 0
    watch._loop(stop)  # returns once stopped: three checks ran
    assert len(checks) == 3
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.DOCUMENT_CHECK_SECONDS = 3600  # the thread waits, and stops when told
    monkeypatch.setattr(watch, "_started", watch.threading.Event())
    started = watch.start()
    assert started is not None and watch.start() is None  # once per process
    started.set()
