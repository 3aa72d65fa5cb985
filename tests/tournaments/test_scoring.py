"""The pure scoring core (tournaments.scoring): it runs without Django, and its pieces score
as the rules say."""

import doctest
import importlib
import json
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from games.models import GameResult
from tests.no_django import BLOCK_DJANGO
from tournaments.scoring.matches import GameSides, pairing_result
from tournaments.scoring.results import GAME_CODES, PENDING
from tournaments.scoring.standings import compute_standings
from tournaments.values import (
    FORFEIT_CODES,
    FORFEIT_RESULTS,
    Colour,
    Competitor,
    RoundResult,
    ScoringSystem,
    TournamentState,
)

REPO = Path(__file__).resolve().parents[2]

#: Four players, three rounds, plain values: 1 and 2 end level on points, so the tie-breaks
#: decide; 4 has a requested half-point bye in round 3.
STANDINGS_SCRIPT = """
import json
from decimal import Decimal as D
from tournaments.values import Colour, Competitor, RoundResult as R, TournamentState
from tournaments.scoring.standings import compute_standings

W, B = Colour.WHITE, Colour.BLACK
state = TournamentState(
    competitors=(
        Competitor(1, "A", 2300, results=(R(1, 3, W, "1", D(2)), R(2, 2, B, "0", D(0)),
                                          R(3, 4, W, "+", D(2)))),
        Competitor(2, "B", 2200, results=(R(1, 4, B, "1", D(2)), R(2, 1, W, "1", D(2)),
                                          R(3, 3, B, "0", D(0)))),
        Competitor(3, "C", 2100, results=(R(1, 1, B, "0", D(0)), R(2, 4, W, "=", D(1)),
                                          R(3, 2, W, "1", D(2)))),
        Competitor(4, "D", 2000, results=(R(1, 2, W, "0", D(0)), R(2, 3, B, "=", D(1)),
                                          R(3, 1, B, "-", D(0)))),
    ),
    total_rounds=3,
)
rows = compute_standings(state, tiebreaks=["TSOL", "SB", "WON", "ARO", "PS"], after_round=3)
print(json.dumps([
    [row.place, row.number, str(row.points), {k: str(v) for k, v in row.tiebreaks.items()}]
    for row in rows
]))
"""


def _standings_here() -> list:
    namespace: dict = {}
    exec(STANDINGS_SCRIPT.replace("print(json.dumps(", "result = (("), namespace)
    return json.loads(json.dumps(namespace["result"]))


def test_standings_with_tiebreaks_are_computed_with_django_blocked():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    completed = subprocess.run(
        [sys.executable, "-c", BLOCK_DJANGO + STANDINGS_SCRIPT],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
    )
    assert completed.returncode == 0, completed.stderr
    rows = json.loads(completed.stdout)
    assert rows == _standings_here()
    assert [(place, number, points) for place, number, points, _ in rows] == [
        ("1", 1, "4"),
        ("2", 2, "4"),
        ("3", 3, "3"),
        ("4", 4, "1"),
    ]
    # Level on 4 points, truncated Solkoff decides: 1 met 3 (3 points) and 2 (4), and won
    # round 3 by forfeit, valued against a dummy with 1's own 4 (C.07 16.4): 3 + 4 + 4 less
    # the lowest = 8. 2 met 4 (1), 1 (4) and 3 (3): 8 less the lowest = 7.
    assert [row[3]["TSOL"] for row in rows[:2]] == ["8", "7"]


def test_game_codes_cover_every_final_game_result():
    assert set(GAME_CODES) | {PENDING} == set(GameResult.values)
    assert PENDING == GameResult.PENDING


def test_the_forfeit_results_are_the_models_forfeits():
    assert set(FORFEIT_RESULTS) == {
        GameResult.WHITE_FORFEIT_WIN,
        GameResult.BLACK_FORFEIT_WIN,
        GameResult.DOUBLE_FORFEIT,
    }
    assert all(set(codes) <= FORFEIT_CODES for codes in FORFEIT_RESULTS.values())


