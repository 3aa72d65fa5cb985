"""Results: codes, version check, completed rounds, atomicity."""

import pytest
from django.utils import timezone

from tests.factories import event_with_players
from tournaments.models import Game, GameResult
from tournaments.services import results, rounds
from tournaments.services.errors import RoundStateError, StaleResultError

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(arbiter_user):
    event = event_with_players(arbiter_user, players=2)
    round_ = rounds.round_pair(event=event, user=arbiter_user)
    rounds.round_publish(round=round_, user=arbiter_user)
    return Game.objects.get(pairing__round=round_)


def test_each_write_bumps_the_version(game, arbiter_user):
    first = results.result_record(game=game, result=GameResult.DRAW, user=arbiter_user)
    second = results.result_record(
        game=game, result=GameResult.WHITE_WIN, user=arbiter_user, expected_version=1
    )
    assert (first.version, second.version) == (1, 2)
    assert Game.objects.get(pk=game.pk).result == GameResult.WHITE_WIN


def test_stale_write_is_refused_and_changes_nothing(game, arbiter_user):
    results.result_record(game=game, result=GameResult.DRAW, user=arbiter_user, expected_version=0)
    with pytest.raises(StaleResultError) as refused:
        results.result_record(game=game, result=GameResult.BLACK_WIN, user=None, expected_version=0)
    change = Game.objects.get(pk=game.pk).history.get(version=1)
    assert refused.value.changed_by == "arbiter"
    assert refused.value.changed_at == change.history_date
    when = f"{timezone.localtime(change.history_date):%Y-%m-%d %H:%M}"
    assert str(refused.value) == (
        f"board 1 game 1 of {game.pairing.round} changed since you saw it: arbiter set 1/2 "
        f"at {when} (your version 0, now 1); reload before entering 0-1"
    )
    stored = Game.objects.get(pk=game.pk)
    assert (stored.result, stored.version) == (GameResult.DRAW, 1)
    assert stored.history.count() == 2  # creation and the one accepted change


def test_stale_write_names_the_latest_change_not_the_first(game, arbiter_user, django_user_model):
    colleague = django_user_model.objects.create_user(username="deputy", is_staff=True)
    results.result_record(game=game, result=GameResult.DRAW, user=arbiter_user)
    results.result_record(game=game, result=GameResult.WHITE_WIN, user=colleague)
    with pytest.raises(StaleResultError, match="deputy set 1-0 at") as refused:
        results.result_record(
            game=game, result=GameResult.BLACK_WIN, user=arbiter_user, expected_version=1
        )
    assert refused.value.changed_by == "deputy"


def test_unknown_code_is_refused(game, arbiter_user):
    with pytest.raises(ValueError, match="unknown result '2-0'"):
        results.result_record(game=game, result="2-0", user=arbiter_user)


def test_completed_round_accepts_corrections_but_not_pending(game, arbiter_user):
    results.result_record(game=game, result=GameResult.DRAW, user=arbiter_user)
    rounds.round_complete(round=game.pairing.round, user=arbiter_user)
    with pytest.raises(RoundStateError, match="cannot be reset to pending"):
        results.result_record(game=game, result=GameResult.PENDING, user=arbiter_user)
    corrected = results.result_record(
        game=game, result=GameResult.DOUBLE_FORFEIT, user=arbiter_user
    )
    assert corrected.result == GameResult.DOUBLE_FORFEIT


def test_a_failing_write_rolls_back(game, arbiter_user, monkeypatch):
    """An error after the row is saved (here in the history writer) leaves no trace."""
    from simple_history.models import HistoricalRecords

    def broken(*args, **kwargs):
        raise RuntimeError("history store down")

    monkeypatch.setattr(HistoricalRecords, "create_historical_record", broken)
    with pytest.raises(RuntimeError, match="history store down"):
        results.result_record(game=game, result=GameResult.WHITE_WIN, user=arbiter_user)
    stored = Game.objects.get(pk=game.pk)
    assert (stored.result, stored.version) == (GameResult.PENDING, 0)
