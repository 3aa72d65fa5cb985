"""Results: codes, version check, completed rounds, atomicity."""

import pytest

from games.models import Game, GameResult
from tests.factories import event_with_players
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
    with pytest.raises(StaleResultError, match=r"your version 0, now 1, result 1/2"):
        results.result_record(
            game=game, result=GameResult.BLACK_WIN, user=arbiter_user, expected_version=0
        )
    stored = Game.objects.get(pk=game.pk)
    assert (stored.result, stored.version) == (GameResult.DRAW, 1)
    assert stored.history.count() == 2  # creation and the one accepted change


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
