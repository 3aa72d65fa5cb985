"""A 5-player round robin played through the services: the Berger rest reaches the standings
as a rest (no points, nothing in the tie-breaks), with the values worked out by hand in
test_tiebreaks_round_robin.py."""

from decimal import Decimal

import pytest

from tests.factories import event_with_players
from tests.tournaments.states import RESULTS
from tournaments.models import GameResult, System
from tournaments.selectors.standings import standings_get
from tournaments.selectors.state import tournament_state
from tournaments.services import results, rounds
from tournaments.services.events import event_update
from tournaments.values import ByeKind

pytestmark = pytest.mark.django_db

_GAME_RESULT = {"1": GameResult.WHITE_WIN, "=": GameResult.DRAW, "0": GameResult.BLACK_WIN}


def play_round_robin(user):
    event = event_with_players(user, players=5, system=System.ROUND_ROBIN, tiebreaks=["SB", "BH"])
    # A zero-point bye worth a point shows that the rest is no zero-point bye.
    event = event_update(event=event, user=user, points_zero_bye=Decimal(1))
    for number in range(1, 6):
        round_ = rounds.round_publish(round=rounds.round_pair(event=event, user=user), user=user)
        for pairing in round_.pairings.select_related("white", "black"):
            if pairing.black_id is None:
                assert pairing.bye_kind == ByeKind.ZERO_POINT
                continue
            pair = (pairing.white.pairing_number, pairing.black.pairing_number)
            game = pairing.games.get()
            results.result_record(game=game, result=_GAME_RESULT[RESULTS[number][pair]], user=user)
    return event


def test_the_rest_is_emitted_as_a_rest_and_scores_nothing(arbiter_user):
    event = play_round_robin(arbiter_user)
    state = tournament_state(event, up_to_round=5)
    rests = {
        c.number: [(r.round, r.code, r.points) for r in c.results if r.rest]
        for c in state.competitors
    }
    assert rests == {
        1: [(1, "Z", 0)],
        2: [(3, "Z", 0)],
        3: [(5, "Z", 0)],
        4: [(2, "Z", 0)],
        5: [(4, "Z", 0)],
    }


def test_standings_of_the_round_robin_by_hand(arbiter_user):
    event = play_round_robin(arbiter_user)
    rows = standings_get(event, after_round=5)
    assert [(row.number, row.points, row.tiebreaks["SB"], row.tiebreaks["BH"]) for row in rows] == [
        (4, 6, Decimal("9.5"), 14),
        (1, 6, Decimal("8.5"), 14),
        (2, 5, 6, 15),
        (3, 3, 3, 17),
        (5, 0, 0, 20),
    ]
