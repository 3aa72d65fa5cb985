"""Two-game pairings on a ballot: one card, colours swapped, scoring by the event's rules."""

from decimal import Decimal

import pytest

from tests.factories import ballot_event
from tournaments.models import GameResult, Ranking, System
from tournaments.selectors.ballots import pairing_card
from tournaments.selectors.standings import standings_get
from tournaments.services.ballots import ballot_draw
from tournaments.services.results import result_record
from tournaments.services.rounds import round_pair, round_publish

pytestmark = pytest.mark.django_db


def two_game_round(user, *, players=4, **options):
    event = ballot_event(user, players=players, **options)
    round_ = round_publish(round=round_pair(event=event, user=user), user=user)
    ballot_draw(round=round_, user=user)
    return event, round_


def enter(user, pairing, first, second):
    one, two = pairing.games.order_by("index")
    result_record(game=one, result=first, user=user)
    result_record(game=two, result=second, user=user)


def points(event):
    return {row.number: row.points for row in standings_get(event, after_round=1)}


def numbers(pairing):
    return pairing.white.pairing_number, pairing.black.pairing_number


def test_both_games_share_the_card_with_colours_swapped(arbiter_user):
    _, round_ = two_game_round(arbiter_user)
    for pairing in round_.pairings.all():
        card = pairing_card(pairing)
        assert card is not None and not card.barred
        one, two = pairing.games.order_by("index")
        assert (one.white, one.black, two.white, two.black) == (
            pairing.white,
            pairing.black,
            pairing.black,
            pairing.white,
        )
        assert card.fen.startswith("W:")  # 3-move ballot: White (the second player) to move


@pytest.mark.parametrize(
    ("ranking", "board_one", "board_two"),
    [
        # game points: each game scores 2/1/0, a forfeit win 2, an unplayed game a loss (0)
        (Ranking.GAME_POINTS, (Decimal(3), Decimal(1)), (Decimal(2), Decimal(0))),
        # match points: the match is won (2) on game points; all-forfeit match scores "+"
        (Ranking.MATCH_POINTS, (Decimal(2), Decimal(0)), (Decimal(2), Decimal(0))),
    ],
)
def test_pairing_result_is_derived_from_both_games(arbiter_user, ranking, board_one, board_two):
    event, round_ = two_game_round(arbiter_user, ranking=ranking)
    one, two = round_.pairings.order_by("board")
    enter(arbiter_user, one, GameResult.WHITE_WIN, GameResult.DRAW)
    enter(arbiter_user, two, GameResult.WHITE_FORFEIT_WIN, GameResult.UNPLAYED)
    table = points(event)
    assert tuple(table[n] for n in numbers(one)) == board_one
    assert tuple(table[n] for n in numbers(two)) == board_two


def test_a_drawn_match_and_a_double_forfeit(arbiter_user):
    event, round_ = two_game_round(arbiter_user, ranking=Ranking.MATCH_POINTS)
    one, two = round_.pairings.order_by("board")
    enter(arbiter_user, one, GameResult.WHITE_WIN, GameResult.WHITE_WIN)  # one game each
    enter(arbiter_user, two, GameResult.DOUBLE_FORFEIT, GameResult.DOUBLE_FORFEIT)
    table = points(event)
    assert tuple(table[n] for n in numbers(one)) == (Decimal(1), Decimal(1))
    assert tuple(table[n] for n in numbers(two)) == (Decimal(0), Decimal(0))


def test_a_swiss_bye_is_worth_the_events_bye_points_for_the_match(arbiter_user):
    event, round_ = two_game_round(
        arbiter_user, players=5, system=System.SWISS, ranking=Ranking.MATCH_POINTS
    )
    bye = round_.pairings.get(black__isnull=True)
    assert pairing_card(bye) is None and not bye.games.exists()
    for pairing in round_.pairings.filter(black__isnull=False):
        enter(arbiter_user, pairing, GameResult.DRAW, GameResult.DRAW)
    assert points(event)[bye.white.pairing_number] == event.points_pairing_bye
