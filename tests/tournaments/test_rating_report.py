"""The rating report's arithmetic: the FIDE tables (B.02 8.1.1 and 8.1.2), the 400-point rule,
game points counted in games, forfeits and byes left out, change = K x (W - We)."""

import doctest
import importlib
from decimal import Decimal

import pytest

from tournaments.ratings.chart import rating_chart
from tournaments.scoring.rating_groups import group_standings
from tournaments.scoring.rating_report import (
    RatedGame,
    fide_expectancy,
    logistic_expectancy,
    performance_difference,
    rating_report_row,
)
from tournaments.scoring.standings import StandingRow


@pytest.mark.parametrize(
    ("difference", "expected"),
    [(0, "0.50"), (3, "0.50"), (4, "0.51"), (200, "0.76"), (350, "0.89"), (-350, "0.11")],
)
def test_the_fide_table_gives_the_expectancy_of_a_difference(difference, expected):
    assert fide_expectancy(difference) == Decimal(expected)


def test_a_difference_above_400_counts_as_400():
    assert fide_expectancy(600) == fide_expectancy(400) == Decimal("0.92")


def test_the_logistic_curve_is_close_to_the_table():
    assert logistic_expectancy(200) == Decimal("0.76")
    assert logistic_expectancy(-200) == Decimal("0.24")


@pytest.mark.parametrize(("fraction", "dp"), [("0.8", 240), ("0.5", 0), ("0.2", -240), ("1", 800)])
def test_the_performance_difference_of_a_fraction_scored(fraction, dp):
    assert performance_difference(Decimal(fraction)) == dp


def test_a_performance_of_80_percent_is_240_over_the_average():
    games = [RatedGame(2000, "1", Decimal(2))] * 4 + [RatedGame(2000, "0", Decimal(0))]
    row = rating_report_row(
        number=1, name="A", rating=2000, games=games, points_win=Decimal(2), k=None
    )
    assert (row.games, row.score, row.performance, row.average_opponents) == (
        5,
        Decimal(4),
        2240,
        2000,
    )


def test_a_10x10_win_of_2_points_and_a_64_square_win_of_1_point_change_alike():
    ten = [RatedGame(1900, "1", Decimal(2))] * 2 + [RatedGame(1900, "0", Decimal(0))]
    sixty_four = [RatedGame(1900, "1", Decimal(1))] * 2 + [RatedGame(1900, "0", Decimal(0))]
    rows = [
        rating_report_row(number=1, name="A", rating=1700, games=g, points_win=w, k=20)
        for g, w in ((ten, Decimal(2)), (sixty_four, Decimal(1)))
    ]
    assert rows[0].score == rows[1].score == 2
    # 1700 - 1900 = -200: 0.24 a game, 0.72 in all; 20 x (2 - 0.72) = 25.6
    assert rows[0].change == rows[1].change == Decimal("25.60")


def test_forfeits_byes_and_unrated_opponents_do_not_count():
    games = [
        RatedGame(1800, "=", Decimal(1)),
        RatedGame(1800, "+", Decimal(2)),
        RatedGame(0, "U", Decimal(2)),
        RatedGame(0, "1", Decimal(2)),
    ]
    row = rating_report_row(
        number=1, name="A", rating=1800, games=games, points_win=Decimal(2), k=10
    )
    assert (row.games, row.score, row.expected, row.change) == (
        1,
        Decimal("0.5"),
        Decimal("0.50"),
        Decimal("0.00"),
    )
    assert row.opponents == (1800,)


def test_without_k_the_change_is_in_units_of_k():
    games = [RatedGame(1500, "1", Decimal(1))]
    row = rating_report_row(
        number=1, name="A", rating=1500, games=games, points_win=Decimal(1), k=None
    )
    assert (row.k, row.change) == (None, Decimal("0.50"))


def test_an_unrated_player_has_a_performance_and_no_expectancy():
    games = [RatedGame(1500, "1", Decimal(1))]
    row = rating_report_row(number=1, name="A", rating=0, games=games, points_win=Decimal(1), k=20)
    assert (row.expected, row.change, row.performance) == (None, None, 2300)


def test_the_rating_chart_runs_left_to_right_and_bottom_to_top():
    chart = rating_chart([("2026-01-01", 2000), ("2026-04-01", 2050), ("2026-07-01", 2100)])
    assert chart.line == "45,130 180,80 315,30"
    assert (chart.low, chart.high) == (2000, 2100)


def test_a_single_list_is_one_point_in_the_middle_and_no_list_no_chart():
    assert rating_chart([("2026-01-01", 2000)]).line == "180,80"
    assert rating_chart([]) is None


def _row(number: int, rating: int) -> StandingRow:
    return StandingRow(
        position=number, rank=number, number=number, name=f"P{number}", rating=rating, points=0
    )


def test_rating_groups_cut_at_their_lower_bounds_and_keep_the_event_order():
    rows = [_row(1, 2000), _row(2, 1849), _row(3, 1850), _row(4, 1949), _row(5, 1950)]
    groups = group_standings(rows, [1850, 1950])
    assert [(g.label, [r.number for r in members]) for g, members in groups] == [
        ("< 1850", [2]),
        ("1850-1949", [3, 4]),
        (">= 1950", [1, 5]),
    ]
    assert group_standings(rows, []) == []


@pytest.mark.parametrize(
    "name", ["tournaments.scoring.rating_report", "tournaments.scoring.rating_groups"]
)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted and not result.failed
