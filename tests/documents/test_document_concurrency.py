"""Requests for the same document at the same moment start one job (PostgreSQL only: SQLite
has no row locks). The first request creates and locks the row; the others wait for it and
find the job queued."""

import threading
from unittest import mock

import pytest
from django.db import connection

from tests.factories import event_with_players
from tournaments.documents.models import Document, DocumentStatus
from tournaments.documents.services import document_request

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_simultaneous_requests_queue_one_job(arbiter_user):
    event = event_with_players(arbiter_user, players=4)
    barrier = threading.Barrier(4)
    answers: list[object] = [None] * 4

    def ask(index: int) -> None:
        try:
            barrier.wait(timeout=10)
            answers[index] = document_request(event=event, kind="crosstable")
        except Exception as exc:
            answers[index] = exc
        finally:
            connection.close()

    with mock.patch("tournaments.documents.tasks.document_build_task.delay") as delay:
        delay.return_value.id = "task-1"
        threads = [threading.Thread(target=ask, args=(i,)) for i in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
    assert [getattr(a, "queued", a) for a in answers].count(True) == 1, answers
    assert delay.call_count == 1
    document = Document.objects.get()
    assert document.status == DocumentStatus.QUEUED and document.task_id == "task-1"
