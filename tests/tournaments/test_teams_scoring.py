"""Team competitions, pure core: the issue's worked examples and the rules around them."""

import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from tests.no_django import BLOCK_DJANGO
from tournaments.scoring.teams import (
    Adjustment,
    BoardGame,
    BoardResult,
    BoardScore,
    LineupMember,
    MatchPointsScheme,
    PrimaryScore,
    TeamMatchResult,
    best_members_score,
    board_colours,
    board_score,
    default_lineup,
    lineup_problems,
    match_points,
    match_totals,
    team_standings,
)
from tournaments.values import Colour, ScoringSystem

REPO = Path(__file__).resolve().parents[2]
D = Decimal
SCHEME = MatchPointsScheme()


def match(
    round_: int, a: int, b: int | None, *points: tuple[int, int], forfeit=()
) -> TeamMatchResult:
    boards = tuple(
        BoardResult(board, D(pa), D(pb), forfeit=board in forfeit)
        for board, (pa, pb) in enumerate(points, start=1)
    )
    return TeamMatchResult(round_, a, b, boards)


def four_boards(a_points: int) -> list[tuple[int, int]]:
    """Four boards in game points 2/1/0 giving team A ``a_points`` of 8."""
    boards = []
    for _ in range(4):
        take = min(2, a_points)
        boards.append((take, 2 - take))
        a_points -= take
    return boards


SWISS_ROUND_1 = [
    match(1, 1, 2, *four_boards(6)),
    match(1, 3, 4, *four_boards(7)),
    match(1, 5, 6, *four_boards(4)),
    match(1, 7, 8, *four_boards(3)),
]


def test_four_board_swiss_round_one_ranking():
    rows = team_standings(range(1, 9), SWISS_ROUND_1, scheme=SCHEME, tiebreaks=["BP"])
    assert [(r.team, r.match_points, r.board_points) for r in rows] == [
        (3, 2, 7),
        (1, 2, 6),
        (8, 2, 5),
        (5, 1, 4),
        (6, 1, 4),
        (7, 0, 3),
        (2, 0, 2),
        (4, 0, 1),
    ]
    assert [r.rank for r in rows] == [1, 2, 3, 4, 4, 6, 7, 8]
    assert [r.team for r in rows if r.shared_rank] == [5, 6]


def test_kndb_match_won_12_4_gives_two_match_points_and_a_penalty_shows_its_reason():
    kndb = match(1, 1, 2, (2, 0), (2, 0), (1, 1), (2, 0), (1, 1), (2, 0), (2, 0), (0, 2))
    assert (kndb.board_points_a, kndb.board_points_b) == (12, 4)
    penalty = Adjustment(team=1, match_points=D(-2), reason="Team fielded an ineligible player")
    rows = team_standings([1, 2], [kndb], scheme=SCHEME, adjustments=[penalty])
    by_team = {r.team: r for r in rows}
    assert (by_team[1].match_points, by_team[1].board_points, by_team[1].adjustment) == (0, 12, -2)
    assert by_team[1].reasons == ("Team fielded an ineligible player",)
    assert (by_team[2].match_points, by_team[2].board_points) == (0, 4)
    # Level on 0 match points, the board points put team 1 first.
    assert [r.team for r in rows] == [1, 2]
    unpenalised = team_standings([1, 2], [kndb], scheme=SCHEME)
    assert [(r.team, r.match_points) for r in unpenalised] == [(1, 2), (2, 0)]


def test_configurable_match_points_and_board_points_as_primary():
    three = MatchPointsScheme(win=D(3), draw=D(1), loss=D(0))
    assert match_points(D(5), D(3), three) == 3
    # Team 1 wins two narrow matches, team 3 loses one narrowly and wins one big.
    matches = [
        match(1, 1, 2, (2, 0), (1, 1), (0, 2), (2, 0)),  # 5-3
        match(1, 3, 4, (0, 2), (1, 1), (2, 0), (0, 2)),  # 3-5
        match(2, 1, 4, (2, 0), (0, 2), (1, 1), (2, 0)),  # 5-3
        match(2, 3, 2, (2, 0), (2, 0), (2, 0), (2, 0)),  # 8-0
    ]
    by_mp = team_standings(range(1, 5), matches, scheme=three, tiebreaks=["BP"])
    assert [r.team for r in by_mp][:2] == [1, 3]
    by_bp = team_standings(
        range(1, 5), matches, scheme=three, primary=PrimaryScore.BOARD_POINTS, tiebreaks=["MP"]
    )
    assert [(r.team, r.board_points) for r in by_bp][:2] == [(3, 11), (1, 10)]


