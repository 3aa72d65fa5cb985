"""Two results entered at once for the same game never lose an update (PostgreSQL only:
SQLite has no row locks)."""

import threading

import pytest
from django.db import connection

from tests.factories import event_with_players
from tournaments.models import Game, GameResult
from tournaments.services import results, rounds
from tournaments.services.errors import StaleResultError

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def race(game_id: int, entries: list[tuple[str, int | None]]) -> list[object]:
    """Run one result_record per entry in its own thread and connection, all released at
    once; returns the game or the exception of each."""
    barrier = threading.Barrier(len(entries))
    outcomes: list[object] = [None] * len(entries)

    def enter(index: int, result: str, expected: int | None) -> None:
        try:
            game = Game.objects.get(pk=game_id)
            barrier.wait(timeout=10)
            outcomes[index] = results.result_record(
                game=game, result=result, user=None, expected_version=expected
            )
        except Exception as exc:
            outcomes[index] = exc
        finally:
            connection.close()

    threads = [
        threading.Thread(target=enter, args=(i, result, expected))
        for i, (result, expected) in enumerate(entries)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes


@pytest.fixture
def game(arbiter_user):
    event = event_with_players(arbiter_user, players=2)
    round_ = rounds.round_pair(event=event, user=None)
    rounds.round_publish(round=round_, user=None)
    return Game.objects.get(pairing__round=round_)


def test_same_version_race_one_wins_the_other_is_told(game):
    outcomes = race(game.pk, [(GameResult.WHITE_WIN, 0), (GameResult.BLACK_WIN, 0)])
    winners = [o for o in outcomes if isinstance(o, Game)]
    losers = [o for o in outcomes if isinstance(o, StaleResultError)]
    assert len(winners) == 1 and len(losers) == 1, outcomes
    stored = Game.objects.get(pk=game.pk)
    assert (stored.result, stored.version) == (winners[0].result, 1)
    assert "your version 0, now 1" in str(losers[0])


def test_unversioned_writes_are_serialised(game):
    outcomes = race(game.pk, [(GameResult.DRAW, None)] * 4)
    assert all(isinstance(o, Game) for o in outcomes), outcomes
    assert sorted(o.version for o in outcomes) == [1, 2, 3, 4]
    assert Game.objects.get(pk=game.pk).version == 4
    assert game.history.count() == 5
