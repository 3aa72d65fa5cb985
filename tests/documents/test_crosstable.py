"""The crosstable data: ranks, opponents by rank, colours, results, tie-breaks; a Swiss with
byes and forfeits, round robins (square table) and a two-games-per-pairing event."""

import doctest
from decimal import Decimal

import pytest

import tournaments.scoring.crosstable
from tests.tournaments.states import SWISS as STATE
from tournaments.pairing import berger_table, double_round_robin
from tournaments.pairing.simulate import simulate
from tournaments.scoring.crosstable import GameMark, build_crosstable, format_points
from tournaments.scoring.standings import compute_standings
from tournaments.values import Colour, Competitor, RoundResult, ScoringSystem, TournamentState

W, B = Colour.WHITE, Colour.BLACK


def crosstable(state, *, after_round, tiebreaks=(), **options):
    standings = compute_standings(state, tiebreaks=list(tiebreaks), after_round=after_round)
    return build_crosstable(
        state, standings, after_round=after_round, tiebreaks=tiebreaks, **options
    )


def test_swiss_rows_in_final_order_with_opponents_by_rank():
    """The six-player Swiss of tests/tournaments/test_tiebreaks.py: final order 3, 2, 1, 4,
    5, 6 on points then TSOL then SB."""
    table = crosstable(STATE, after_round=3, tiebreaks=("TSOL", "SB"))
    assert [(row.rank, row.number, row.name) for row in table.rows] == [
        (1, 3, "P3"),
        (2, 2, "P2"),
        (3, 1, "P1"),
        (4, 4, "P4"),
        (5, 5, "P5"),
        (6, 6, "P6"),
    ]
    assert [c.label for c in table.tiebreaks] == ["Truncated Solkoff (FMJD)", "Sonneborn-Berger"]
    top = table.rows[0]
    assert [cell.text for cell in top.cells] == ["6w+", "5w2", "3b1"]
    assert top.score == 5 and top.tiebreaks == (Decimal(8), Decimal("8.5"))
    assert [(c.opponent_rank, c.opponent_number, c.colour) for c in top.cells] == [
        (6, 6, W),
        (5, 5, W),
        (3, 1, B),
    ]
    assert [cell.text for cell in table.row_by_number(4).cells] == ["3b0", "U2", "2b0"]
    # Player 6 forfeited round 1, was absent in round 2 and withdrew before round 3 (no
    # entry at all): the missing round is a zero-point bye.
    last = table.row_by_number(6)
    assert [cell.text for cell in last.cells] == ["1b-", "Z0", "Z0"]
    assert last.cells[0].forfeit and last.cells[1].is_bye and last.cells[2].code == "Z"
    assert table.after_round == 3 and table.total_rounds == 3 and not table.square


def test_a_crosstable_complete_to_an_earlier_round():
    table = crosstable(STATE, after_round=1)
    assert all(len(row.cells) == 1 for row in table.rows)
    assert [(row.number, row.score) for row in table.rows[:2]] == [(1, 2), (3, 2)]


def test_cells_are_symmetric_on_a_simulated_swiss():
    """Every played or forfeited cell has its mirror in the opponent's row: same round, this
    row's rank, the other colour; and each row's cells add up to its score."""
    sim = simulate(seed=7, players=30, rounds=6, late_entries=2, withdrawals=2, forfeit_rate=0.1)
    table = crosstable(sim.state, after_round=6, tiebreaks=("BH", "SB", "WON"))
    by_rank = {row.rank: row for row in table.rows}
    assert sorted(by_rank) == list(range(1, 31))
    for row in table.rows:
        assert [cell.round for cell in row.cells] == list(range(1, 7))
        assert sum((cell.points for cell in row.cells), Decimal(0)) == row.score
        for cell in row.cells:
            if cell.is_bye:
                assert cell.colour is None and cell.code in "UHZF"
                continue
            mirror = by_rank[cell.opponent_rank].cells[cell.round - 1]
            assert mirror.opponent_rank == row.rank and mirror.colour == cell.colour.other
    scores = [row.score for row in table.rows]
    assert scores == sorted(scores, reverse=True)


def berger_state(n, schedule, winner, *, games=None):
    """A complete round robin on ``schedule`` (rounds of Pairs): ``winner`` maps a pair to
    the winner's number, other games are drawn."""
    scoring = ScoringSystem()
    results = {number: [] for number in range(1, n + 1)}
    for round_number, boards in enumerate(schedule, start=1):
        for pair in boards:
            won = winner.get((round_number, frozenset({pair.white, pair.black})))
            for me, other, colour in ((pair.white, pair.black, W), (pair.black, pair.white, B)):
                code = "=" if won is None else "1" if won == me else "0"
                results[me].append(
                    RoundResult(round_number, other, colour, code, scoring.points_for(code))
                )
    return TournamentState(
        tuple(Competitor(k, f"P{k}", 2000 - k, results=tuple(v)) for k, v in results.items()),
        len(schedule),
    )


