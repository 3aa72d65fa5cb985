"""A task queued here is run by a real Celery worker process (CELERY_BROKER_URL only; see
tests/workers.py)."""

import uuid

import pytest

from tests.factories import event_with_players
from tests.workers import start_worker, stop_worker
from tournaments.models import Round
from tournaments.services import rounds
from tournaments.tasks import round_pair_task

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]


def test_worker_pairs_a_round(arbiter_user):
    event = event_with_players(arbiter_user, players=9)
    round_ = rounds.round_create(event=event, user=arbiter_user)
    queue = f"damier-test-{uuid.uuid4().hex[:8]}"
    worker = start_worker(queue)
    try:
        result = round_pair_task.apply_async((round_.pk, arbiter_user.pk), queue=queue)
        assert result.get(timeout=90) == 5
        assert Round.objects.get(pk=round_.pk).pairings.count() == 5
        assert round_.pairings.first().history.get().history_user == arbiter_user
    finally:
        output = stop_worker(worker)
    assert "round_pair_task" in output and "succeeded" in output, output[-3000:]
