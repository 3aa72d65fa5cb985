"""Tie-breaks of a two-game round robin, worked by hand (docs/rules/tournaments.md §1.5,
§4.3, §4.4).

Four players, three rounds, two games a pairing with colours swapped, 2/1/0 a game:

    round 1: 1-4 win and draw (3-1), 2-3 two draws (2-2)
    round 2: 4-3 3 wins both (0-4), 1-2 one win each (2-2)
    round 3: 2-4 one win each (2-2), 3-1 a draw and a loss for 3 (1-3)

On game points: 1: 3+2+3 = 8, 2: 2+2+2 = 6, 3: 2+4+1 = 7, 4: 1+0+2 = 3. Sonneborn-Berger
multiplies each opponent's score by the share of the round's game points scored:

    1: 3 x 3/4 (vs 4) + 6 x 1/2 (vs 2) + 7 x 3/4 (vs 3) = 2.25 + 3 + 5.25 = 10.5
    2: 7 x 1/2 + 8 x 1/2 + 3 x 1/2 = 9
    3: 6 x 1/2 + 3 x 1 + 8 x 1/4 = 8
    4: 8 x 1/4 + 7 x 0 + 6 x 1/2 = 5

On match points (win 2, draw 1): 1: 2+1+2 = 5, 2: 1+1+1 = 3, 3: 1+2+0 = 3, 4: 0+0+1 = 1;
the share is the match's: 1: 1x1 + 3x1/2 + 3x1 = 5.5; 2: 3x1/2 + 5x1/2 + 1x1/2 = 4.5;
3: 3x1/2 + 1x1 + 5x0 = 2.5; 4: 0 + 0 + 3x1/2 = 1.5.

Games won over the board (WON): 1: 1+1+1 = 3, 2: 0+1+1 = 2, 3: 0+2+0 = 2, 4: 0+0+1 = 1.
Matches won (MW): 1: 2 (rounds 1 and 3), 3: 1 (round 2), 2 and 4: 0.
"""

from decimal import Decimal

import pytest

from tests.tournaments.tiebreak_checks import assert_values_are_the_details
from tournaments.scoring.matches import GameSides, pairing_result
from tournaments.scoring.standings import compute_standings
from tournaments.scoring.tiebreaks import TieBreakContext, find_tiebreak
from tournaments.values import Colour, Competitor, RoundResult, ScoringSystem, TournamentState

SCORING = ScoringSystem()
#: round -> (white of game 1, black of game 1, result of game 1, result of game 2)
PAIRINGS = {
    1: [(1, 4, "1-0", "1/2"), (2, 3, "1/2", "1/2")],
    2: [(4, 3, "0-1", "1-0"), (1, 2, "1-0", "1-0")],
    3: [(2, 4, "1-0", "1-0"), (3, 1, "1/2", "1-0")],
}


def state(*, match_points: bool) -> TournamentState:
    rows: dict[int, list[RoundResult]] = {n: [] for n in range(1, 5)}
    for number, boards in PAIRINGS.items():
        for white, black, first, second in boards:
            games = [GameSides(first, white, black), GameSides(second, black, white)]
            sides = pairing_result(
                games, white=white, black=black, scoring=SCORING, match_points=match_points
            )
            for side, opponent, colour in (
                (white, black, Colour.WHITE),
                (black, white, Colour.BLACK),
            ):
                s = sides[side]
                rows[side].append(
                    RoundResult(
                        number,
                        opponent,
                        colour,
                        s.code,
                        s.points,
                        share=s.share,
                        games_won=s.games_won,
                    )
                )
    competitors = tuple(Competitor(n, f"P{n}", 0, results=tuple(rows[n])) for n in rows)
    return TournamentState(competitors, total_rounds=3, scoring=SCORING)


def values(code: str, *, match_points: bool) -> list[Decimal]:
    context = TieBreakContext.build(state(match_points=match_points), after_round=3)
    return [find_tiebreak(code).detail(context, n).value for n in range(1, 5)]


@pytest.mark.parametrize(
    ("code", "match_points", "expected"),
    [
        ("SB", False, ["10.5", "9", "8", "5"]),
        ("SB", True, ["5.5", "4.5", "2.5", "1.5"]),
        ("WON", False, ["3", "2", "2", "1"]),
        ("WON", True, ["3", "2", "2", "1"]),
        ("MW", False, ["2", "0", "1", "0"]),
    ],
)
def test_hand_worked_values(code, match_points, expected):
    assert values(code, match_points=match_points) == [Decimal(v) for v in expected]


def test_scores():
    for match_points, expected in ((False, [8, 6, 7, 3]), (True, [5, 3, 3, 1])):
        context = TieBreakContext.build(state(match_points=match_points), after_round=3)
        assert [context.score[n] for n in range(1, 5)] == expected


def test_sonneborn_berger_explains_the_share():
    """A drawn match reads "6 x 1/2", not "6 x 1"; 3 of 4 game points "3 x 3/4"."""
    context = TieBreakContext.build(state(match_points=False), after_round=3)
    detail = find_tiebreak("SB").detail(context, 1)
    assert [(c.round, c.note, c.factor) for c in detail.counted] == [
        (1, "3 x 3/4", Decimal("0.75")),
        (2, "6 x 1/2", Decimal("0.5")),
        (3, "7 x 3/4", Decimal("0.75")),
    ]


def test_match_points_tie_broken_by_share_not_by_match_count():
    """On match points 2 and 3 are level on 3; SB (4.5 against 2.5) ranks 2 first."""
    rows = compute_standings(state(match_points=True), tiebreaks=["SB"], after_round=3)
    assert [(row.number, row.points, row.tiebreaks["SB"]) for row in rows] == [
        (1, 5, Decimal("5.5")),
        (2, 3, Decimal("4.5")),
        (3, 3, Decimal("2.5")),
        (4, 1, Decimal("1.5")),
    ]


@pytest.mark.parametrize("match_points", [False, True])
def test_each_tiebreak_s_value_is_its_detail_s(match_points):
    assert_values_are_the_details(state(match_points=match_points))