def test_forfeited_board_counts_and_team_bye_scores_the_schemes_bye():
    forfeited = match(1, 1, 2, (2, 0), (1, 1), (2, 0), (0, 2), forfeit={3})
    assert forfeited.boards[2].forfeit and forfeited.board_points_a == 5
    scheme = MatchPointsScheme(bye=D(2), bye_board_points=D(4))
    rows = team_standings([1, 2, 3], [forfeited, match(1, 3, None)], scheme=scheme)
    by_team = {r.team: r for r in rows}
    assert (by_team[3].match_points, by_team[3].board_points, by_team[3].played) == (2, 4, 0)
    assert (by_team[1].match_points, by_team[1].board_points) == (2, 5)


def test_head_to_head_only_when_the_tied_teams_all_met():
    matches = [
        match(1, 1, 2, (0, 2), (1, 1)),  # 2 beats 1
        match(1, 3, 4, (2, 0), (2, 0)),
        match(2, 1, 3, (2, 0), (2, 0)),
        match(2, 2, 4, (0, 2), (0, 2)),
    ]
    rows = team_standings(range(1, 5), matches, scheme=SCHEME, tiebreaks=["DE", "BP"])
    # All four on 2 match points, but 2 and 3 never met: DE is 0 for all, BP decides.
    assert {r.tiebreaks["DE"] for r in rows} == {0}
    assert [(r.team, r.board_points, r.rank) for r in rows] == [
        (1, 5, 1),
        (3, 4, 2),
        (4, 4, 2),
        (2, 3, 4),
    ]
    two = team_standings([1, 2], matches[:1], scheme=SCHEME, tiebreaks=["DE"])
    assert [r.team for r in two] == [2, 1]


def test_team_sonneborn_berger_weights_board_points_by_the_opponents_match_points():
    matches = [
        match(1, 1, 2, (2, 0), (1, 1)),  # 1 beats 2: 3-1
        match(1, 3, 4, (1, 1), (1, 1)),  # draw 2-2
        match(2, 1, 3, (1, 1), (0, 2)),  # 3 beats 1: 3-1 for 3
        match(2, 2, 4, (2, 0), (2, 0)),  # 2 beats 4
    ]
    rows = {
        r.team: r for r in team_standings(range(1, 5), matches, scheme=SCHEME, tiebreaks=["TSB"])
    }
    # Team 1: vs 2 (2 MP) scored 3, vs 3 (3 MP) scored 1 -> 6 + 3 = 9.
    assert rows[1].tiebreaks["TSB"] == 9
    with pytest.raises(ValueError, match="unknown team tie-break 'XX'"):
        team_standings([1], [], scheme=SCHEME, tiebreaks=["XX"])


def test_board_colours_alternate_and_reverse_in_the_return_match():
    assert board_colours(8) == [Colour.WHITE, Colour.BLACK] * 4
    assert board_colours(3, return_match=True) == [Colour.BLACK, Colour.WHITE, Colour.BLACK]
    assert board_colours(2, team_a_colour=Colour.BLACK) == [Colour.BLACK, Colour.WHITE]


def test_default_lineup_skips_absentees_and_brings_in_reserves():
    assert default_lineup(["A", "B", "C", "D", "R1"], {"C"}, 4) == ["A", "B", "D", "R1"]
    assert default_lineup(["A", "B", "C", "D", "R1"], set(), 4) == ["A", "B", "C", "D"]
    assert default_lineup(["A", "B"], {"B"}, 4) == ["A"]


def test_lineup_problems_name_the_board_and_the_rule():
    a, b, c = (
        LineupMember(1, "Anna", 1500),
        LineupMember(2, "Bram", 1700),
        LineupMember(3, "Cor", 1400),
    )
    assert lineup_problems([b, a, c], boards=3, roster={1, 2, 3}, rating_tolerance=100) == []
    problems = lineup_problems(
        [a, b, a, c], boards=3, roster={1, 2}, elsewhere={3}, rating_tolerance=100, rating_cap=1600
    )
    texts = [(p.board, p.message % p.params) for p in problems]
    assert (None, "4 players for 3 boards.") in texts
    assert (2, "Board 2: Bram is rated 1700, above the cap of 1600.") in texts
    assert (2, "Board 2: Bram (1700) is rated more than 100 above Anna on board 1.") in texts
    assert (3, "Board 3: Anna is already in the lineup.") in texts
    assert (4, "Board 4: Cor is not on the roster.") in texts
    assert (4, "Board 4: Cor already plays for another team.") in texts


def test_best_members_score():
    scores = [D(5), D(4), D(4), D("3.5"), D(3), D(0)]
    assert best_members_score(scores, 4) == D("16.5")
    assert best_members_score(scores[:2], 4) == 9


DRAUGHTS = ScoringSystem()


