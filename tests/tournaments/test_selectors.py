"""Selectors: rows to TournamentState, public listings, query counts."""

import dataclasses
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import PlayerFactory, event_with_players
from tournaments.models import Game, GameResult, Ranking
from tournaments.selectors.lists import PublicPlayer, pairing_list, player_list
from tournaments.selectors.standings import standings_get
from tournaments.selectors.state import tournament_state
from tournaments.services import registrations, results, rounds
from tournaments.values import Colour

pytestmark = pytest.mark.django_db


def play_round(event, user, outcomes: list[str]):
    round_ = rounds.round_pair(event=event, user=user)
    rounds.round_publish(round=round_, user=user)
    games = Game.objects.filter(pairing__round=round_).order_by("pairing__board", "index")
    for game, outcome in zip(games, outcomes, strict=True):
        results.result_record(game=game, result=outcome, user=user)
    rounds.round_complete(round=round_, user=user)
    return round_


@pytest.mark.parametrize(
    ("ranking", "games", "white", "black"),
    [
        # win + draw for the top seed: game points 2+1 = 3 vs 1; match points win 2 vs 0.
        (Ranking.GAME_POINTS, ["1-0", "1/2"], ("1", 3), ("0", 1)),
        (Ranking.MATCH_POINTS, ["1-0", "1/2"], ("1", 2), ("0", 0)),
        # one win each: 2-2, a drawn match either way.
        (Ranking.GAME_POINTS, ["1-0", "1-0"], ("=", 2), ("=", 2)),
        (Ranking.MATCH_POINTS, ["1-0", "1-0"], ("=", 1), ("=", 1)),
        # both games forfeited by black: "+"/"-", forfeit points.
        (Ranking.MATCH_POINTS, ["+/-", "-/+"], ("+", 2), ("-", 0)),
        (Ranking.GAME_POINTS, ["+/-", "-/+"], ("+", 4), ("-", 0)),
        # one game played, one forfeited: the match was played.
        (Ranking.MATCH_POINTS, ["1/2", "-/+"], ("1", 2), ("0", 0)),
        (Ranking.MATCH_POINTS, ["-/-", "-/-"], ("-", 0), ("-", 0)),
    ],
)
def test_two_game_pairings(arbiter_user, ranking, games, white, black):
    event = event_with_players(
        arbiter_user, players=2, system="rr", games_per_pairing=2, ranking=ranking
    )
    play_round(event, arbiter_user, games)
    state = tournament_state(event, up_to_round=1)
    one, two = state.competitors
    # Pairing 1-2 in round 1: the top seed has white in game 1 (first colour white).
    assert (one.results[0].code, one.results[0].points) == (white[0], Decimal(white[1]))
    assert (two.results[0].code, two.results[0].points) == (black[0], Decimal(black[1]))
    assert (one.results[0].colour, two.results[0].colour) == (Colour.WHITE, Colour.BLACK)
    assert (one.results[0].opponent, two.results[0].opponent) == (2, 1)


def test_single_game_codes_and_unplayed(arbiter_user):
    event = event_with_players(arbiter_user, players=4)
    play_round(event, arbiter_user, [GameResult.UNPLAYED, GameResult.BLACK_FORFEIT_WIN])
    state = tournament_state(event, up_to_round=1)
    codes = {c.number: (c.results[0].code, c.results[0].points) for c in state.competitors}
    # Boards 1-3 and 4-2 (FIDE Dutch round 1 for four players).
    assert codes == {1: ("-", 0), 3: ("-", 0), 4: ("-", 0), 2: ("+", 2)}


def test_late_entry_missed_rounds_and_withdrawal(arbiter_user):
    event = event_with_players(arbiter_user, players=4, tiebreaks=[])
    play_round(event, arbiter_user, ["1-0", "1-0"])
    half = registrations.registration_add(
        event=event, player=PlayerFactory(), user=None, missed_rounds_half_point=True
    )
    zero = registrations.registration_add(event=event, player=PlayerFactory(), user=None)
    leaver = event.registrations.get(pairing_number=4)
    registrations.registration_withdraw(registration=leaver, from_round=2, user=None)
    state = tournament_state(event, up_to_round=1)
    by_number = {c.number: c for c in state.competitors}
    assert [(r.code, r.points) for r in by_number[half.pairing_number].results] == [("H", 1)]
    assert [(r.code, r.points) for r in by_number[zero.pairing_number].results] == [("Z", 0)]
    round_2 = rounds.round_pair(event=event, user=None)
    paired = {p.white.pairing_number for p in round_2.pairings.all()} | {
        p.black.pairing_number for p in round_2.pairings.exclude(black=None)
    }
    assert 4 not in paired and paired == {1, 2, 3, 5, 6}
    rounds.round_publish(round=round_2, user=None)
    for game in Game.objects.filter(pairing__round=round_2):
        results.result_record(game=game, result=GameResult.DRAW, user=None)
    state = tournament_state(event, up_to_round=2)
    assert state.competitor(4).results[1].code == "Z"
    assert state.total_rounds == 5


def test_forbidden_pairs_use_pairing_numbers(arbiter_user):
    event = event_with_players(arbiter_user, players=3)
    one, _, three = event.registrations.order_by("pairing_number")
    registrations.prohibited_pairing_add(first=three, second=one, reason="club", user=None)
    state = tournament_state(event, up_to_round=0)
    assert state.forbidden_pairs == frozenset({frozenset({1, 3})})


def test_public_selectors_expose_no_private_field(arbiter_user):
    event = event_with_players(arbiter_user, players=3)
    round_ = rounds.round_pair(event=event, user=None)
    fields = {f.name for f in dataclasses.fields(PublicPlayer)}
    assert fields == {"number", "name", "federation", "title", "rating", "club"}
    with CaptureQueriesContext(connection) as queries:
        players = player_list(event)
        lines = pairing_list(round_)
    sql = " ".join(q["sql"] for q in queries.captured_queries)
    for private in ("email", "phone", "birth_date", "national_id"):
        assert private not in sql
    assert [p.number for p in players] == [1, 2, 3]
    assert [line.board for line in lines] == [1, 2]
    assert lines[1].black is None and lines[1].bye_kind == "pab"
    assert lines[0].results == ("*",)


def test_standings_query_count_does_not_grow_with_players(arbiter_user):
    counts = []
    for size in (6, 30):
        event = event_with_players(arbiter_user, players=size, tiebreaks=["BH", "SB"])
        outcomes = [GameResult.WHITE_WIN] * (size // 2)
        play_round(event, arbiter_user, outcomes)
        with CaptureQueriesContext(connection) as queries:
            rows = standings_get(event, after_round=1)
        assert len(rows) == size
        counts.append(len(queries.captured_queries))
    assert counts[0] == counts[1]
