"""Simultaneous records of one game, the first ones included, are serialised: every upload is
kept as a revision, none is refused by the unique key (PostgreSQL only: SQLite has no row
locks and serialises every write anyway)."""

import threading

import pytest
from django.db import connection

from games.models import GameRecord
from games.services.records import record_save

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

PDN = '[GameType "20"]\n1. 32-28 19-23 *'


def test_simultaneous_first_records_are_all_kept(game, organizer, monkeypatch):
    # Only the writes race here: no verification is queued (in-process tasks run from
    # several threads at once would trip Celery's process-wide "inside a task" flag).
    queued = []
    monkeypatch.setattr("games.tasks.record_verify_task.delay", lambda *args: queued.append(args))
    uploads = 6
    barrier = threading.Barrier(uploads)
    outcomes: list[object] = [None] * uploads

    def upload(index: int) -> None:
        try:
            barrier.wait(timeout=10)
            outcomes[index] = record_save(game=game, pdn=PDN, user=organizer)
        except Exception as exc:
            outcomes[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=upload, args=(i,)) for i in range(uploads)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert all(isinstance(o, GameRecord) for o in outcomes), outcomes
    assert sorted(o.revision for o in outcomes) == list(range(1, uploads + 1))
    record = GameRecord.objects.get(game=game)
    assert record.revision == uploads
    assert record.history.count() == uploads
    assert sorted(revision for _, revision in queued) == list(range(1, uploads + 1))