def test_a_board_scores_its_game_in_game_points_seen_from_team_a():
    # Team A's player has Black and wins: 0-2 on the game, 2-0 on the board (§7.1).
    assert board_score(
        [BoardGame("0-1", a_white=False)], scoring=DRAUGHTS, games_per_board=1
    ) == BoardScore(D(2), D(0), forfeit=False)
    assert board_score(
        [BoardGame("1/2", a_white=True)], scoring=DRAUGHTS, games_per_board=1
    ) == BoardScore(D(1), D(1), forfeit=False)


def test_a_two_game_board_sums_both_games_with_colours_swapped():
    games = [BoardGame("1-0", a_white=True), BoardGame("1/2", a_white=False)]
    assert board_score(games, scoring=DRAUGHTS, games_per_board=2) == BoardScore(
        D(3), D(1), forfeit=False
    )


def test_a_board_has_no_points_while_a_game_is_pending_or_none_is_entered():
    pending = [BoardGame("1-0", a_white=True), BoardGame("*", a_white=False)]
    assert board_score(pending, scoring=DRAUGHTS, games_per_board=2) == BoardScore(
        None, None, forfeit=False
    )
    assert board_score([], scoring=DRAUGHTS, games_per_board=1) == BoardScore(
        None, None, forfeit=False
    )


@pytest.mark.parametrize(
    ("result", "a_white", "points"),
    [
        ("+/-", True, (D(3), D(-1))),
        ("-/+", True, (D(-1), D(3))),
        ("-/-", False, (D(-1), D(-1))),
    ],
)
def test_a_forfeited_game_makes_a_forfeited_board_scored_as_the_event_says(result, a_white, points):
    # Forfeits in the event's own values (§1.1), a double forfeit a forfeit loss for both
    # (§1.3): a scoring other than the default tells them from a game played.
    scoring = ScoringSystem(forfeit_win=D(3), forfeit_loss=D(-1))
    assert board_score(
        [BoardGame(result, a_white=a_white)], scoring=scoring, games_per_board=1
    ) == BoardScore(*points, forfeit=True)


def test_an_unplayed_game_is_a_loss_for_both_not_a_forfeit():
    scoring = ScoringSystem(loss=D(0), forfeit_loss=D(-1))
    assert board_score(
        [BoardGame("0-0", a_white=True)], scoring=scoring, games_per_board=1
    ) == BoardScore(D(0), D(0), forfeit=False)


def test_a_forfeit_is_marked_even_while_the_other_game_is_pending():
    games = [BoardGame("+/-", a_white=True), BoardGame("*", a_white=False)]
    assert board_score(games, scoring=DRAUGHTS, games_per_board=2) == BoardScore(
        None, None, forfeit=True
    )


@pytest.mark.parametrize(("empty", "points"), [("b", (D(4), D(0))), ("a", (D(0), D(4)))])
def test_an_empty_board_gives_the_present_player_a_full_point_bye_per_game(empty, points):
    scoring = ScoringSystem(full_bye=D(2))
    assert board_score([], scoring=scoring, games_per_board=2, empty=empty) == BoardScore(
        *points, forfeit=True
    )


def test_match_board_points_sum_every_board_pending_ones_counting_nothing_yet():
    boards = [
        BoardScore(D(2), D(0), forfeit=False),
        BoardScore(D(2), D(0), forfeit=True),
        BoardScore(None, None, forfeit=False),
    ]
    totals = match_totals(boards, bye=False)
    assert (totals.board_points_a, totals.board_points_b, totals.finished) == (D(4), D(0), False)
    assert match_totals(boards[:2], bye=False).finished


def test_a_team_bye_is_finished_at_once_a_match_not_paired_yet_never():
    assert match_totals([], bye=True).finished
    assert not match_totals([], bye=False).finished


BOARD_POINTS_SCRIPT = """
from decimal import Decimal as D
from tournaments.scoring.notation import pairing_score
from tournaments.scoring.teams import BoardGame, board_score, match_totals
from tournaments.values import ScoringSystem

scoring = ScoringSystem()
boards = [
    board_score([BoardGame("1-0", a_white=True), BoardGame("1/2", a_white=False)],
                scoring=scoring, games_per_board=2),
    board_score([], scoring=scoring, games_per_board=2, empty="a"),
]
totals = match_totals(boards, bye=False)
print(totals.board_points_a, totals.board_points_b, totals.finished,
      pairing_score([(1, "1-0"), (2, "1/2")], 1, "international"))
"""


def test_board_points_are_decided_with_django_blocked():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    completed = subprocess.run(
        [sys.executable, "-c", BLOCK_DJANGO + BOARD_POINTS_SCRIPT],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.split() == ["3", "5", "True", "3-1"]