def test_round_robin_square_table():
    """Four players, Berger tables: 2 beats 1 and 4, 1 beats 3, the rest drawn. Final order
    2 (5 points), 1 (3), 3 (2), 4 (2; SB ties with 3, pairing number decides)."""
    schedule = berger_table(4)
    met = {frozenset({p.white, p.black}): n for n, boards in enumerate(schedule, 1) for p in boards}
    winner = {
        (met[frozenset({1, 2})], frozenset({1, 2})): 2,
        (met[frozenset({2, 4})], frozenset({2, 4})): 2,
        (met[frozenset({1, 3})], frozenset({1, 3})): 1,
    }
    table = crosstable(berger_state(4, schedule, winner), after_round=3, square=True)
    assert table.square
    assert [(row.number, row.score) for row in table.rows] == [(2, 5), (1, 3), (3, 2), (4, 2)]
    first = table.rows[0]
    assert [tuple(c.mark for c in cells) for cells in first.against] == [(), ("2",), ("1",), ("2",)]
    second = table.rows[1]
    assert [tuple(c.mark for c in cells) for cells in second.against] == [
        ("0",),
        (),
        ("2",),
        ("1",),
    ]
    assert second.against[0][0].round == met[frozenset({1, 2})]
    # Symmetry: the square's two halves mirror each other.
    for i, row in enumerate(table.rows):
        for j, cells in enumerate(row.against):
            mirror = table.rows[j].against[i]
            assert sorted(c.points for c in cells) == sorted(Decimal(2) - c.points for c in mirror)


def test_double_round_robin_square_holds_both_cycles():
    schedule = double_round_robin(4)
    table = crosstable(berger_state(4, schedule, {}), after_round=6, square=True)
    for i, row in enumerate(table.rows):
        assert row.score == 6
        for j, cells in enumerate(row.against):
            assert len(cells) == (0 if i == j else 2)
            if i != j:
                assert {c.colour for c in cells} == {W, B}
                assert {c.round for c in cells} == {
                    n
                    for n, boards in enumerate(schedule, 1)
                    for p in boards
                    if {p.white, p.black} == {row.number, table.rows[j].number}
                }


def test_square_of_an_unfinished_round_robin_leaves_unplayed_pairs_empty():
    table = crosstable(berger_state(4, berger_table(4)[:1], {}), after_round=1, square=True)
    assert sum(len(cells) for row in table.rows for cells in row.against) == 4


def test_two_games_per_pairing_keep_both_games():
    """Match points: 1 beats 2 (1-0 then a draw: 3 game points to 1, match won), 3 and 4 draw
    the match (each wins one game), 4's first game won by forfeit."""
    scoring = ScoringSystem()
    rows = {
        1: (RoundResult(1, 2, W, "1", Decimal(2)),),
        2: (RoundResult(1, 1, B, "0", Decimal(0)),),
        3: (RoundResult(1, 4, W, "=", Decimal(1)),),
        4: (RoundResult(1, 3, B, "=", Decimal(1)),),
    }
    state = TournamentState(
        tuple(Competitor(n, f"P{n}", 2000 - n, results=rows[n]) for n in rows), 3, scoring
    )
    games = {
        (1, 1): (GameMark(W, "1"), GameMark(B, "=")),
        (2, 1): (GameMark(B, "0"), GameMark(W, "=")),
        (3, 1): (GameMark(W, "-"), GameMark(B, "1")),
        (4, 1): (GameMark(B, "+"), GameMark(W, "0")),
    }
    table = crosstable(state, after_round=1, games=games)
    assert table.two_games
    assert [row.number for row in table.rows] == [1, 3, 4, 2]
    top = table.rows[0].cells[0]
    assert top.text == "4w2" and [g.text for g in top.games] == ["w1", "b="]
    assert [g.text for g in table.row_by_number(4).cells[0].games] == ["b+", "w0"]
    assert not crosstable(state, after_round=1).two_games


def test_standings_must_rank_the_same_players():
    standings = compute_standings(STATE, tiebreaks=[], after_round=3)
    with pytest.raises(ValueError, match=r"missing \[6\], unknown \[\]"):
        build_crosstable(STATE, standings[:-1], after_round=3)
    with pytest.raises(KeyError, match="unknown tie-break 'NOPE'"):
        build_crosstable(STATE, standings, after_round=3, tiebreaks=("NOPE",))
    table = build_crosstable(STATE, standings, after_round=3)
    with pytest.raises(KeyError, match="pairing number 9"):
        table.row_by_number(9)


@pytest.mark.parametrize(
    ("value", "text"), [("2", "2"), ("2.0", "2"), ("1.5", "1.5"), ("10", "10"), ("8.25", "8.25")]
)
def test_format_points(value, text):
    assert format_points(Decimal(value)) == text


def test_docstring_examples():
    assert doctest.testmod(tournaments.scoring.crosstable).failed == 0