@pytest.mark.parametrize(
    ("games", "match_points", "expected"),
    [
        # one game: the game's own code and points
        ([("1-0", 1, 2)], True, {1: ("1", Decimal(2)), 2: ("0", Decimal(0))}),
        # two games, colours swapped: 1 wins one and draws one, 3 game points to 1
        ([("1-0", 1, 2), ("1/2", 2, 1)], False, {1: ("1", Decimal(3)), 2: ("0", Decimal(1))}),
        ([("1-0", 1, 2), ("1/2", 2, 1)], True, {1: ("1", Decimal(2)), 2: ("0", Decimal(0))}),
        # one win each: a drawn match
        ([("1-0", 1, 2), ("1-0", 2, 1)], True, {1: ("=", Decimal(1)), 2: ("=", Decimal(1))}),
        # no game played over the board: the match is a forfeit
        ([("+/-", 1, 2), ("-/+", 2, 1)], True, {1: ("+", Decimal(2)), 2: ("-", Decimal(0))}),
        # declared unplayed twice: a loss for both, no game played
        ([("0-0", 1, 2), ("0-0", 2, 1)], True, {1: ("-", Decimal(0)), 2: ("-", Decimal(0))}),
    ],
)
def test_pairing_result(games, match_points, expected):
    sides = [GameSides(*game) for game in games]
    scoring = ScoringSystem()
    found = pairing_result(sides, white=1, black=2, scoring=scoring, match_points=match_points)
    assert {side: (r.code, r.points) for side, r in found.items()} == expected


@pytest.mark.parametrize(
    ("games", "match_points", "expected"),
    [
        # one game: the code's share, one game won by the winner
        ([("1-0", 1, 2)], False, {1: ("1", 1), 2: ("0", 0)}),
        # a win and a draw: 3 of 4 game points is 3/4 on game points, a won match on match
        # points; one game won either way
        ([("1-0", 1, 2), ("1/2", 2, 1)], False, {1: ("0.75", 1), 2: ("0.25", 0)}),
        ([("1-0", 1, 2), ("1/2", 2, 1)], True, {1: ("1", 1), 2: ("0", 0)}),
        # one win each: a drawn match, 1/2 of the round, one game won each
        ([("1-0", 1, 2), ("1-0", 2, 1)], False, {1: ("0.5", 1), 2: ("0.5", 1)}),
        ([("1-0", 1, 2), ("1-0", 2, 1)], True, {1: ("0.5", 1), 2: ("0.5", 1)}),
        # two draws: a drawn match, no game won
        ([("1/2", 1, 2), ("1/2", 2, 1)], False, {1: ("0.5", 0), 2: ("0.5", 0)}),
        # forfeits are not games won over the board
        ([("+/-", 1, 2), ("-/+", 2, 1)], False, {1: ("1", 0), 2: ("0", 0)}),
    ],
)
def test_pairing_share_and_games_won(games, match_points, expected):
    sides = [GameSides(*game) for game in games]
    found = pairing_result(
        sides, white=1, black=2, scoring=ScoringSystem(), match_points=match_points
    )
    assert {side: (r.share, r.games_won) for side, r in found.items()} == {
        side: (Decimal(share), won) for side, (share, won) in expected.items()
    }


@pytest.mark.parametrize(
    "name",
    [
        "tournaments.scoring.results",
        "tournaments.scoring.notation",
        "tournaments.scoring.teams",
        "tournaments.scoring.matches",
        "tournaments.scoring.performance",
        "tournaments.scoring.standings",
        "tournaments.pairing.criteria",
        "tournaments.pairing.berger",
    ],
)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0


def test_crosstable_is_built_from_plain_values():
    from tournaments.scoring.crosstable import build_crosstable

    state = TournamentState(
        competitors=(
            Competitor(1, "A", 0, results=(RoundResult(1, 2, Colour.WHITE, "0", Decimal(0)),)),
            Competitor(2, "B", 0, results=(RoundResult(1, 1, Colour.BLACK, "1", Decimal(2)),)),
        ),
        total_rounds=1,
    )
    standings = compute_standings(state, tiebreaks=["SB"], after_round=1)
    table = build_crosstable(state, standings, after_round=1, tiebreaks=["SB"])
    assert table.tiebreaks[0].label == "Sonneborn-Berger"
    assert [row.cells[0].text for row in table.rows] == ["2b2", "1w0"]
