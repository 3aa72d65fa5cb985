"""Tasks run in-process here (eager, whatever the broker): they take ids and call one service.
A real worker is exercised in test_celery_worker.py."""

import pytest

from tests.factories import event_with_players
from tournaments.models import Round, RoundStatus
from tournaments.services import rounds
from tournaments.tasks import round_pair_task

pytestmark = pytest.mark.django_db


def test_round_pair_queue_pairs_after_commit(arbiter_user, django_capture_on_commit_callbacks):
    event = event_with_players(arbiter_user, players=7)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        round_ = rounds.round_pair_queue(event=event, user=arbiter_user)
    assert round_.pairings.count() == 0 and len(callbacks) == 1
    callbacks[0]()
    round_ = Round.objects.get(pk=round_.pk)
    assert round_.status == RoundStatus.DRAFT and round_.pairings.count() == 4
    assert round_.pairings.first().history.get().history_user == arbiter_user


def test_round_pair_task_takes_ids_and_returns_the_board_count(arbiter_user):
    event = event_with_players(arbiter_user, players=4)
    round_ = rounds.round_create(event=event, user=arbiter_user)
    assert round_pair_task.delay(round_.pk, arbiter_user.pk).get() == 2
    assert round_pair_task.delay(round_.pk).get() == 2  # a draft without results pairs again


def test_task_options():
    assert round_pair_task.acks_late is True
    assert round_pair_task.max_retries == 3
